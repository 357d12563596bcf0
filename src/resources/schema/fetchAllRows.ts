import { LARGEST_PAGE } from '../../dataProvider';

/** The most rows an export writes; past it the export says it was cut short. */
export const EXPORT_ROW_CAP = 100_000;

/** One page of the list as it is filtered and sorted now (1-based page). */
export type FetchPage = (
  page: number,
  perPage: number,
  signal: AbortSignal,
) => Promise<{ data: Record<string, unknown>[]; total?: number }>;

export interface FetchAllOptions {
  signal: AbortSignal;
  pageSize?: number;
  cap?: number;
  /** The key field: a row that moved between two pages while walking them is kept once. */
  key?: string;
  onProgress?: (done: number, target: number) => void;
}

export interface FetchAllResult {
  rows: Record<string, unknown>[];
  /** Rows the list holds, which may be more than were fetched. */
  total: number;
  capped: boolean;
}

/**
 * The whole filtered, sorted set, not only the page on screen: pages of the server's largest
 * size, one after the other, up to the cap.
 */
export async function fetchAllRows(
  fetchPage: FetchPage,
  { signal, pageSize = LARGEST_PAGE, cap = EXPORT_ROW_CAP, key, onProgress }: FetchAllOptions,
): Promise<FetchAllResult> {
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  let total = Infinity;
  for (let page = 1; rows.length < Math.min(total, cap); page++) {
    signal.throwIfAborted();
    const answer = await fetchPage(page, pageSize, signal);
    if (answer.total !== undefined) total = Number(answer.total);
    const before = rows.length;
    for (const row of answer.data) {
      if (key !== undefined) {
        if (seen.has(row[key])) continue;
        seen.add(row[key]);
      }
      rows.push(row);
    }
    const target = Math.min(Number.isFinite(total) ? total : rows.length, cap);
    onProgress?.(Math.min(rows.length, cap), target);
    // A short page is the last; a page with nothing new means the set shrank while walking.
    if (answer.data.length < pageSize || rows.length === before) break;
  }
  if (!Number.isFinite(total)) total = rows.length;
  return { rows: rows.slice(0, cap), total, capped: total > cap };
}
