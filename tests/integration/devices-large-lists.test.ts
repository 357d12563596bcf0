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
  // Statistics, as autovacuum would gather them, for the plans the index test reads.
  await sql`ANALYZE ${table}`.execute(db);
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

type Sort = { orderBy: 'ID' | 'SINCRONISMO' | 'OWNER'; orderDir: 'asc' | 'desc' };

/** The page and total of an OWNER filter as plain ILIKE, OFFSET and count(*) compute them. */
async function filteredExpected(pattern: string, sort: Sort, start: number, length: number) {
  const table = sql.id(project.schema, 'devices');
  const dir = sql.raw(sort.orderDir);
  const where = sql`WHERE "OWNER" ILIKE ${pattern}`;
  const page = await sql<{ ID: number }>`
    SELECT "ID" FROM ${table} ${where}
    ORDER BY ${sql.ref(sort.orderBy)} ${dir}, "ID" ${dir} OFFSET ${start} LIMIT ${length}`.execute(
    t.database.db,
  );
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table} ${where}`.execute(
    t.database.db,
  );
  return { ids: page.rows.map((row) => row.ID), total: total.rows[0].n };
}

async function filteredPage(value: string, operator: number, sort: Sort, start: number) {
  const { body } = await t.call(
    'devicesWithPages',
    {
      database: project.numero,
      datatable: { start, length: 100, ...sort },
      rowfilter: { OWNER: value },
      rowfilteroper: { OWNER: operator },
    },
    admin,
  );
  expect(body.error.code).toBe('0');
  return {
    ids: (body.result.data as { ID: number }[]).map((row) => row.ID),
    total: body.result.total as number,
  };
}

describe('text filters: lower() LIKE lower(), served by trigram indexes on lower()', () => {
  const sorts: Sort[] = [
    { orderBy: 'ID', orderDir: 'asc' },
    { orderBy: 'SINCRONISMO', orderDir: 'desc' },
    { orderBy: 'OWNER', orderDir: 'asc' },
  ];

  it.each(sorts)('answers what ILIKE answers, by $orderBy $orderDir', async (sort) => {
    const { total } = await filteredExpected('%garc%', sort, 0, 1);
    expect(total).toBeGreaterThan(300);
    for (const start of [0, total - 30, total + 500]) {
      const want = await filteredExpected('%garc%', sort, start, 100);
      expect(await filteredPage('GARC', 1, sort, start)).toEqual(want);
    }
  });

  it('folds accented capitals as ILIKE does, for contains and equals', async () => {
    const sort: Sort = { orderBy: 'ID', orderDir: 'asc' };
    const want = await filteredExpected('%núñez%', sort, 0, 100);
    expect(want.total).toBeGreaterThan(0);
    expect(await filteredPage('NÚÑEZ', 1, sort, 0)).toEqual(want);
    const owner = await sql<{ OWNER: string }>`
      SELECT "OWNER" FROM ${sql.id(project.schema, 'devices')} WHERE "OWNER" ILIKE '%núñez%'
      ORDER BY "ID" LIMIT 1`.execute(t.database.db);
    const exact = await filteredExpected(
      owner.rows[0].OWNER.replace(/[%_\\]/g, '\\$&'),
      sort,
      0,
      100,
    );
    expect(await filteredPage(owner.rows[0].OWNER.toUpperCase(), 5, sort, 0)).toEqual(exact);
  });

  it('serves OWNER, OWNER with DEVICE_TYPE, and MID from the indexes on lower()', async () => {
    const cases = [
      { where: sql`lower("OWNER") LIKE lower(${'%garc%'})`, index: 'devices_type_owner_trgm' },
      {
        where: sql`lower("OWNER") LIKE lower(${'%garc%'}) AND lower("DEVICE_TYPE") = lower(${'iphone'})`,
        index: 'devices_type_owner_trgm',
      },
      { where: sql`lower("MID") LIKE lower(${'%12345%'})`, index: 'devices_mid_lower_trgm' },
    ];
    // One connection, so that the planner settings hold for the EXPLAINs; only bitmap scans are
    // left, as a large fleet would choose them.
    await t.database.db.connection().execute(async (db) => {
      await sql`SET enable_seqscan = off`.execute(db);
      await sql`SET enable_indexscan = off`.execute(db);
      await sql`SET enable_indexonlyscan = off`.execute(db);
      for (const { where, index } of cases) {
        const plan = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT count(*) FROM ${sql.id(project.schema, 'devices')} WHERE ${where}`.execute(
          db,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(index);
      }
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) {
        await sql`RESET ${sql.raw(setting)}`.execute(db);
      }
    });
  });
});
