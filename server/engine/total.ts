import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { countCap, type ListTotal } from '../services/devices/list-total';

/**
 * The total of an engine list, as the device list's (docs/decisions.md, "Device list totals"):
 * exact up to a cap 1,000 steps past the page asked for, then `capped` ("more than"). Counting
 * every row of a million-row table costs more than its page; a person paging by 100 needs only
 * to know that the next page exists. When the call looks for text inside a column
 * (`fromIndexes`), the matches come from the trigram indexes (bitmap scans): the planner, seeing
 * the small LIMIT, would otherwise read the table in its order looking for a rare value. An
 * equality or a range is left to the planner: its estimates are good, and a bitmap of 150,000
 * matches costs more than reading the first 1,001 in order.
 */
export async function cappedTotal(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<any, any, object>,
  page: { start: number; length: number },
  fromIndexes: boolean,
): Promise<ListTotal> {
  const cap = countCap(page);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const counted = (db as unknown as Kysely<any>)
    .selectFrom(
      query
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .compile();
  const result = fromIndexes
    ? await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off`.execute(trx);
        return trx.executeQuery(counted);
      })
    : await db.executeQuery(counted);
  const found = Number((result.rows[0] as { n: string }).n);
  return found > cap ? { total: cap, capped: true } : { total: found, capped: false };
}
