import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { callWithShortTimeout } from '../support/short-timeout';
import { createProject, demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused } from '../support/projects';

// Everything here is refused by PostgreSQL, not by a text filter: each answer carries the
// SQLSTATE PostgreSQL gave (docs/security.md, "The SQL sandbox").
let t: TestApp;
let project: TestProject;
let other: TestProject;
let admin: string;
let viewer: string;

/** Runs SQL through a saved report, as reports run: its answer's description. */
async function throughReport(sql: string, token = admin): Promise<string> {
  const report = await ok(
    t,
    'SaveReport',
    { DBNumber: project.numero, ID: -1, Title: 'hostil', SQL: sql },
    admin,
  );
  return refused(t, 'runReport', { database: project.numero, ID: report.ID }, token);
}

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
  const company = await demoCompany(t.database.db);
  other = await createProject(t.database.db, {
    companyId: company,
    ownerLogin: 'admin',
    name: 'Otro',
  });
  admin = await t.tokenFor('admin');
  const viewerId = await createUser(t.database.db, company, 'hostile-viewer');
  await ok(
    t,
    'shareProject',
    {
      database: project.numero,
      userId: viewerId,
      access: markShow(uniformTree(false, false), 'reports', true),
    },
    admin,
  );
  viewer = await t.tokenFor('hostile-viewer');
});
afterAll(() => t.close());

describe('reports cannot leave their project', () => {
  it('cannot read core', async () => {
    expect(await throughReport('SELECT login, password_hash FROM core.users')).toMatch(
      /^Sentencia 1 \(SQLSTATE 42501\): permission denied for schema core$/,
    );
  });

  it("cannot read another project's schema, even the same owner's", async () => {
    expect(await throughReport(`SELECT * FROM ${other.schema}.devices`)).toMatch(
      new RegExp(`SQLSTATE 42501\\): permission denied for schema ${other.schema}`),
    );
  });

  it('cannot read or change the saved reports themselves', async () => {
    expect(await throughReport('SELECT "SQL" FROM reports')).toMatch(
      /SQLSTATE 42501\): permission denied for table reports/,
    );
  });

  it("cannot read the server's files", async () => {
    expect(await throughReport(`SELECT pg_read_file('/etc/passwd')`)).toMatch(
      /SQLSTATE 42501\): permission denied for function pg_read_file/,
    );
    expect(await throughReport(`SELECT lo_import('/etc/passwd')`)).toMatch(/SQLSTATE 42501/);
    const target = path.join(os.tmpdir(), `flota-report-${process.pid}`);
    expect(await throughReport(`COPY (SELECT 1) TO PROGRAM 'touch ${target}'`)).toMatch(
      // PostgreSQL 16 and later say "permission denied to COPY…", 15 "must be superuser or…".
      /SQLSTATE 42501\): .*COPY to or from an external program/,
    );
  });

  it('cannot write in a read-only run, nor end the read-only transaction to write after it', async () => {
    expect(await throughReport(`UPDATE devices SET "OWNER" = 'x'`, viewer)).toMatch(
      /SQLSTATE 25006\): cannot execute UPDATE in a read-only transaction/,
    );
    expect(await throughReport(`COMMIT; UPDATE devices SET "OWNER" = 'x'`, viewer)).toBe(
      'La sentencia 1 terminó la transacción de solo lectura; las siguientes no se ejecutan.',
    );
    expect(await throughReport(`SET TRANSACTION READ WRITE`, viewer)).toMatch(/SQLSTATE 25001/);
    const owners = await ok(
      t,
      'tablesData',
      { database: project.numero, filter: `SELECT count(*)::int FROM devices WHERE "OWNER" = 'x'` },
      admin,
    );
    expect(owners.Datas).toEqual([[0]]);
  });

  it('ends a runaway query with the statement timeout', async () => {
    const report = await ok(
      t,
      'SaveReport',
      { DBNumber: project.numero, ID: -1, Title: 'lento', SQL: 'SELECT pg_sleep(60)' },
      admin,
    );
    const { error, ms } = await callWithShortTimeout(t, admin, 'runReport', {
      database: project.numero,
      ID: report.ID,
    });
    expect(error).toEqual({
      code: '-1',
      description: 'Sentencia 1 (SQLSTATE 57014): canceling statement due to statement timeout',
    });
    expect(ms).toBeLessThan(10_000);
  });
});
