import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { createDemoTables } from '../../server/replication/demo-tables';
import { buildTestApp, type TestApp } from '../support/app';
import { callWithShortTimeout } from '../support/short-timeout';
import { createProject, type TestProject } from '../support/devices';
import { demoCompany, refused } from '../support/projects';

// A selection criteria runs as the project's role, READ ONLY, and PostgreSQL refuses what leaves
// the project (docs/security.md): each answer carries PostgreSQL's own SQLSTATE and message.
let t: TestApp;
let project: TestProject;
let other: TestProject;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const demo: DemoEnrolmentFile = JSON.parse(
    fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'),
  );
  project = { numero: demo.project, schema: `prj_${demo.project}` };
  await createDemoTables(t.database.sandbox, project);
  const company = await demoCompany(t.database.db);
  other = await createProject(t.database.db, {
    companyId: company,
    ownerLogin: 'admin',
    name: 'Otro',
  });
  await t.database.sandbox.run(other, (s) =>
    s.query("CREATE TABLE gen_secreta (id text PRIMARY KEY); INSERT INTO gen_secreta VALUES ('s')"),
  );
  admin = await t.tokenFor('admin');
});
afterAll(() => t.close());

const data = (STATEMENT: string) => ({ TABLENAME: 'gen_clientes', STATEMENT });
const test = (STATEMENT: string) =>
  refused(t, 'callDB', { database: project.numero, data: data(STATEMENT) }, admin);
const save = (STATEMENT: string) =>
  refused(
    t,
    'UpdateAST',
    { database: project.numero, data: { ...data(STATEMENT), ALWAYS: 0 } },
    admin,
  );

describe('selection criteria cannot leave their project', () => {
  it('cannot read core', async () => {
    const statement = 'SELECT id FROM gen_clientes WHERE id IN (SELECT login FROM core.users)';
    for (const answer of [await test(statement), await save(statement)]) {
      expect(answer).toMatch(
        /^Error en consulta: .*SQLSTATE 42501.*permission denied for schema core/,
      );
    }
  });

  it('cannot read another project', async () => {
    expect(
      await test(
        `SELECT id FROM gen_clientes WHERE id IN (SELECT id FROM ${other.schema}.gen_secreta)`,
      ),
    ).toMatch(/SQLSTATE 42501.*permission denied for schema prj_/);
  });

  it('cannot read the server’s files', async () => {
    expect(
      await test("SELECT id FROM gen_clientes WHERE id = pg_read_file('/etc/passwd')"),
    ).toMatch(/SQLSTATE 42501.*permission denied for function pg_read_file/);
  });

  it('cannot sneak a second statement or break out of the engine’s wrapping', async () => {
    expect(await test('SELECT id FROM gen_clientes; SELECT pg_sleep(1)')).toBe(
      'Consulta no permitida',
    );
    expect(await test("SELECT id FROM gen_clientes WHERE 'a' = 'a'\\; SELECT 1")).toMatch(
      /^(Consulta no permitida|Error en consulta)/,
    );
    expect(await test('SELECT id FROM gen_clientes) flota_sel WHERE true OR (SELECT 1')).toMatch(
      /^Error en consulta: .*SQLSTATE 42601/,
    );
    // A function that writes is refused by the READ ONLY transaction.
    expect(await test("SELECT id FROM gen_clientes WHERE nextval('gen_x_seq') > 0")).toMatch(
      /^Error en consulta: .*SQLSTATE (42P01|25006)/,
    );
    const saved = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.id(project.schema, 'selection')}`.execute(t.database.db);
    expect(saved.rows[0].n).toBe(0);
  });

  it('a runaway criteria is ended by the statement timeout', async () => {
    const { error } = await callWithShortTimeout(t, admin, 'callDB', {
      database: project.numero,
      data: data('SELECT id FROM gen_clientes WHERE pg_sleep(60) IS NULL'),
    });
    expect(error.description).toMatch(/^Error en consulta: .*SQLSTATE 57014/);
  });
});
