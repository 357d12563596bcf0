import type { SelectQueryBuilder } from 'kysely';
import { COUNT_CAP, countCap, type ListTotal } from '../services/devices/list-total';

/**
 * A deep page of an engine list (docs/resources.md, "Speed"): its keys and its capped total from
 * one walk of the sort's index. Both needed the rows before the page: the keys query skipped
 * them in order and the count read them again (page 5,000: two walks of 500,000 entries). Here
 * the keys query reads on past the page up to the cap (`countCap`): what it found after the
 * offset says the total. Pages before the cap keep their separate count (cheaper there: it may
 * read the matches in any order).
 */
export const isDeep = (page: { start: number }) => page.start >= COUNT_CAP;

export interface DeepPage {
  /** The page's keys, in the list's order. */
  keys: number[];
  /** null: nothing at or after the offset, so the rows before it are to be counted. */
  total: ListTotal | null;
}

export async function deepPage(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  keys: SelectQueryBuilder<any, any, { key: number }>,
  page: { start: number; length: number },
): Promise<DeepPage> {
  const cap = countCap(page);
  // The page and what follows it up to one past the cap: at least the page and one more.
  const wanted = cap + 1 - page.start;
  const found = await keys.offset(page.start).limit(wanted).execute();
  const total: ListTotal | null =
    found.length === 0
      ? null
      : found.length === wanted
        ? { total: cap, capped: true }
        : { total: page.start + found.length, capped: false };
  return { keys: found.slice(0, page.length).map((row) => Number(row.key)), total };
}
