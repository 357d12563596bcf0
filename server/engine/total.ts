import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { COUNT_CAP, countCap, type ListTotal } from '../services/devices/list-total';

/**
 * The total of an engine list, as the device list's (docs/decisions.md, "Device list totals"):
 * exact up to a cap 1,000 steps past the page asked for, then `capped` ("more than"). Counting
 * every row of a million-row table costs more than its page; a person paging by 100 needs only
 * to know that the next page exists. When the call looks for text inside a column
 * (`fromIndexes`), the matches come from the trigram indexes (bitmap scans): the planner, seeing
 * the small LIMIT, would otherwise read the table in its order looking for a rare value. An
 * equality or a range is left to the planner: its estimates are good, and a bitmap of 150,000
 * matches costs more than reading the first 1,001 in order. Before that bitmap, the table's first
 * pages are probed (`firstPages`): a common value's count stops there.
 */
export async function cappedTotal(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, object>,
  page: { start: number; length: number },
  fromIndexes: boolean,
): Promise<ListTotal> {
  const cap = countCap(page);
  const counted = (matches: typeof query) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (db as unknown as Kysely<any>)
      .selectFrom(
        matches
          .select(sql<number>`1`.as('one'))
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .compile();
  const found = (result: { rows: unknown[] }) => Number((result.rows[0] as { n: string }).n);
  if (fromIndexes && found(await db.executeQuery(counted(firstPages(query, cap)))) > cap) {
    return { total: cap, capped: true };
  }
  const result = fromIndexes
    ? await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off`.execute(trx);
        return trx.executeQuery(counted(query));
      })
    : await db.executeQuery(counted(query));
  const n = found(result);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The table's pages read by the probe of a capped count, per COUNT_CAP of its cap (2 MB). */
export const PROBE_PAGES = 256;

/**
 * The matches of a call that looks inside a text, among the table's first pages only (a TID
 * range scan of `PROBE_PAGES` per thousand of the cap; the query's table is `t`). A common value
 * (a city contains 'vill': 1 row in 7) fills the cap there at once, and the total is "more
 * than" without building the trigram bitmap of all its 143,000 matches; a rare one does not, and
 * the count then takes its matches from the indexes as before.
 */
function firstPages(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, object>,
  cap: number,
) {
  const pages = PROBE_PAGES * Math.ceil(cap / COUNT_CAP);
  return query.where(sql<boolean>`t.ctid < ${sql.lit(`(${pages},0)`)}::tid`);
}
