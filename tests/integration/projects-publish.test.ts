import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, insertDevices, type TestProject } from '../support/devices';
import { createEnvironment, demoCompany, footprint, ok, refused } from '../support/projects';

let t: TestApp;
/** Another Flota server, listening on a port: the external environment. */
let second: TestApp;
let admin: string;
let companyId: number;
let demo: TestProject;
let production: number;
let remote: number;

async function copyOf(db: TestApp['database']['db'], numero: number) {
  const row = await db
    .selectFrom('core.projects')
    .selectAll()
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
  const pdb = projectDb(db, row.schema_name);
  return {
    row,
    config: await pdb.selectFrom('config').selectAll().orderBy('KEYNAME').execute(),
    models: (await pdb.selectFrom('models').select('MODEL').orderBy('MODEL').execute()).map(
      (m) => m.MODEL,
    ),
    applications: (
      await pdb.selectFrom('applications').select('NAME').orderBy('NAME').execute()
    ).map((a) => a.NAME),
    inactive: (
      await pdb.selectFrom('platforms').select('PLATFORM').where('ACTIVE', '=', false).execute()
    ).map((p) => p.PLATFORM),
    devices: Number(
      (
        await pdb
          .selectFrom('devices')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

beforeAll(async () => {
  [t, second] = await Promise.all([
    buildTestApp(),
    buildTestApp({ PUBLIC_URL: 'http://127.0.0.1:8090' }),
  ]);
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = second.app.server.address() as AddressInfo;
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  companyId = await demoCompany(db);
  demo = await demoProject(db);
  await insertDevices(db, demo.schema, 5);
  const pdb = projectDb(db, demo.schema);
  await pdb
    .insertInto('config')
    .values([
      { KEYNAME: 'DATEORDER', KEYVALUE: 'dmy', IDCATEGORY: 1, TIPO: 1 },
      { KEYNAME: 'MAXOPS', KEYVALUE: '500', IDCATEGORY: 2, TIPO: 5 },
    ])
    .execute();
  await pdb.updateTable('platforms').set({ ACTIVE: false }).where('PLATFORM', '=', 'WP7').execute();
  await db
    .updateTable('core.projects')
    .set({ ldata: 'CREATE TABLE rutas (id serial PRIMARY KEY, nombre text);' })
    .where('numero', '=', demo.numero)
    .execute();
  production = await createEnvironment(db, {
    companyId,
    name: 'Producción',
    urlManager: t.config.PUBLIC_URL,
    urlAuthority: t.config.issuer,
    system: true,
  });
  remote = await createEnvironment(db, {
    companyId,
    name: 'Remoto',
    urlManager: `http://127.0.0.1:${port}`,
    urlAuthority: second.config.issuer,
    system: false,
  });
});
afterAll(() => Promise.all([t.close(), second.close()]));

describe('projectDefinition', () => {
  it('answers the names, LDATA, configuration, platforms with models, and applications', async () => {
    const definition = await ok(t, 'projectDefinition', { database: demo.numero }, admin);
    expect(definition).toMatchObject({
      format: 1,
      name: 'Demo',
      dbname: 'demo',
      projectType: 'mam',
      ldata: 'CREATE TABLE rutas (id serial PRIMARY KEY, nombre text);',
      applications: ['Flota Ventas', 'Flota Reparto'],
    });
    // Beside the project's replicator settings, seeded by its migrations (docs/replication.md).
    expect(definition.config).toEqual(
      expect.arrayContaining([
        { KEYNAME: 'DATEORDER', KEYVALUE: 'dmy', IDCATEGORY: 1, TIPO: 1 },
        { KEYNAME: 'MAXOPS', KEYVALUE: '500', IDCATEGORY: 2, TIPO: 5 },
      ]),
    );
    expect(definition.platforms).toHaveLength(11);
    expect(definition.platforms[0]).toMatchObject({ PLATFORM: 'ANDROID', ACTIVE: true });
    expect(definition.platforms[0].models).toContain('Pixel 8');
    expect(JSON.stringify(definition)).not.toContain('DEV-1');
  });

  it('is refused to a user the project is shared with read-only', async () => {
    expect(
      await refused(t, 'projectDefinition', { database: demo.numero }, await t.tokenFor('usuario')),
    ).toMatch(/^No puede publicar el proyecto/);
  });
});

describe('publishProject to a system environment of this server', () => {
  it('makes a local copy with the configuration and platforms but no devices', async () => {
    const result = await ok(
      t,
      'publishProject',
      { database: demo.numero, environment: production },
      admin,
    );
    expect(result).toMatchObject({ database: demo.numero, environment: production, local: true });
    const { db } = t.database;
    const [source, copy] = await Promise.all([copyOf(db, demo.numero), copyOf(db, result.numero)]);
    expect(copy.row).toMatchObject({
      name: 'Demo (Producción)',
      dbname: `demo_${production}`,
      environment_id: production,
      licences: 0,
      deleted: false,
    });
    const owner = await db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(copy.row.owner_id).toBe(owner.id);
    expect(copy.config).toEqual(source.config);
    expect(copy.models).toEqual(source.models);
    expect(copy.applications).toEqual(source.applications);
    expect(copy.inactive).toEqual(['WP7']);
    expect(source.devices).toBe(5);
    expect(copy.devices).toBe(0);
    // Its LDATA ran there too.
    const rutas = await sql<{ found: boolean }>`
      SELECT to_regclass(${`${copy.row.schema_name}.rutas`}) IS NOT NULL AS found
    `.execute(db);
    expect(rutas.rows[0].found).toBe(true);
    const publication = await db
      .selectFrom('core.project_publications')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(publication).toMatchObject({
      numero: demo.numero,
      environment_id: production,
      remote_numero: result.numero,
      published_by: owner.id,
    });
  });

  it('refuses a second copy under the same names, writing nothing', async () => {
    const before = await footprint(t.database.db);
    expect(
      await refused(t, 'publishProject', { database: demo.numero, environment: production }, admin),
    ).toBe('Ya existe un proyecto con ese nombre en su empresa: «Demo (Producción)».');
    expect(await footprint(t.database.db)).toEqual(before);
  });
});

describe('publishProject to an external environment', () => {
  const projectsOf = (app: TestApp) =>
    app.database.db.selectFrom('core.projects').select(['numero', 'name', 'owner_id']).execute();

  it("copies the project to the other server through its manager API, as the caller's user there", async () => {
    const token = await second.tokenFor('admin');
    const result = await ok(
      t,
      'publishProject',
      {
        database: demo.numero,
        environment: remote,
        accessToken: token,
        name: 'Demo publicado',
        dbname: 'demo_publicado',
      },
      admin,
    );
    expect(result).toMatchObject({ environment: remote, local: false });
    const theirs = await copyOf(second.database.db, result.numero);
    expect(theirs.row).toMatchObject({
      name: 'Demo publicado',
      dbname: 'demo_publicado',
      licences: 0,
    });
    const theirAdmin = await second.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(theirs.row.owner_id).toBe(theirAdmin.id);
    const source = await copyOf(t.database.db, demo.numero);
    expect(theirs.config).toEqual(source.config);
    expect(theirs.inactive).toEqual(['WP7']);
    expect(theirs.devices).toBe(0);
    const published = await t.database.db
      .selectFrom('core.project_publications')
      .selectAll()
      .where('environment_id', '=', remote)
      .executeTakeFirstOrThrow();
    expect(published.remote_numero).toBe(result.numero);
  });

  it("passes on the other server's own refusal", async () => {
    // Its demo company has a "Demo" already.
    expect(
      await refused(
        t,
        'publishProject',
        { database: demo.numero, environment: remote, accessToken: await second.tokenFor('admin') },
        admin,
      ),
    ).toBe(
      'El entorno «Remoto» rechazó la publicación: Ya existe un proyecto con ese nombre en su empresa: «Demo».',
    );
  });

  it('refuses a bad token, a missing one, an ordinary user there and an unreachable server, writing nothing', async () => {
    const before = { here: await footprint(t.database.db), there: await projectsOf(second) };
    const unreachable = await createEnvironment(t.database.db, {
      companyId,
      name: 'Apagado',
      urlManager: 'http://127.0.0.1:9',
      urlAuthority: 'http://127.0.0.1:9/oidc',
      system: false,
    });
    const afterCreate = await footprint(t.database.db);
    const publish = (parameter: Record<string, unknown>) =>
      refused(
        t,
        'publishProject',
        { database: demo.numero, name: 'Otro', dbname: 'otro', ...parameter },
        admin,
      );
    expect(await publish({ environment: remote, accessToken: 'not-a-token' })).toBe(
      'No puede acceder al entorno «Remoto»: el servidor no acepta sus credenciales; conéctese a él de nuevo.',
    );
    expect(await publish({ environment: remote, accessToken: await t.tokenFor('admin') })).toMatch(
      /^No puede acceder al entorno «Remoto»: el servidor no acepta sus credenciales/,
    );
    expect(await publish({ environment: remote })).toMatch(/^No puede acceder al entorno «Remoto»/);
    expect(
      await publish({ environment: remote, accessToken: await second.tokenFor('usuario') }),
    ).toBe('No puede acceder al entorno «Remoto»: Su usuario no tiene permiso para esta acción.');
    expect(await publish({ environment: unreachable, accessToken: 'x' })).toBe(
      'No puede acceder al entorno «Apagado»: el servidor no responde.',
    );
    expect(await footprint(t.database.db)).toEqual(afterCreate);
    expect(afterCreate.projects).toBe(before.here.projects);
    expect(await projectsOf(second)).toEqual(before.there);
  });

  it("refuses another company's environment and a user without the publish permission", async () => {
    const other = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Otra', tier: 'FLOTA_PRO' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await createEnvironment(t.database.db, {
      companyId: other.id,
      name: 'Suyo',
      urlManager: 'https://suyo.example',
      urlAuthority: 'https://suyo.example/oidc',
      system: false,
    });
    expect(
      await refused(t, 'publishProject', { database: demo.numero, environment: theirs }, admin),
    ).toMatch(/no existe o no pertenece a su empresa/);
    expect(
      await refused(
        t,
        'publishProject',
        { database: demo.numero, environment: production },
        await t.tokenFor('usuario'),
      ),
    ).toMatch(/^No puede publicar el proyecto/);
  });
});

describe('importProject', () => {
  it('is for company administrators, and checks the definition like a creation', async () => {
    const definition = { name: '', dbname: 'x' };
    const { body } = await t.call('importProject', { definition }, await t.tokenFor('usuario'));
    expect(body.error.code).toBe('403');
    expect(await refused(t, 'importProject', { definition }, admin)).toBe(
      'Indique el nombre del proyecto.',
    );
    expect(
      await refused(t, 'importProject', { definition: { name: 'Y', dbname: 'mal nombre' } }, admin),
    ).toMatch(/«mal nombre» no lo es/);
  });
});
