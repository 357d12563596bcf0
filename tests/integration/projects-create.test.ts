import { TABLE_SOURCES } from '../../protocol/tables';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany } from '../support/devices';
import {
  createEnvironment,
  demoCompany,
  footprint,
  ok,
  refused,
  tableExists,
} from '../support/projects';

let t: TestApp;
let admin: string;
let usuario: string;
let companyId: number;
let local: number;

interface Created {
  numero: number;
  pid: string;
  failed: { sql: string; error: string }[];
}

const create = (parameter: Record<string, unknown>, token = admin) =>
  ok<Created>(t, 'createProject', { license: local, numlic: 0, ...parameter }, token);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  usuario = await t.tokenFor('usuario');
  companyId = await demoCompany(t.database.db);
  const environment = await t.database.db
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('system', '=', true)
    .executeTakeFirstOrThrow();
  local = environment.id;
});
afterAll(() => t.close());

describe('createProject', () => {
  it('creates the row, its own schema with the standard tables, and logs it', async () => {
    const created = await create({
      projectname: '  Reparto Norte  ',
      databasename: 'reparto_norte',
      numlic: '25',
      projectType: 'kiosk',
    });
    expect(created.failed).toEqual([]);
    expect(created.pid).toMatch(/^[0-9a-f-]{36}$/);
    const { db } = t.database;
    const row = await db
      .selectFrom('core.projects')
      .selectAll()
      .where('numero', '=', created.numero)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Reparto Norte',
      dbname: 'reparto_norte',
      schema_name: `prj_${created.numero}`,
      licences: 25,
      project_type: 'kiosk',
      environment_id: local,
      deleted: false,
      pid: created.pid,
    });
    for (const table of ['config', 'devices', 'platforms', 'models', 'applications']) {
      expect(await tableExists(db, row.schema_name, table), table).toBe(true);
    }
    const platforms = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.id(row.schema_name, 'platforms')}
    `.execute(db);
    expect(platforms.rows[0].n).toBe(11);
    const log = await db
      .selectFrom('core.actions_log')
      .select(['login', 'detail'])
      .where('action', '=', 'project_created')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ login: 'admin', detail: { project: created.numero } });
    // The creator owns it and finds it at once.
    const access = await ok(t, 'projectAccess', { database: created.numero }, admin);
    expect(access).toMatchObject({ owner: true, devices: { statusDevice: true } });
  });

  it('runs the LDATA statements in the new schema and answers those refused or failed', async () => {
    const ldata = `
      CREATE TABLE clients (id serial PRIMARY KEY, name text NOT NULL UNIQUE);
      INSERT INTO clients (name) VALUES ('Ana; García'), ('Luis');
      CREATE INDEX clients_name_idx ON clients (lower(name));
      COMMENT ON TABLE clients IS $$Clientes; los de siempre$$;
      CREATE TABLE core.evil (x int);
      DROP TABLE devices;
      INSERT INTO missing VALUES (1);
      INSERT INTO clients (name) VALUES ('Luis');
      CREATE VIEW client_names AS SELECT c.name FROM clients c;
    `;
    const created = await create({ projectname: 'Con LDATA', databasename: 'con_ldata', ldata });
    expect(created.failed.map((failure) => failure.sql)).toEqual([
      'CREATE TABLE core.evil (x int)',
      'DROP TABLE devices',
      'INSERT INTO missing VALUES (1)',
      "INSERT INTO clients (name) VALUES ('Luis')",
    ]);
    const [evil, drop, missing, duplicate] = created.failed.map((failure) => failure.error);
    // Numbered as written; the guard's early answers, then PostgreSQL's with their SQLSTATE.
    expect(evil).toMatch(/^Sentencia 5: La sentencia nombra otro esquema \(core\)/);
    expect(drop).toMatch(/^Sentencia 6: Sentencia no admitida/);
    expect(missing).toBe('Sentencia 7 (SQLSTATE 42P01): relation "missing" does not exist');
    expect(duplicate).toMatch(/^Sentencia 8 \(SQLSTATE 23505\): duplicate key/);
    const { db, sandbox } = t.database;
    const schema = `prj_${created.numero}`;
    // The project's own tables belong to its role: read them as that role.
    const clients = await sandbox.run({ numero: created.numero, schema }, (session) =>
      session.query<{ name: string }>('SELECT name FROM client_names ORDER BY name'),
    );
    expect(clients.rows.map((row) => row.name)).toEqual(['Ana; García', 'Luis']);
    expect(await tableExists(db, schema, 'devices')).toBe(true);
    expect(await tableExists(db, 'core', 'evil')).toBe(false);
    const row = await db
      .selectFrom('core.projects')
      .select('ldata')
      .where('numero', '=', created.numero)
      .executeTakeFirstOrThrow();
    expect(row.ldata).toBe(ldata);
    // The search path of the pool's connections is left as it was.
    const path = await sql<{ path: string }>`SELECT current_setting('search_path') AS path`.execute(
      db,
    );
    expect(path.rows[0].path).not.toContain(schema);
  });

  it('stores the LDATA without running it when hasGenerateLDATA is false', async () => {
    const created = await create({
      projectname: 'Sin generar',
      databasename: 'sin_generar',
      ldata: 'CREATE TABLE clients (id int); DROP TABLE devices;',
      hasGenerateLDATA: false,
    });
    expect(created.failed).toEqual([]);
    expect(await tableExists(t.database.db, `prj_${created.numero}`, 'clients')).toBe(false);
  });

  it('refuses every bad input with a clear answer, writing nothing', async () => {
    const other = await createOtherCompany(t.database.db, 'ajeno-create');
    const external = await createEnvironment(t.database.db, {
      companyId,
      name: 'Fuera',
      urlManager: 'https://otro.example',
      urlAuthority: 'https://otro.example/oidc',
      system: false,
    });
    const foreignEnvironment = await createEnvironment(t.database.db, {
      companyId: other.companyId,
      name: 'Suyo',
      urlManager: 'https://suyo.example',
      urlAuthority: t.config.issuer,
      system: true,
    });
    const base = { projectname: 'Nuevo', databasename: 'nuevo' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ projectname: '' }, /^Indique el nombre del proyecto\.$/],
      [{ projectname: '    ' }, /^Indique el nombre del proyecto\.$/],
      [{ projectname: 'x'.repeat(101) }, /como mucho 100 caracteres/],
      [{ projectname: 'demo' }, /^Ya existe un proyecto con ese nombre en su empresa: «demo»\.$/],
      [{ projectname: 'REPARTO NORTE' }, /Ya existe un proyecto con ese nombre/],
      [{ databasename: 'mal-nombre' }, /«mal-nombre» no lo es/],
      [{ databasename: 'ñandú' }, /«ñandú» no lo es/],
      [{ databasename: '1abc' }, /«1abc» no lo es/],
      [{ databasename: 'pg_nuevo' }, /«pg_nuevo» no lo es/],
      [{ databasename: 'a'.repeat(64) }, /no lo es/],
      [{ databasename: '' }, /no lo es/],
      [{ databasename: 'x; DROP SCHEMA core' }, /no lo es/],
      [
        { databasename: 'DEMO' },
        /^Ya existe un proyecto con la base de datos «DEMO» en su empresa\.$/,
      ],
      [{ numlic: -1 }, /entero mayor o igual que 0: «-1» no lo es/],
      [{ numlic: '-3' }, /«-3» no lo es/],
      [{ numlic: 'abc' }, /«abc» no lo es/],
      [{ numlic: 1.5 }, /«1.5» no lo es/],
      [{ numlic: '12x' }, /«12x» no lo es/],
      [{ numlic: 100_000 }, /^No hay más licencias libres en el entorno: quedan \d+\.$/],
      [{ license: external }, /El entorno «Fuera» es externo/],
      [{ license: foreignEnvironment }, /no existe o no pertenece a su empresa/],
      [{ license: 999_999 }, /no existe o no pertenece a su empresa/],
      [
        { ldata: 'CREATE TABLE a (x int);'.repeat(2001) },
        /El LDATA tiene 2001 sentencias: se admiten como mucho 2000\./,
      ],
    ];
    const before = await footprint(t.database.db);
    for (const [change, description] of cases) {
      const parameter = { license: local, numlic: 0, ...base, ...change };
      expect(await refused(t, 'createProject', parameter, admin), JSON.stringify(change)).toMatch(
        description,
      );
    }
    expect(await footprint(t.database.db)).toEqual(before);
  });

  it('answers in English when the caller speaks it', async () => {
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'en' })
      .where('login', '=', 'superadmin')
      .execute();
    const description = await refused(
      t,
      'createProject',
      { projectname: '', databasename: 'x', license: local },
      await t.tokenFor('superadmin'),
    );
    expect(description).toBe('Give the project a name.');
  });

  it('lets only company administrators create projects', async () => {
    const before = await footprint(t.database.db);
    const { body } = await t.call(
      'createProject',
      { projectname: 'De usuario', databasename: 'de_usuario', license: local },
      usuario,
    );
    expect(body.error.code).toBe('403');
    expect(await footprint(t.database.db)).toEqual(before);
  });

  it('keeps to the subscription’s project limit', async () => {
    const other = await createOtherCompany(t.database.db, 'gratis-admin');
    await t.database.db
      .updateTable('core.companies')
      .set({ tier: 'FLOTA_FREE' })
      .where('id', '=', other.companyId)
      .execute();
    const environment = await createEnvironment(t.database.db, {
      companyId: other.companyId,
      name: 'Local',
      urlManager: t.config.PUBLIC_URL,
      urlAuthority: t.config.issuer,
      system: true,
    });
    const description = await refused(
      t,
      'createProject',
      { projectname: 'Segundo', databasename: 'segundo', license: environment },
      await t.tokenFor('gratis-admin'),
    );
    expect(description).toBe('Su suscripción admite 1 proyectos y ya los tiene todos.');
  });

  it('lets exactly one of several simultaneous creations of a name through', async () => {
    const before = await footprint(t.database.db);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        t.call(
          'createProject',
          { projectname: 'Carrera', databasename: `carrera_${n}`, license: local },
          admin,
        ),
      ),
    );
    const codes = answers.map((answer) => answer.body.error.code).sort();
    expect(codes).toEqual(['-1', '-1', '-1', '0']);
    for (const answer of answers.filter((a) => a.body.error.code === '-1')) {
      expect(answer.status).toBe(200);
      expect(answer.body.error.description).toMatch(/Ya existe un proyecto con ese nombre/);
    }
    const sameDbname = await Promise.all(
      ['Uno', 'Dos'].map((name) =>
        t.call(
          'createProject',
          { projectname: `Carrera ${name}`, databasename: 'carrera_db', license: local },
          admin,
        ),
      ),
    );
    expect(sameDbname.map((answer) => answer.body.error.code).sort()).toEqual(['-1', '0']);
    const after = await footprint(t.database.db);
    expect(after.projects).toBe(before.projects + 2);
    // Each project has its schema and its three system sources' (server/tables/sources.ts).
    expect(after.schemas).toBe(before.schemas + 2 * TABLE_SOURCES.length);
  });
});
