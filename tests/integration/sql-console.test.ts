import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { callWithShortTimeout } from '../support/short-timeout';
import { createProject, demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused } from '../support/projects';

// The SQL tab of the tables screen (001 §2, issue 16 part 3): tablesData with `each` answers a
// grid per statement; a run the console abandons is cancelled in PostgreSQL and undone.
let t: TestApp;
let project: TestProject;
let other: TestProject;
let admin: string;
let viewer: string;
let url: string;

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
  admin = await t.tokenFor('admin');
  const company = await demoCompany(t.database.db);
  other = await createProject(t.database.db, {
    companyId: company,
    ownerLogin: 'admin',
    name: 'Otro',
  });
  const viewerId = await createUser(t.database.db, company, 'console-viewer');
  await ok(
    t,
    'shareProject',
    {
      database: project.numero,
      userId: viewerId,
      access: markShow(uniformTree(false, false), 'queries', true),
    },
    admin,
  );
  viewer = await t.tokenFor('console-viewer');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  url = `http://127.0.0.1:${address.port}/api/services`;
  await ok(
    t,
    'tablesData',
    {
      database: project.numero,
      filter:
        'CREATE TABLE consola (id int PRIMARY KEY, stock int); INSERT INTO consola VALUES (1, 5), (2, 7)',
    },
    admin,
  );
});
afterAll(() => t.close());

/** The project role's backends running a statement now. */
async function running(): Promise<number> {
  const role = t.database.sandbox.roleName(project.numero);
  const admin = new pg.Client({ connectionString: t.database.adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE usename = $1 AND state = 'active'`,
      [role],
    );
    return rows[0].n;
  } finally {
    await admin.end();
  }
}

describe('free SQL', () => {
  it("answers each statement's result when asked", async () => {
    const result = await ok(
      t,
      'tablesData',
      {
        database: project.numero,
        filter: `SELECT 1 AS uno; SELECT 'b' AS letra, 2 AS dos; UPDATE consola SET stock = stock WHERE false`,
        limit: 10,
        each: true,
      },
      admin,
    );
    expect(result.Statements).toBe(3);
    expect(result.Results.map((r: { n: number; command: string }) => [r.n, r.command])).toEqual([
      [1, 'SELECT'],
      [2, 'SELECT'],
      [3, 'UPDATE'],
    ]);
    expect(result.Results[1].Columns.map((c: { colunName: string }) => c.colunName)).toEqual([
      'letra',
      'dos',
    ]);
    expect(result.Results[1].Datas).toEqual([['b', 2]]);
    expect(result.Results[2].RecordsAffected).toBe(0);
  });

  it('keeps only the last result without `each`', async () => {
    const result = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT 1; SELECT 2 AS dos' },
      admin,
    );
    expect(result.Results).toBeUndefined();
    expect(result.Datas).toEqual([[2]]);
  });

  it('a failing statement names itself and undoes the run', async () => {
    const description = await refused(
      t,
      'tablesData',
      {
        database: project.numero,
        filter: `UPDATE consola SET stock = -4242; SELECT 1/0`,
        each: true,
      },
      admin,
    );
    expect(description).toMatch(/^Sentencia 2 \(SQLSTATE 22012\)/);
    const after = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT count(*) FROM consola WHERE stock = -4242' },
      admin,
    );
    expect(after.Datas).toEqual([[0]]);
  });

  it('a run the console abandons is cancelled in PostgreSQL and its changes undone', async () => {
    const controller = new AbortController();
    const call = fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        operation: 'tablesData',
        parameter: {
          database: project.numero,
          filter: `UPDATE consola SET stock = -777; SELECT pg_sleep(20) AS flota_cancel_me`,
          each: true,
        },
      }),
      signal: controller.signal,
    }).catch((error: Error) => error);
    await expect.poll(() => running(), { timeout: 5_000 }).toBe(1);
    controller.abort();
    expect(await call).toBeInstanceOf(Error);
    await expect.poll(() => running(), { timeout: 5_000 }).toBe(0);
    const after = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT count(*) FROM consola WHERE stock = -777' },
      admin,
    );
    expect(after.Datas).toEqual([[0]]);
  });
});

describe('free SQL cannot leave its project (refused by PostgreSQL)', () => {
  const run = (filter: string, token = admin) =>
    refused(t, 'tablesData', { database: project.numero, filter, each: true }, token);

  it.each([
    [
      'core',
      'SELECT login, password_hash FROM core.users',
      /SQLSTATE 42501\): permission denied for schema core$/,
    ],
    [
      'the server files',
      `SELECT pg_read_file('/etc/passwd')`,
      /SQLSTATE 42501\): permission denied for function pg_read_file/,
    ],
    ['large objects', `SELECT lo_import('/etc/passwd')`, /SQLSTATE 42501/],
    [
      'programs',
      `COPY (SELECT 1) TO PROGRAM 'true'`,
      /SQLSTATE 42501\): .*COPY to or from an external program/,
    ],
  ])('cannot reach %s', async (_what, sql, answer) => {
    expect(await run(sql)).toMatch(answer);
  });

  it('cannot read or forge provision tasks (the file a device downloads)', async () => {
    expect(await run(`UPDATE provision_tasks SET "FILEKEY" = 'x'`)).toMatch(
      /SQLSTATE 42501\): permission denied for table provision_tasks/,
    );
    expect(await run('SELECT * FROM provision_log')).toMatch(/SQLSTATE 42501/);
  });

  it("cannot read another project's schema", async () => {
    expect(await run(`SELECT * FROM ${other.schema}.devices`)).toMatch(
      new RegExp(`SQLSTATE 42501\\): permission denied for schema ${other.schema}`),
    );
  });

  it('runs read-only for a caller without write on node 2', async () => {
    expect(await run('UPDATE consola SET stock = 0', viewer)).toMatch(
      /SQLSTATE 25006\): cannot execute UPDATE in a read-only transaction/,
    );
    const rows = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: 'SELECT id FROM consola ORDER BY id', each: true },
      viewer,
    );
    expect(rows.Datas).toEqual([[1], [2]]);
  });

  it('ends a runaway query with the statement timeout', async () => {
    const { error } = await callWithShortTimeout(t, admin, 'tablesData', {
      database: project.numero,
      filter: 'SELECT 1; SELECT pg_sleep(60)',
      each: true,
    });
    expect(error).toEqual({
      code: '-1',
      description: 'Sentencia 2 (SQLSTATE 57014): canceling statement due to statement timeout',
    });
  });
});
