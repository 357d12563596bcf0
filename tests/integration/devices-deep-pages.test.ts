import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDevices as insertMany } from '../../bench/devices';
import { DEEP_PAGE_START } from '../../server/services/devices/device-query';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';

let t: TestApp;
let admin: string;
let project: TestProject;

/** The page as a plain OFFSET over the primary key computes it: what the blocks must reproduce. */
async function expected(start: number, length: number, dir: 'asc' | 'desc', platform?: string) {
  const rows = await projectDb(t.database.db, project.schema)
    .selectFrom('devices')
    .select('ID')
    .$if(platform !== undefined, (query) => query.where('DEVICE_TYPE', '=', platform!))
    .orderBy('ID', dir)
    .offset(start)
    .limit(length)
    .execute();
  return rows.map((row) => row.ID);
}

async function page(start: number, length: number, dir: 'asc' | 'desc', platform?: string) {
  const { body } = await t.call(
    'devicesWithPages',
    {
      database: project.numero,
      datatable: { start, length, orderBy: 'ID', orderDir: dir },
      ...(platform ? { platform } : {}),
    },
    admin,
  );
  expect(body.error.code).toBe('0');
  return (body.result.data as { ID: number }[]).map((row) => row.ID);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  project = await demoProject(t.database.db);
  const db = t.database.db;
  const table = sql.id(project.schema, 'devices');
  await insertMany(project.schema, 30_000).execute(db);
  // Gaps, a block emptied, and devices that changed platform: the counts must follow.
  await sql`DELETE FROM ${table} WHERE "ID" % 7 = 0 OR "ID" BETWEEN 8192 AND 12288`.execute(db);
  await sql`UPDATE ${table} SET "DEVICE_TYPE" = 'WEB' WHERE "ID" % 11 = 0`.execute(db);
}, 60_000);
afterAll(() => t.close());

describe('deep pages in ID order (device_id_blocks)', () => {
  const starts = [DEEP_PAGE_START, 10_001, 12_345, 20_000, 22_850];
  it.each(starts)('start %i matches a plain OFFSET, both directions', async (start) => {
    for (const dir of ['asc', 'desc'] as const) {
      expect(await page(start, 100, dir)).toEqual(await expected(start, 100, dir));
    }
  });

  it.each(['ANDROID', 'WEB'])('matches within a platform (%s)', async (platform) => {
    for (const dir of ['asc', 'desc'] as const) {
      const start = platform === 'WEB' ? 10_000 : 11_111;
      const got = await page(start, 50, dir, platform);
      expect(got).toEqual(await expected(start, 50, dir, platform));
    }
  });

  it('answers an empty page past the end, with the total', async () => {
    const { body } = await t.call(
      'devicesWithPages',
      { database: project.numero, datatable: { start: 900_000, length: 100 } },
      admin,
    );
    expect(body.result.data).toEqual([]);
    const remaining = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.id(project.schema, 'devices')}`.execute(t.database.db);
    expect(body.result.total).toBe(remaining.rows[0].n);
  });

  it('keeps the counts equal to the table after inserts, deletes and moves', async () => {
    const counts = await sql<{ type: string; block: number; n: number; actual: number }>`
      SELECT b."DEVICE_TYPE" AS type, b."BLOCK" AS block, b."N" AS n,
             (SELECT count(*)::int FROM ${sql.id(project.schema, 'devices')} d
              WHERE coalesce(d."DEVICE_TYPE", '') = b."DEVICE_TYPE" AND d."ID" / 4096 = b."BLOCK") AS actual
      FROM ${sql.id(project.schema, 'device_id_blocks')} b`.execute(t.database.db);
    expect(counts.rows.length).toBeGreaterThan(10);
    for (const row of counts.rows) expect(row.n).toBe(row.actual);
  });
});
