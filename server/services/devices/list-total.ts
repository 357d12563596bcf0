import { sql } from 'kysely';
import { DeviceStatusFilter } from '../../../protocol/devices';
import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import { countDevices, selectionCondition, type DeviceSelection } from './device-query';
import { isPresenceFilter } from './presence-query';

/** Matches a list counts exactly; past it the total says "more than" (docs/decisions.md). */
export const COUNT_CAP = 1000;

/** The cap of a page's count: COUNT_CAP steps past the page, so the next page is known to exist. */
export const countCap = (page: { start: number; length: number }) =>
  COUNT_CAP * Math.ceil((page.start + page.length + 1) / COUNT_CAP);

/** The device list's total: exact, or `capped` when there are more rows than `total`. */
export interface ListTotal {
  total: number;
  capped: boolean;
}

/**
 * Counting every match of an unselective filter reads most of a big table (a million devices
 * "not synced": about 60 ms), and a person cannot tell 928,367 from "more than 1,000" on a page
 * of 100. So the list counts at most up to its cap: a power of COUNT_CAP steps past the page
 * asked for, so the next page is known to exist and a deep page costs no more than its offset
 * already does. Selections the trigger-kept counts answer (none, a platform, enabled) stay exact.
 */
export async function listTotal(
  db: OperationContext['db'],
  project: Pick<ProjectAccess, 'db'>,
  selection: DeviceSelection,
  page: { start: number; length: number },
): Promise<ListTotal> {
  const counted =
    selection.filters.length === 0 &&
    !selection.fleet &&
    (selection.status === null || selection.status === DeviceStatusFilter.enabled);
  if (counted) return { total: await countDevices(project.db(), selection), capped: false };
  const cap = countCap(page);
  const count = async (on: OperationContext['db']) => {
    const pdb = project.db(on);
    const matches = pdb
      .selectFrom('devices')
      .select(sql<number>`1`.as('one'))
      .where((eb) => selectionCondition(eb, selection))
      .limit(cap + 1);
    const { n } = await pdb
      .selectFrom(matches.as('m'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  // A status alone matches most of the table: reading it in order stops after cap + 1 rows. A
  // column filter matches few, which the planner, seeing the small LIMIT, would also look for
  // by reading the table in order (a 2 % 'contains' read 50,000 rows for 1,001): its matches
  // are found on the indexes instead, and only they are read.
  const found = selection.filters.every(isPresenceFilter)
    ? await count(db)
    : await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off`.execute(trx);
        return count(trx);
      });
  return found > cap ? { total: cap, capped: true } : { total: found, capped: false };
}
