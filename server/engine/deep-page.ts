import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP, countCap, type ListTotal } from '../services/devices/list-total';
import type { PageAnchors } from './page-anchors';

/**
 * A deep page of an engine list (docs/resources.md, "Speed"): its keys and its capped total from
 * one walk of the sort's index. Both needed the rows before the page: the keys query skipped
 * them in order and the count read them again (page 5,000: two walks of 500,000 entries). Here
 * the keys query reads on past the page up to the cap (`countCap`): what it found after the
 * offset says the total. Pages before the cap keep their separate count (cheaper there: it may
 * read the matches in any order). A custom entity's walk starts at the nearest anchor before the
 * page (page-anchors.ts) when one is known.
 */
export const isDeep = (page: { start: number }) => page.start >= COUNT_CAP;

export interface DeepPage {
  /** The page's keys, in the list's order. */
  keys: number[];
  /** null: nothing at or after the offset, so the rows before it are to be counted. */
  total: ListTotal | null;
}

/** What starting at an anchor needs: the table, its sort key and key (alias `t`), the order. */
export interface Anchoring {
  anchors: PageAnchors;
  /** The table, schema-qualified. */
  table: string;
  sortKey: RawBuilder<unknown>;
  /** The key's column, `t.<column>`. */
  keyColumn: string;
  direction: 'asc' | 'desc';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Keys = SelectQueryBuilder<any, any, { key: number }>;

export async function deepPage(
  keys: Keys,
  page: { start: number; length: number },
  anchoring?: Anchoring,
): Promise<DeepPage> {
  const cap = countCap(page);
  // The page and what follows it up to one past the cap: at least the page and one more.
  const wanted = cap + 1 - page.start;
  const found = anchoring
    ? await fromAnchor(keys, page.start, wanted, anchoring)
    : await keys.offset(page.start).limit(wanted).execute();
  const total: ListTotal | null =
    found.length === 0
      ? null
      : found.length === wanted
        ? { total: cap, capped: true }
        : { total: page.start + found.length, capped: false };
  return { keys: found.slice(0, page.length).map((row) => Number(row.key)), total };
}

/**
 * The `wanted` keys from `start` on, walked from the nearest anchor before `start` when one is
 * kept: the rows at or after the anchor's by (sort key, key), a row comparison the sort's index
 * starts at. The anchor row's sort key is read in the same statement. The answer is that of the
 * plain walk when it found all `wanted` rows and no write of the table overlapped it; otherwise
 * (an empty sort key, the list's end, a write) the plain walk answers.
 */
async function fromAnchor(
  keys: Keys,
  start: number,
  wanted: number,
  { anchors, table, sortKey, keyColumn, direction }: Anchoring,
): Promise<{ key: number }[]> {
  const compiled = keys.compile();
  const id = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  const moment = anchors.moment(table);
  const anchor = moment && anchors.nearest(moment, id, start);
  let found: { key: number }[] | null = null;
  if (anchor) {
    const key = sql.ref(keyColumn);
    const at = sql`(SELECT ${sortKey} FROM ${sql.table(table)} AS t WHERE ${key} = ${anchor.key})`;
    const after = direction === 'asc' ? sql`>=` : sql`<=`;
    found = await keys
      .where(sql<boolean>`(${sortKey}, ${key}) ${after} (${at}, ${anchor.key})`)
      .offset(start - anchor.position)
      .limit(wanted)
      .execute();
    if (found.length < wanted || !anchors.unchanged(moment)) found = null;
  }
  found ??= await keys.offset(start).limit(wanted).execute();
  if (moment && found.length > 0) {
    const last = found.length - 1;
    anchors.remember(moment, id, [
      { position: start, key: Number(found[0].key) },
      { position: start + last, key: Number(found[last].key) },
    ]);
  }
  return found;
}
