import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { ReplicaRequest, ReplicaResponse, UpOperation } from '../../protocol/replication';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { compactReplicaCounts } from '../../server/replication/counts';
import { createDemoTables } from '../../server/replication/demo-tables';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, insertDevices, type TestProject } from '../support/devices';
import { ok, refused, userIdOf } from '../support/projects';

// The statistics screen's operations and the activity counters (docs/replication.md,
// "Counters"): every figure is checked against a COUNT of the real tables after each step.

let t: TestApp;
let admin: string;
let usuario: string;
let demo: DemoEnrolmentFile;
let project: TestProject;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  project = { numero: demo.project, schema: `prj_${demo.project}` };
  await createDemoTables(t.database.sandbox, project);
});
afterAll(() => t.close());

const q = (table: string) => sql.id(project.schema, table);

async function enrolled(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return deviceAuthorization(mid, response.json().result.credential);
}

async function sync(authorization: string, body: ReplicaRequest): Promise<ReplicaResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/replica',
    headers: { authorization },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

const visit = (id: number, mid: string): UpOperation => ({
  id,
  time: '2026-11-26T10:00:00.000Z',
  table: 'gen_visitas',
  op: 'insert',
  key: { id: `V-STAT-${mid}-${id}` },
  values: { cliente: 'C-0001', fecha: '2026-11-26', resultado: 'Pedido tomado' },
});

/** The figures counted the slow way, from the tables themselves. */
async function truth() {
  const { rows } = await sql<Record<string, string>>`
    WITH pending AS (SELECT d."MID", count(s."ID") AS n FROM ${q('devices')} d
                     LEFT JOIN ${q('squeue')} s ON s."MID" = d."MID" GROUP BY d."MID")
    SELECT (SELECT count(*) FROM ${q('devices')}) AS "Total",
           (SELECT count(*) FROM ${q('devices')} WHERE "SINCRONISMO" IS NULL) AS "NoReplicate",
           (SELECT count(*) FROM ${q('queue')}) AS "QUEUEOpers",
           (SELECT count(*) FROM ${q('iqueue')}) AS "IQUEUEOpers",
           (SELECT count(*) FROM ${q('squeue')}) AS "SQUEUEOpers",
           count(*) FILTER (WHERE n = 0) AS "ElementsNoOps",
           count(*) FILTER (WHERE n BETWEEN 1 AND 99) AS "ElementsGreen",
           count(*) FILTER (WHERE n BETWEEN 100 AND 1000) AS "ElementsYellow",
           count(*) FILTER (WHERE n > 1000) AS "ElementsRed",
           (SELECT coalesce(max(n), 0) FROM pending) AS "ItsOpersPending"
    FROM pending
  `.execute(t.database.db);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

/**
 * The operations' figures against the truth of a moment the tables held still: a sync wakes the
 * applier, which may commit a batch between the two reads (CI saw it), so the truth is read
 * before and after them, and the comparison waits for both to agree.
 */
async function stillFigures() {
  for (let tries = 1; ; tries++) {
    const real = await truth();
    const activity = await ok(t, 'activitydevices', { database: project.numero }, admin);
    const semaphore = await ok(t, 'getStatisticSemaphore', { database: project.numero }, admin);
    const after = await truth();
    if (JSON.stringify(after) === JSON.stringify(real) || tries === 50) {
      return { real, activity, semaphore };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function expectCountersTrue() {
  const { real, activity, semaphore } = await stillFigures();
  expect(activity).toMatchObject({
    Total: real.Total,
    NoReplicate: real.NoReplicate,
    MoreXPendingOps: real.ElementsRed,
    QUEUEOpers: real.QUEUEOpers,
    IQUEUEOpers: real.IQUEUEOpers,
    SQUEUEOpers: real.SQUEUEOpers,
    ItsOpersPending: real.ItsOpersPending,
  });
  expect(semaphore).toEqual({
    Total: real.Total,
    ElementsGreen: real.ElementsGreen,
    ElementsNoOps: real.ElementsNoOps,
    ElementsYellow: real.ElementsYellow,
    ElementsRed: real.ElementsRed,
  });
  return { activity, semaphore };
}

describe('the counters follow the replication engine', () => {
  it('counts queues, pending operations per device and the colours through syncs, applies and acknowledgements', async () => {
    await expectCountersTrue();
    const ana = await enrolled('stat-ana');
    const luis = await enrolled('stat-luis');
    await expectCountersTrue();

    // Ana sends 120 visits: QUEUE holds them until the applier runs.
    const ops = Array.from({ length: 120 }, (_, i) => visit(i + 1, 'ana'));
    await sync(ana, { operations: ops, limit: 0 });
    await expectCountersTrue();
    await t.app.replication.drain(project);
    // Applied: IQUEUE has them, and every provisioned device (Ana too) has 120 pending: yellow.
    const { activity, semaphore } = await expectCountersTrue();
    expect(activity.IQUEUEOpers).toBeGreaterThanOrEqual(120);
    expect(semaphore.ElementsYellow).toBeGreaterThanOrEqual(2);

    // Luis fetches 100 and acknowledges them: 20 left, green. Ana acknowledges all.
    const fetched = await sync(luis, { limit: 100 });
    await sync(luis, { ack: fetched.operations.at(-1)!.id, limit: 0 });
    let down = await sync(ana, { limit: 1000 });
    while (down.more) down = await sync(ana, { ack: down.operations.at(-1)!.id, limit: 1000 });
    await sync(ana, { ack: down.operations.at(-1)!.id, limit: 0 });
    await expectCountersTrue();
    const pending = await sql<{ MID: string; PENDING: string }>`
      SELECT "MID", "PENDING" FROM ${q('replica_status')} WHERE "MID" IN ('stat-ana', 'stat-luis')
      ORDER BY "MID"`.execute(t.database.db);
    expect(pending.rows.map((r) => [r.MID, Number(r.PENDING)])).toEqual([
      ['stat-ana', 0],
      ['stat-luis', 20],
    ]);
  });

  it('names the device with most pending operations, and follows bulk writes, deletes, truncation and folding', async () => {
    await insertDevices(t.database.db, project.schema, 3, 'STATBIG');
    await sql`
      INSERT INTO ${q('squeue')} ("MID", "IQID")
      SELECT 'STATBIG-' || CASE WHEN i <= 1500 THEN 1 ELSE 2 END, 1
      FROM generate_series(1, 1700) AS i
    `.execute(t.database.db);
    const { activity, semaphore } = await expectCountersTrue();
    expect(activity).toMatchObject({ DeviceMoreOpersPending: 'STATBIG-1', ItsOpersPending: 1500 });
    expect(activity.MoreXPendingOps).toBe(1);
    expect(semaphore.ElementsRed).toBe(1);
    expect(activity.unavailable).toEqual([]);

    await compactReplicaCounts(t.database.db, project.schema);
    const rows = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${q('replica_counts')}`.execute(t.database.db);
    expect(rows.rows[0].n).toBe(1);
    await expectCountersTrue();

    await sql`DELETE FROM ${q('devices')} WHERE "MID" = 'STATBIG-1'`.execute(t.database.db);
    expect((await expectCountersTrue()).activity.DeviceMoreOpersPending).not.toBe('STATBIG-1');
    await sql`UPDATE ${q('devices')} SET "SINCRONISMO" = NULL WHERE "MID" LIKE 'STATBIG-%'`.execute(
      t.database.db,
    );
    await expectCountersTrue();
    await sql`TRUNCATE ${q('squeue')}`.execute(t.database.db);
    await sql`TRUNCATE ${q('iqueue')}`.execute(t.database.db);
    const after = await expectCountersTrue();
    expect(after.activity).toMatchObject({ SQUEUEOpers: 0, DeviceMoreOpersPending: '' });
    expect(after.semaphore.ElementsNoOps).toBe(after.semaphore.Total);
  });
});

describe('getStatisticSemaphore and getStatisticPercent', () => {
  it('answers a queue’s size as a number, and the percentages with green and no-op devices summed', async () => {
    await sql`
      INSERT INTO ${q('squeue')} ("MID", "IQID")
      SELECT 'STATBIG-2', 1 FROM generate_series(1, 150)
    `.execute(t.database.db);
    const call = (filter: unknown) =>
      ok(t, 'getStatisticSemaphore', { database: project.numero, filter }, admin);
    expect(await call('SQUEUE')).toBe(150);
    expect(await call({ table: 'SQUEUE' })).toBe(150);
    expect(await call('QUEUE')).toBe(0);
    const semaphore = await call('semaphore');
    expect(semaphore.ElementsYellow).toBe(1);
    const percent = await ok(t, 'getStatisticPercent', { database: project.numero }, admin);
    expect(percent).toEqual({
      Total: semaphore.Total,
      Green: Math.round(
        ((semaphore.ElementsGreen + semaphore.ElementsNoOps) * 100) / semaphore.Total,
      ),
      Yellow: Math.round(100 / semaphore.Total),
      Red: 0,
    });
  });

  it('answers zeros for a project without devices', async () => {
    const other = await createOtherCompany(t.database.db, 'stat-other');
    const token = await t.tokenFor('stat-other');
    expect(await ok(t, 'getStatisticSemaphore', { database: other.numero }, token)).toEqual({
      Total: 0,
      ElementsGreen: 0,
      ElementsNoOps: 0,
      ElementsYellow: 0,
      ElementsRed: 0,
    });
    expect(await ok(t, 'getStatisticPercent', { database: other.numero }, token)).toEqual({
      Total: 0,
      Green: 0,
      Yellow: 0,
      Red: 0,
    });
    // …and refuses that company's project to this one's administrator.
    const stranger = await t.call('getStatisticSemaphore', { database: other.numero }, admin);
    expect(stranger.body.error.code).not.toBe('0');
    expect(stranger.body.error.description).not.toMatch(/at |Error/);
  });

  it('refuses a bad filter and a bad database with the envelope', async () => {
    for (const filter of ['IQUEUE', 'devices; DROP TABLE x', { table: 'gen_visitas' }, 42]) {
      const answer = await t.call(
        'getStatisticSemaphore',
        { database: project.numero, filter },
        admin,
      );
      expect(answer.body.error.code).not.toBe('0');
      expect(answer.body.error.description).toMatch(/filter/);
    }
    expect(await refused(t, 'getStatisticPercent', { database: 'x' }, admin)).toMatch(/database/);
    expect(await refused(t, 'getStatisticPercent', {}, admin)).toMatch(/database/);
  });

  it('needs the project tree’s Statistics node', async () => {
    const usuarioId = await userIdOf(t.database.db, 'usuario');
    const withoutStatistics = markShow(uniformTree(true, true), 'statistics', false);
    await ok(
      t,
      'saveUserProjectAccess',
      { idusr: usuarioId, database: project.numero, access: withoutStatistics },
      admin,
    );
    // The dashboard's counters are the Devices node's: still there.
    await ok(t, 'activitydevices', { database: project.numero }, usuario);
    for (const operation of ['getStatisticSemaphore', 'getStatisticPercent']) {
      const denied = await t.call(operation, { database: project.numero }, usuario);
      expect(denied.status).toBe(403);
      expect(denied.body.error.description).toBe('Su usuario no tiene permiso para esta acción.');
    }
    const withStatistics = markShow(uniformTree(false, false), 'statistics', true);
    await ok(
      t,
      'saveUserProjectAccess',
      { idusr: usuarioId, database: project.numero, access: withStatistics },
      admin,
    );
    expect(
      await ok(t, 'getStatisticSemaphore', { database: project.numero, filter: 'QUEUE' }, usuario),
    ).toBe(0);
  });
});
