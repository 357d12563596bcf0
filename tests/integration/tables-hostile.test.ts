import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  createProject,
  demoProject,
  type TestProject,
} from '../support/devices';
import { demoCompany, ok } from '../support/projects';

/**
 * The table browser and the record editor against hostile input (docs/data-tools.md): names
 * are checked against the catalogue and quoted, and what SQL runs, runs as the project's role,
 * so reading core, another project or writing a system source fails in PostgreSQL itself.
 */
let t: TestApp;
let project: TestProject;
let other: TestProject;
let admin: string;

const asProject = (text: string) =>
  t.database.sandbox.run(project, async (s) => (await s.query(text)).rows);

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
  admin = await t.tokenFor('admin');
  const stranger = await createOtherCompany(t.database.db, 'hostile-tables');
  other = stranger;
  await asProject(`
    CREATE TABLE "we""ird; table" ("a""b" integer PRIMARY KEY, "x; DROP TABLE y" text);
    INSERT INTO "we""ird; table" VALUES (1, 'uno'), (2, 'dos');
    CREATE TABLE hostile_keep (id integer PRIMARY KEY, v text);
    INSERT INTO hostile_keep VALUES (1, 'keep');`);
});
afterAll(() => t.close());

const call = (operation: string, parameter: Record<string, unknown>) =>
  t.call(operation, { database: project.numero, ...parameter }, admin);

const sqlError = async (filter: string, source = 'project') => {
  const { body } = await call('tablesData', { filter, source });
  expect(body.error.code, filter).toBe('-1');
  return body.error.description as string;
};

describe('identifier injection', () => {
  it('reads a table of any name through `table`, its columns quoted', async () => {
    const page = await ok(
      t,
      'tablesData',
      {
        database: project.numero,
        filter: '',
        table: 'we"ird; table',
        datatable: { orderBy: 'a"b', orderDir: 'desc' },
        rowfilter: { 'x; DROP TABLE y': 'o' },
      },
      admin,
    );
    expect(page.Datas).toEqual([
      [2, 'dos'],
      [1, 'uno'],
    ]);
  });

  it('refuses table, column, sort and filter names that are not the catalogue’s', async () => {
    const names = [
      'hostile_keep"; DROP TABLE hostile_keep; --',
      'hostile_keep WHERE false',
      '../core.users',
      'core.users',
    ];
    for (const name of names) {
      const { body } = await call('tablesColumns', { filter: name });
      expect(body.error.description).toBe(
        `La tabla ${name} no existe en la base de datos project.`,
      );
      const grid = await call('tablesData', { filter: '', table: name });
      expect(grid.body.error.code).toBe('-1');
      const update = await call('updateTableData', {
        filter: name,
        action: 'delete',
        data: { id: 1 },
      });
      expect(update.body.error.code).toBe('-1');
    }
    const sort = await call('tablesData', {
      filter: 'hostile_keep',
      datatable: { orderBy: 'id; DROP TABLE hostile_keep' },
    });
    expect(sort.body.error.description).toMatch(/^No se puede ordenar por/);
    const filter = await call('tablesData', {
      filter: 'hostile_keep',
      rowfilter: { 'v) OR (1=1': 'x' },
    });
    expect(filter.body.error.description).toMatch(/^No se puede filtrar por la columna/);
    const change = await call('updateTableData', {
      filter: 'hostile_keep',
      action: 'edit',
      data: { id: 1 },
      changes: { 'v = v; DROP TABLE hostile_keep; --': 'x' },
    });
    expect(change.body.error.description).toMatch(/no existe en la tabla hostile_keep/);
    const value = await ok(
      t,
      'updateTableData',
      {
        database: project.numero,
        filter: 'hostile_keep',
        action: 'edit',
        data: { id: 1 },
        changes: { v: `'); DROP TABLE hostile_keep; --` },
      },
      admin,
    );
    expect(value.row.v).toBe(`'); DROP TABLE hostile_keep; --`);
    expect(await asProject('SELECT count(*)::int AS n FROM hostile_keep')).toEqual([{ n: 1 }]);
  });

  it('refuses the application’s own relations of the schema (the reports)', async () => {
    expect((await call('tablesColumns', { filter: 'reports' })).body.error.code).toBe('-1');
    expect(await sqlError('SELECT * FROM reports')).toMatch(/SQLSTATE 42501/);
  });
});

describe('system sources', () => {
  it('show the company’s rows only, no secrets', async () => {
    const users = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'users', source: 'IDS' },
      admin,
    );
    const logins = users.Datas.map((row: unknown[]) => row[1]);
    expect(logins).toContain('admin');
    expect(logins).not.toContain('hostile-tables');
    const columns = users.Columns.map((c: { colunName: string }) => c.colunName);
    expect(columns).not.toContain('password_hash');
    const clients = await ok(
      t,
      'tablesColumns',
      { database: project.numero, filter: 'identity_clients', source: 'IDS' },
      admin,
    );
    expect(clients.map((c: { COLUMN_NAME: string }) => c.COLUMN_NAME)).not.toContain(
      'sealed_secret',
    );
    const projects = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT numero FROM projects', source: 'manager' },
      admin,
    );
    expect(projects.Datas.flat()).not.toContain(other.numero);
  });

  it('cannot read core, another project or another source’s schema: PostgreSQL refuses', async () => {
    for (const source of ['IDS', 'manager', 'replicator', 'project']) {
      for (const text of [
        'SELECT * FROM core.users',
        'SELECT password_hash FROM core.users',
        `SELECT * FROM ${other.schema}.devices`,
        `SELECT * FROM ${other.schema}_ids.users`,
        `SELECT * FROM ${other.schema}_manager.projects`,
        'SELECT * FROM core.identity_clients',
      ]) {
        expect(await sqlError(text, source), `${source}: ${text}`).toMatch(/SQLSTATE 42501/);
      }
    }
  });

  it('cannot be written, not even by a caller with write on the queries node', async () => {
    const attempts = [
      `UPDATE users SET email = 'x@x'`,
      `DELETE FROM projects`,
      `INSERT INTO queue ("MID") VALUES ('x')`,
      `CREATE TABLE planted (id int)`,
      `SET TRANSACTION READ WRITE; UPDATE users SET email = 'x@x'`,
      `COMMIT; UPDATE users SET email = 'x@x'`,
    ];
    for (const text of attempts) {
      for (const source of ['IDS', 'manager', 'replicator']) {
        const description = await sqlError(text, source);
        expect(description, `${source}: ${text}`).not.toBe('');
      }
    }
    // Outside the read-only transaction, privilege alone refuses: the role may only SELECT.
    for (const statement of [
      `UPDATE ${project.schema}_ids.users SET email = 'x@x'`,
      `DELETE FROM ${project.schema}_manager.projects`,
      `CREATE TABLE ${project.schema}_ids.planted (id int)`,
      `CREATE OR REPLACE VIEW ${project.schema}_ids.users AS SELECT * FROM core.users`,
      `ALTER VIEW ${project.schema}_replicator.queue RENAME TO q`,
    ]) {
      await expect(asProject(statement), statement).rejects.toMatchObject({
        code: expect.stringMatching(/^(42501|42P07)$/),
      });
    }
    const rows = await asProject(`SELECT count(*)::int AS n FROM ${project.schema}_ids.users`);
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('updateTableData never reaches a system source', async () => {
    for (const filter of ['users', `${project.schema}_ids.users`]) {
      const { body } = await call('updateTableData', {
        filter,
        action: 'delete',
        data: { id: 1 },
      });
      expect(body.error.description).toBe(
        `La tabla ${filter} no existe en la base de datos project.`,
      );
    }
  });
});

describe('another project', () => {
  it('its tables are not reached through this project’s database number', async () => {
    const theirs = await createProject(t.database.db, {
      companyId: await demoCompany(t.database.db),
      ownerLogin: 'admin',
      name: 'Otro proyecto tablas',
    });
    await t.database.sandbox.run(theirs, (s) => s.query('CREATE TABLE secret_rows (id int)'));
    const { body } = await call('tablesColumns', { filter: 'secret_rows' });
    expect(body.error.code).toBe('-1');
    expect(await sqlError(`SELECT * FROM ${theirs.schema}.secret_rows`)).toMatch(/42501/);
  });
});
