import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlSandbox, SANDBOX_LIMITS } from '../../server/db/sandbox';
import { buildTestApp, type TestApp } from '../support/app';

// SQL a person writes runs as its project's own role (server/db/sandbox.ts, docs/security.md).
// Every attack here passed the word guard of ldata.ts on the main of 2026-11-22 and ran as the
// superuser; the guard is bypassed on purpose (escaped names), so PostgreSQL itself must refuse.

let t: TestApp;
let admin: string;
let numero: number;
let local: number;

interface Failure {
  sql: string;
  error: string;
}

async function createProject(name: string, ldata: string) {
  const { body } = await t.call(
    'createProject',
    { projectname: name, databasename: name.toLowerCase(), ldata, license: local, numlic: 0 },
    admin,
  );
  expect(body.error.code).toBe('0');
  return body.result as { numero: number; failed: Failure[] };
}

async function asSuperuser<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.database.adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const snapshot = () =>
  asSuperuser(async (client) => {
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM core.users) AS users,
              (SELECT string_agg(password_hash, ',' ORDER BY id) FROM core.users) AS hashes,
              (SELECT count(*) FROM pg_namespace WHERE nspname !~ '^prj_') AS schemas,
              (SELECT count(*) FROM pg_largeobject_metadata) AS large_objects`,
    );
    return rows[0];
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  const environment = await t.database.db
    .selectFrom('core.environments')
    .select('id')
    .where('system', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  local = environment.id;
  ({ numero } = await createProject('Base', 'CREATE TABLE notes (id int)'));
});
afterAll(() => t.close());

describe('LDATA runs as the project role', () => {
  it('refuses, through PostgreSQL, every way out of the project that passed the guard', async () => {
    const before = await snapshot();
    const outside = path.join(os.tmpdir(), `flota-sandbox-${process.pid}.txt`);
    const attacks = [
      // Unicode-escaped identifiers: U&"\0063ore" is core.
      String.raw`CREATE TABLE U&"\0063ore".evil (x int)`,
      String.raw`INSERT INTO U&"\0063ore".users (login, password_hash) VALUES ('intruder', 'x')`,
      String.raw`CREATE TABLE hashes AS SELECT login, password_hash FROM U&"\0063ore".users`,
      // A function that runs a query given as text.
      `CREATE TABLE words AS SELECT * FROM ts_stat('SELECT to_tsvector(password_hash) FROM ' || chr(99) || 'ore.users')`,
      // Large objects: read a server file, write one.
      String.raw`CREATE TABLE passwd AS SELECT U&"\006Co_import"('/etc/passwd') AS oid`,
      String.raw`CREATE TABLE written AS SELECT U&"\006Co_export"(U&"\006Co_from_bytea"(0, 'x'), '${outside}') AS done`,
      // Server files and settings.
      String.raw`CREATE TABLE passwd2 AS SELECT U&"\0070g_read_file"('/etc/passwd') AS body`,
      `CREATE TABLE prog (x text); COPY prog FROM PROGRAM 'id'`,
      // The public schema and another project's schema.
      String.raw`CREATE TABLE U&"\0070ublic".evil (x int)`,
      String.raw`CREATE TABLE stolen AS SELECT * FROM U&"\0070rj_${numero}".notes`,
    ];
    const { numero: attacker, failed } = await createProject('Atacante', attacks.join(';\n'));
    const errors = failed.map((failure) => failure.error);
    // Every attack fails (CREATE TABLE prog runs; COPY … FROM PROGRAM is answered by the guard).
    expect(errors).toHaveLength(attacks.length);
    for (const error of errors.filter((text) => text.includes('SQLSTATE'))) {
      // insufficient_privilege, or an undefined function / table the role cannot see.
      expect(error).toMatch(/SQLSTATE (42501|42883)\)/);
    }
    expect(errors.filter((text) => text.includes('SQLSTATE 42501')).length).toBeGreaterThanOrEqual(
      8,
    );
    // Nothing changed outside the project, nothing was read, no file was written.
    expect(await snapshot()).toEqual(before);
    expect(fs.existsSync(outside)).toBe(false);
    const tables = await t.database.sandbox.run(
      { numero: attacker, schema: `prj_${attacker}` },
      (session) =>
        session.query<{ name: string }>(
          `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tableowner = session_user`,
        ),
    );
    expect(tables.rows.map((row) => row.name)).toEqual(['prog']);
  });

  it('logs in as a role of its own, with no way back to a privileged one', async () => {
    const sandbox = t.database.sandbox;
    const role = sandbox.roleName(numero);
    const seen = await sandbox.run({ numero, schema: `prj_${numero}` }, async (session) => {
      const who = await session.query(`SELECT session_user AS s, current_user AS c`);
      await session.query('RESET ROLE');
      const after = await session.query(`SELECT current_user AS c`);
      const settings = await session.query(
        `SELECT current_setting('search_path') AS path,
                current_setting('statement_timeout') AS statement,
                current_setting('lock_timeout') AS lock,
                current_setting('idle_in_transaction_session_timeout') AS idle,
                current_setting('temp_file_limit') AS temp`,
      );
      return { who: who.rows[0], after: after.rows[0].c, settings: settings.rows[0] };
    });
    expect(seen.who).toEqual({ s: role, c: role });
    expect(seen.after).toBe(role);
    expect(seen.settings).toEqual({
      path: `prj_${numero}`,
      statement: '30s',
      lock: '5s',
      idle: '1min',
      temp: '512MB',
    });
    await expect(
      sandbox.run({ numero, schema: `prj_${numero}` }, (session) =>
        session.query(
          `SET ROLE ${pg.escapeIdentifier(t.database.url.split('//')[1].split(':')[0])}`,
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      sandbox.run({ numero, schema: `prj_${numero}` }, (session) =>
        session.query('SET SESSION AUTHORIZATION postgres'),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('gives the role nothing beyond its project', async () => {
    const role = t.database.sandbox.roleName(numero);
    const rights = await asSuperuser(async (client) => {
      const { rows } = await client.query(
        `SELECT r.rolsuper, r.rolcreaterole, r.rolcreatedb, r.rolreplication, r.rolbypassrls,
                r.rolconnlimit,
                (SELECT count(*) FROM pg_auth_members m WHERE m.member = r.oid)::int AS memberships,
                has_schema_privilege(r.rolname, 'core', 'USAGE') AS core,
                has_schema_privilege(r.rolname, 'public', 'USAGE') AS public_usage,
                has_schema_privilege(r.rolname, 'public', 'CREATE') AS public_create,
                has_schema_privilege(r.rolname, $2, 'USAGE') AS own_usage,
                has_schema_privilege(r.rolname, $2, 'CREATE') AS own_create,
                pg_has_role(r.rolname, 'pg_read_server_files', 'MEMBER') AS read_files,
                pg_has_role(r.rolname, 'pg_write_server_files', 'MEMBER') AS write_files,
                pg_has_role(r.rolname, 'pg_execute_server_program', 'MEMBER') AS programs,
                (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = $2) AS schema_owner
         FROM pg_roles r WHERE r.rolname = $1`,
        [role, `prj_${numero}`],
      );
      return rows[0];
    });
    expect(rights).toEqual({
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolreplication: false,
      rolbypassrls: false,
      rolconnlimit: SANDBOX_LIMITS.connectionLimit,
      memberships: 0,
      core: false,
      public_usage: false,
      public_create: false,
      own_usage: true,
      own_create: true,
      read_files: false,
      write_files: false,
      programs: false,
      // The application owns the schema and its standard tables: the role cannot drop them.
      schema_owner: expect.not.stringMatching(role),
    });
    const other = await createProject('Otro', '');
    const otherSchema = await asSuperuser(async (client) => {
      const { rows } = await client.query(`SELECT has_schema_privilege($1, $2, 'USAGE') AS usage`, [
        role,
        `prj_${other.numero}`,
      ]);
      return rows[0].usage;
    });
    expect(otherSchema).toBe(false);
  });

  it('cannot drop or alter the standard tables the application relies on', async () => {
    const { numero: project, failed } = await createProject(
      'Destructor',
      [
        'ALTER TABLE devices ADD COLUMN x int',
        'CREATE INDEX spy ON devices ("MID")',
        `ALTER TABLE devices RENAME TO devices_old`,
      ].join(';'),
    );
    expect(failed.map((failure) => failure.error)).toEqual([
      expect.stringMatching(/^Sentencia 1 \(SQLSTATE 42501\): must be owner of table devices/),
      expect.stringMatching(/^Sentencia 2 \(SQLSTATE 42501\): must be owner of table devices/),
      expect.stringMatching(/^Sentencia 3 \(SQLSTATE 42501\): must be owner of table devices/),
    ]);
    // Nor hang a trigger of its own on them, which would run as whoever writes a device.
    const schema = `prj_${project}`;
    await t.database.sandbox.run({ numero: project, schema }, (session) =>
      session.query(
        `CREATE FUNCTION spy() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
      ),
    );
    await expect(
      t.database.sandbox.run({ numero: project, schema }, (session) =>
        session.query(
          'CREATE TRIGGER spy BEFORE INSERT ON devices FOR EACH ROW EXECUTE FUNCTION spy()',
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    // It still reads and writes their rows, as the project's SQL tools will.
    const count = await t.database.sandbox.run(
      { numero: project, schema: `prj_${project}` },
      (session) => session.query<{ n: number }>('SELECT count(*)::int AS n FROM devices'),
    );
    expect(count.rows[0].n).toBe(0);
  });

  it('ends a statement that switched its timeout off, from outside', async () => {
    const sandbox = createSqlSandbox({
      db: t.database.db,
      appUrl: t.database.url,
      adminUrl: t.database.adminUrl,
      limits: { statementTimeoutMs: 300, watchdogGraceMs: 300 },
    });
    try {
      const started = Date.now();
      await expect(
        sandbox.run({ numero, schema: `prj_${numero}` }, async (session) => {
          await session.query('SET statement_timeout = 0');
          await session.query('SELECT pg_sleep(20)');
        }),
      ).rejects.toThrow(/terminat/);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The next call gets a working connection.
      const ok = await sandbox.run({ numero, schema: `prj_${numero}` }, (session) =>
        session.query<{ one: number }>('SELECT 1 AS one'),
      );
      expect(ok.rows[0].one).toBe(1);
    } finally {
      await sandbox.close();
    }
  });

  it('takes its role back when a statement changed the role password', async () => {
    const schema = `prj_${numero}`;
    await t.database.sandbox.run({ numero, schema }, (session) =>
      session.query(`ALTER ROLE CURRENT_USER PASSWORD 'taken-over'`),
    );
    // Another node (a new sandbox) logs in all the same: the password is reset from the key.
    const sandbox = createSqlSandbox({
      db: t.database.db,
      appUrl: t.database.url,
      adminUrl: t.database.adminUrl,
    });
    try {
      const ok = await sandbox.run({ numero, schema }, (session) =>
        session.query<{ one: number }>('SELECT 1 AS one'),
      );
      expect(ok.rows[0].one).toBe(1);
    } finally {
      await sandbox.close();
    }
  });

  it('lets several nodes prepare one project role at once', async () => {
    // Nodes starting together each reset the role and give its grants: they take turns, or
    // PostgreSQL refuses the second change of one catalog row ("tuple concurrently updated").
    const schema = `prj_${numero}`;
    const nodes = Array.from({ length: 5 }, () =>
      createSqlSandbox({
        db: t.database.db,
        appUrl: t.database.url,
        adminUrl: t.database.adminUrl,
        // Room for every node's connection (the role's cap is cluster-wide, docs/operations.md).
        limits: { connectionLimit: 10 },
      }),
    );
    try {
      const runs = await Promise.allSettled(
        nodes.map((sandbox) =>
          sandbox.run({ numero, schema }, (session) => session.query('SELECT 1')),
        ),
      );
      expect(runs.filter((run) => run.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(nodes.map((sandbox) => sandbox.close()));
    }
  });

  it('drops the role with the project when it is purged', async () => {
    const { numero: gone } = await createProject('Purgado', '');
    const role = t.database.sandbox.roleName(gone);
    await sql`UPDATE core.projects SET deleted = true, datedeleted = now() - interval '60 days' WHERE numero = ${gone}`.execute(
      t.database.db,
    );
    const { purgeDeletedProjects } = await import('../../server/projects/purge');
    expect(
      await purgeDeletedProjects(t.database.db, new Date(), undefined, t.database.sandbox),
    ).toContain(gone);
    const left = await asSuperuser((client) =>
      client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]),
    );
    expect(left.rowCount).toBe(0);
  });
});
