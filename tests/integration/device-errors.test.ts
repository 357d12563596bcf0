import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { projectDb } from '../../server/db/project-schema';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, insertDevices } from '../support/devices';

let t: TestApp;
let demo: DemoEnrolmentFile;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
});
afterAll(() => t.close());

const schema = () => projectSchemaName(demo.project);

/** An enrolled device's Authorization header. */
async function enrolled(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return deviceAuthorization(mid, response.json().result.credential);
}

function checkin(authorization: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/checkin',
    headers: { authorization },
    payload: body,
  });
}

/** Replication error n, n minutes after 10:00 on 22 November 2026. */
const replicationError = (n: number, description = 'UNIQUE constraint failed: gen_pedidos.ID') => ({
  time: new Date(Date.UTC(2026, 10, 22, 10, n)).toISOString(),
  sql: `INSERT INTO gen_pedidos (ID, CLIENTE, IMPORTE) VALUES (${n}, 'C-${n}', 12.5)`,
  description,
});

const errorLogs = (mid: string, datatable?: Record<string, unknown>, database = demo.project) =>
  t.call('deviceErrorLogs', { database, mid, ...(datatable ? { datatable } : {}) }, admin);

async function storedCount(mid: string): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.id(schema(), 'device_errors')} WHERE "MID" = ${mid}
  `.execute(t.database.db);
  return row.rows[0].n;
}

describe('error logs reported in check-ins', () => {
  it('stores them and pages them newest first', async () => {
    const auth = await enrolled('errors-good-1');
    // Sent out of order, over two check-ins: the pages follow TIMESTAMP, not arrival.
    expect(
      (await checkin(auth, { errors: [3, 1, 6].map((n) => replicationError(n)) })).statusCode,
    ).toBe(200);
    const second = await checkin(auth, {
      battery: { level: 50, charging: false },
      errors: [replicationError(2, 'database is locked'), replicationError(5), replicationError(4)],
    });
    expect(second.statusCode).toBe(200);

    const first = await errorLogs('errors-good-1');
    expect(first.body.error.code).toBe('0');
    expect(first.body.result.total).toBe(6);
    // Five rows unless asked otherwise (001 §9).
    expect(first.body.result.data.map((row: { CGSSQL: string }) => row.CGSSQL)).toEqual(
      [6, 5, 4, 3, 2].map((n) => replicationError(n).sql),
    );
    expect(first.body.result.data[0]).toEqual({
      ID: expect.any(Number),
      mid: 'errors-good-1',
      TIMESTAMP: '2026-11-22T10:06:00.000Z',
      CGSSQL: replicationError(6).sql,
      DESCRIPTION: 'UNIQUE constraint failed: gen_pedidos.ID',
    });
    const next = await errorLogs('errors-good-1', { start: 4, length: 5 });
    expect(next.body.result).toMatchObject({
      total: 6,
      data: [{ DESCRIPTION: 'database is locked' }, { TIMESTAMP: '2026-11-22T10:01:00.000Z' }],
    });
  });

  it('answers the logs tab through deviceData: the last command and the first error page', async () => {
    const answer = await t.call(
      'deviceData',
      { database: demo.project, mid: 'errors-good-1', data: 'logs' },
      admin,
    );
    expect(answer.body.error.code).toBe('0');
    expect(answer.body.result.commandLog).toEqual({
      CMDTIME: null,
      LASTCMD: null,
      LASTERROR: null,
    });
    expect(answer.body.result.errors.total).toBe(6);
    expect(answer.body.result.errors.data).toHaveLength(5);
  });

  it('refuses a bad errors list with 400 and the protocol error, and writes nothing', async () => {
    const auth = await enrolled('errors-bad-1');
    const bad = [
      [{ ...replicationError(1), time: 'yesterday' }],
      [{ ...replicationError(1), sql: 'x'.repeat(4001) }],
      [{ ...replicationError(1), description: '' }],
      [{ time: replicationError(1).time, sql: 'SELECT 1' }],
      Array.from({ length: 51 }, (_, n) => replicationError(n)),
      'database is locked',
    ];
    for (const errors of bad) {
      const response = await checkin(auth, { battery: { level: 20, charging: true }, errors });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.result).toBeNull();
      expect(body.error.code).toBe('-1');
      expect(body.error.description).toMatch(/^Cuerpo no válido: errors/);
    }
    expect(await storedCount('errors-bad-1')).toBe(0);
    const device = await projectDb(t.database.db, schema())
      .selectFrom('devices')
      .select('SINCRONISMO')
      .where('MID', '=', 'errors-bad-1')
      .executeTakeFirstOrThrow();
    expect(device.SINCRONISMO).toBeNull();
  });

  it("refuses another project's device", async () => {
    const other = await createOtherCompany(t.database.db, 'errorsother');
    await insertDevices(t.database.db, other.schema, 1, 'ERROTHER');
    const wrongProject = await errorLogs('ERROTHER-1');
    expect(wrongProject.body.error).toEqual({
      code: '-1',
      description: `No existe en el proyecto «Demo» el dispositivo con MID ERROTHER-1.`,
    });
    const foreign = await errorLogs('ERROTHER-1', undefined, other.numero);
    expect(foreign.body.error.description).toMatch(/no existe o no pertenece a su empresa/);
    const viaTab = await t.call(
      'deviceData',
      { database: demo.project, mid: 'ERROTHER-1', data: 'logs' },
      admin,
    );
    expect(viaTab.body.error.code).toBe('-1');
  });

  it('keeps the newest 500 per device', async () => {
    const auth = await enrolled('errors-cap-1');
    // 11 check-ins of 50: 550 errors, minutes 0 to 549.
    for (let batch = 0; batch < 11; batch++) {
      const errors = Array.from({ length: 50 }, (_, i) => replicationError(batch * 50 + i));
      expect((await checkin(auth, { errors })).statusCode).toBe(200);
    }
    expect(await storedCount('errors-cap-1')).toBe(500);
    const oldest = await errorLogs('errors-cap-1', {
      start: 0,
      length: 1,
      orderBy: 'TIMESTAMP',
      orderDir: 'asc',
    });
    expect(oldest.body.result.data[0].CGSSQL).toBe(replicationError(50).sql);
    // An error older than all 500 kept is itself the one dropped; a newer one replaces the oldest.
    await checkin(auth, { errors: [replicationError(1), replicationError(600)] });
    expect(await storedCount('errors-cap-1')).toBe(500);
    const page = await errorLogs('errors-cap-1', { start: 499, length: 5 });
    expect(page.body.result.total).toBe(500);
    expect(page.body.result.data.map((row: { CGSSQL: string }) => row.CGSSQL)).toEqual([
      replicationError(51).sql,
    ]);
    const newest = await errorLogs('errors-cap-1', { start: 0, length: 1 });
    expect(newest.body.result.data[0].CGSSQL).toBe(replicationError(600).sql);
    // Other devices keep theirs.
    expect(await storedCount('errors-good-1')).toBe(6);
  });

  it('writes the errors of a batch of check-ins from several devices together', async () => {
    const auths = await Promise.all(
      Array.from({ length: 8 }, (_, i) => enrolled(`errors-batch-${i}`)),
    );
    const answers = await Promise.all(
      auths.map((auth, i) =>
        checkin(auth, i % 2 ? { errors: [replicationError(i), replicationError(i + 10)] } : {}),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const counts = await Promise.all(auths.map((_, i) => storedCount(`errors-batch-${i}`)));
    expect(counts).toEqual([0, 2, 0, 2, 0, 2, 0, 2]);
  });

  it('deletes the error logs with the device', async () => {
    await sql`DELETE FROM ${sql.id(schema(), 'devices')} WHERE "MID" = 'errors-batch-1'`.execute(
      t.database.db,
    );
    expect(await storedCount('errors-batch-1')).toBe(0);
  });
});

describe('the declared list device-errors (protocol/resources/device-errors.ts)', () => {
  const list = (parameter: Record<string, unknown>) =>
    t.call('deviceErrorLogs', { database: demo.project, ...parameter }, admin);
  const sqls = (answer: Awaited<ReturnType<typeof list>>) =>
    answer.body.result.data.map((row: { CGSSQL: string }) => row.CGSSQL);

  it('takes {datatable, filter: {mid}}: paged and sorted in SQL, with the total', async () => {
    const oldest = await list({
      datatable: { start: 0, length: 2, orderBy: 'TIMESTAMP', orderDir: 'asc' },
      filter: { mid: 'errors-good-1' },
    });
    expect(oldest.body.result.total).toBe(6);
    expect(sqls(oldest)).toEqual([1, 2].map((n) => replicationError(n).sql));
    expect(oldest.body.result.data[0].mid).toBe('errors-good-1');
    const up = await list({
      datatable: { start: 0, length: 6, orderBy: 'DESCRIPTION', orderDir: 'asc' },
      filter: { mid: 'errors-good-1' },
    });
    const down = await list({
      datatable: { start: 0, length: 6, orderBy: 'DESCRIPTION', orderDir: 'desc' },
      filter: { mid: 'errors-good-1' },
    });
    const descriptions = (answer: typeof up) =>
      answer.body.result.data.map((row: { DESCRIPTION: string }) => row.DESCRIPTION);
    expect(descriptions(up)).toEqual([...descriptions(down)].reverse());
    expect(new Set([descriptions(up)[0], descriptions(up)[5]]).has('database is locked')).toBe(
      true,
    );
  });

  it('searches the SQL and the description as typed, wildcards included', async () => {
    const page = { start: 0, length: 10 };
    const locked = await list({ datatable: page, filter: { mid: 'errors-good-1', q: 'LOCKED' } });
    expect(locked.body.result.total).toBe(1);
    const bySql = await list({ datatable: page, filter: { mid: 'errors-good-1', q: "'C-3'" } });
    expect(sqls(bySql)).toEqual([replicationError(3).sql]);
    const wildcard = await list({ datatable: page, filter: { mid: 'errors-good-1', q: '%' } });
    expect(wildcard.body.result.total).toBe(0);
  });

  it("lists the project's errors when the filter names no device, and needs a device otherwise", async () => {
    const all = await list({ datatable: { start: 0, length: 5000 }, filter: {} });
    expect(all.body.result.total).toBeGreaterThanOrEqual(506);
    const mids = new Set(all.body.result.data.map((row: { mid: string }) => row.mid));
    expect(mids.has('errors-good-1') && mids.has('errors-cap-1')).toBe(true);
    const none = await list({ datatable: { start: 0, length: 5 } });
    expect(none.body.error.description).toBe(
      'Indique el dispositivo de la lista: su MID, en mid o en filter.mid.',
    );
    const unknown = await list({ datatable: { start: 0, length: 5 }, filter: { mid: 'nope-1' } });
    expect(unknown.body.error.description).toBe(
      `No existe en el proyecto «Demo» el dispositivo con MID nope-1.`,
    );
  });

  it('is served over REST at /api/rest/projects/<n>/device-errors', async () => {
    const query = new URLSearchParams({
      filter: JSON.stringify({ mid: 'errors-good-1' }),
      range: '[0,1]',
      sort: '["TIMESTAMP","DESC"]',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/rest/projects/${demo.project}/device-errors?${query}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('device-errors 0-1/6');
    const rows = response.json();
    expect(rows.map((row: { CGSSQL: string }) => row.CGSSQL)).toEqual(
      [6, 5].map((n) => replicationError(n).sql),
    );
    expect(rows[0].id).toBe(rows[0].ID);
  });
});
