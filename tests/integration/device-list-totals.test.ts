import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDevices as insertMany } from '../../bench/devices';
import { COUNT_CAP } from '../../server/services/devices/list-total';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';

// The device list's total is exact up to a cap and "more than" it past it (docs/decisions.md,
// "Device list totals"); selections the trigger-kept counts answer stay exact whatever their size.

let t: TestApp;
let admin: string;
let project: TestProject;
const DEVICES = 3 * COUNT_CAP;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  project = await demoProject(t.database.db);
  await insertMany(project.schema, DEVICES).execute(t.database.db);
  await sql`ANALYZE ${sql.id(project.schema, 'devices')}`.execute(t.database.db);
}, 60_000);
afterAll(() => t.close());

async function list(parameter: Record<string, unknown>) {
  const { body } = await t.call(
    'devicesWithPages',
    { database: project.numero, ...parameter },
    admin,
  );
  expect(body.error.code).toBe('0');
  return body.result as { data: { ID: number }[]; total: number; totalCapped?: true };
}

async function exact(where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.id(project.schema, 'devices')} WHERE ${where}`.execute(
    t.database.db,
  );
  return rows[0].n;
}

describe('device list totals', () => {
  it('are exact without a filter, by platform and for enabled devices', async () => {
    const all = await list({});
    expect(all.total).toBe(await exact(sql`true`));
    expect(all.totalCapped).toBeUndefined();
    const android = await list({ platform: 'ANDROID' });
    expect(android.total).toBe(await exact(sql`"DEVICE_TYPE" = 'ANDROID'`));
    expect(android.total).toBeGreaterThan(COUNT_CAP);
    expect(android.totalCapped).toBeUndefined();
    expect((await list({ status: 4 })).totalCapped).toBeUndefined();
  });

  it('are exact when a filter matches up to the cap', async () => {
    const garc = await list({ rowfilter: { OWNER: 'garc' }, rowfilteroper: { OWNER: 1 } });
    expect(garc.total).toBe(await exact(sql`"OWNER" ILIKE '%garc%'`));
    expect(garc.total).toBeLessThanOrEqual(COUNT_CAP);
    expect(garc.totalCapped).toBeUndefined();
  });

  it('say "more than the cap" past it, with the page itself complete', async () => {
    const contains = await list({ rowfilter: { OWNER: 'a' }, rowfilteroper: { OWNER: 1 } });
    expect(await exact(sql`"OWNER" ILIKE '%a%'`)).toBeGreaterThan(COUNT_CAP);
    expect(contains).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(contains.data).toHaveLength(100);
    const notSynced = await list({ status: 1 });
    expect(notSynced).toMatchObject({ total: COUNT_CAP, totalCapped: true });
  });

  it('grow with the page asked for, and are exact again on the last pages', async () => {
    const matches = await exact(sql`"OWNER" ILIKE '%a%'`);
    const deep = await list({
      rowfilter: { OWNER: 'a' },
      rowfilteroper: { OWNER: 1 },
      datatable: { start: COUNT_CAP, length: 100 },
    });
    // Past the first cap the count goes on to the next step, so the next page is known to exist.
    expect(deep.total).toBe(Math.min(matches, 2 * COUNT_CAP));
    expect(deep.total).toBeGreaterThan(COUNT_CAP + 100);
    const last = await list({
      rowfilter: { OWNER: 'a' },
      rowfilteroper: { OWNER: 1 },
      datatable: { start: matches - 10, length: 100 },
    });
    expect(last.total).toBe(matches);
    expect(last.totalCapped).toBeUndefined();
    expect(last.data).toHaveLength(10);
  });
});
