import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAnchors } from '../../server/engine/page-anchors';
import { buildTestApp, type TestApp } from '../support/app';
import { addCustomEntity, label } from '../support/custom-entity';

// An engine list's deep pages and capped totals (docs/resources.md, "Speed"): a page from the
// thousandth row on takes its keys and its total from one walk of the sort's index; a "contains"
// whose value fills the cap in the table's first pages stops there. The rows and totals must be
// those of a plain ORDER BY … OFFSET and of an exact count capped as the device list's.

let t: TestApp;
let token: string;
let table: string;
const ROWS = 2_600;
const CITIES = ['Madrid', 'Sevilla'];

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.tokenFor('admin');
  await addCustomEntity(
    t,
    token,
    'parcels',
    { one: ['Paquete', 'Parcel'], many: ['Paquetes', 'Parcels'] },
    [
      { name: 'name', type: 'text', label: label('Nombre', 'Name'), required: true },
      { name: 'city', type: 'text', label: label('Ciudad', 'City') },
      { name: 'weight', type: 'integer', label: label('Peso', 'Weight') },
    ],
  );
  const entity = await t.database.db
    .selectFrom('core.custom_entities')
    .select(['table', 'company_id'])
    .where('name', '=', 'parcels')
    .executeTakeFirstOrThrow();
  table = entity.table;
  // Names out of id order, repeated weights (ties broken by id), one weight in ten left empty.
  await sql`
    INSERT INTO ${sql.table(`core.${table}`)} (company_id, name, city, weight)
    SELECT ${entity.company_id}, 'Parcel ' || lpad(((i * 7919) % ${ROWS})::text, 5, '0'),
           (${sql.val(CITIES)}::text[])[1 + i % 2], CASE WHEN i % 10 = 0 THEN NULL ELSE i % 37 END
    FROM generate_series(1, ${ROWS}::int) AS i
  `.execute(t.database.db);
  await sql`ANALYZE ${sql.table(`core.${table}`)}`.execute(t.database.db);
});
afterAll(async () => t?.close());

async function list(parameter: Record<string, unknown>) {
  const { body } = await t.call('customRecordsList', { entity: 'parcels', ...parameter }, token);
  expect(body.error.code).toBe('0');
  return body.result as { data: { id: number }[]; total: number; totalCapped?: true };
}

/** The ids of a page as plain SQL orders them. */
async function expected(order: string, start: number, length = 100, where = 'true') {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM ${sql.table(`core.${table}`)} WHERE ${sql.raw(where)}
    ORDER BY ${sql.raw(order)} OFFSET ${start} LIMIT ${length}`.execute(t.database.db);
  return rows.map((row) => Number(row.id));
}

describe('engine list: deep pages', () => {
  it('answers the rows of a plain OFFSET and the capped total, in both directions', async () => {
    for (const [start, total, capped] of [
      [1_000, 2_000, true],
      [1_900, 2_600, false],
      [2_550, 2_600, false],
    ] as const) {
      const page = await list({ datatable: { start, length: 100, orderBy: 'name' } });
      expect(page.data.map((row) => row.id)).toEqual(await expected('lower(name), id', start));
      expect([page.total, page.totalCapped === true]).toEqual([total, capped]);
    }
    const desc = await list({
      datatable: { start: 1_200, length: 50, orderBy: 'weight', orderDir: 'desc' },
    });
    expect(desc.data.map((row) => row.id)).toEqual(
      await expected('weight DESC, id DESC', 1_200, 50),
    );
  });

  it('counts the rows of a page past the end, and of a filtered deep page', async () => {
    const past = await list({ datatable: { start: 3_000, length: 100 } });
    expect(past).toMatchObject({ data: [], total: 2_600 });
    expect(past.totalCapped).toBeUndefined();
    const seville = await list({
      datatable: { start: 1_000, length: 100, orderBy: 'weight' },
      rowfilter: { city: 'sevilla' },
      rowfilteroper: { city: 5 },
    });
    expect(seville.data.map((row) => row.id)).toEqual(
      await expected('weight, id', 1_000, 100, "lower(city) = 'sevilla'"),
    );
    expect(seville.total).toBe(ROWS / 2);
  });
});

describe('engine list: the total of a "contains"', () => {
  it('is "more than" the cap for a common value, exact for a rare one', async () => {
    const common = await list({ rowfilter: { city: 'vill' }, rowfilteroper: { city: 1 } });
    expect([common.total, common.totalCapped]).toEqual([1_000, true]);
    expect(common.data.map((row) => row.id)).toEqual(
      await expected('lower(name), id', 0, 100, "lower(city) LIKE '%vill%'"),
    );
    const rare = await list({ rowfilter: { name: '0012' }, rowfilteroper: { name: 1 } });
    expect(rare.total).toBe((await expected('id', 0, 10_000, "lower(name) LIKE '%0012%'")).length);
    expect(rare.totalCapped).toBeUndefined();
  });
});

describe('engine list: deep pages from anchors', () => {
  const orders = [
    ['name', 'asc', 'lower(name), id'],
    ['weight', 'desc', 'weight DESC, id DESC'],
    ['weight', 'asc', 'weight, id'],
  ] as const;

  async function pagesMatch(starts: number[]) {
    for (const [orderBy, orderDir, order] of orders) {
      for (const start of starts) {
        const page = await list({ datatable: { start, length: 100, orderBy, orderDir } });
        expect(page.data.map((row) => row.id)).toEqual(await expected(order, start));
      }
    }
  }

  it('starts a deep page at a remembered one and answers the rows of a plain OFFSET', async () => {
    // Forward, back, past the end of the non-empty weights (the plain walk answers there).
    await pagesMatch([1_000, 1_300, 1_250, 1_000, 1_800, 2_450]);
    expect(pageAnchors(t.database.db).keptQueries()).toBeGreaterThan(0);
  });

  it('forgets them when a write moves a row before the page', async () => {
    await pagesMatch([1_200]);
    // The row at 1,500 by name sorts first once renamed; every later page shifts by one.
    const [moved] = await expected('lower(name), id', 1_500, 1);
    const { rows } = await sql<{ version: number }>`
      SELECT version FROM ${sql.table(`core.${table}`)} WHERE id = ${moved}`.execute(t.database.db);
    const edited = await t.call(
      'customRecordsEdit',
      { entity: 'parcels', id: moved, version: rows[0].version, name: 'Aaa first', weight: 999 },
      token,
    );
    expect(edited.body.error.code).toBe('0');
    await pagesMatch([1_200, 1_300]);
    // Another node's write, as the bus tells it: the anchors kept before it are not used.
    await pagesMatch([1_400]);
    await sql`UPDATE ${sql.table(`core.${table}`)} SET name = 'Aab second', weight = 998
      WHERE id = ${(await expected('lower(name), id', 1_700, 1))[0]}`.execute(t.database.db);
    pageAnchors(t.database.db).changed(`core.${table}`);
    await pagesMatch([1_400, 1_500]);
  });
});
