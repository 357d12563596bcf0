import { z } from 'zod';
import type { Datatable, Page } from '../../../protocol/paging';
import { HELPDESK_LISTS, type HelpdeskFile, type HelpdeskList } from '../../helpdesk/store';
import { searchSchema } from './device-list';

/**
 * The help-desk files as one list (protocol/resources/helpdesk-files.ts): the five lists of the
 * help-desk tab flattened, each row with its list and its key `<MID>/<fullpath>`.
 */

export interface HelpdeskRow extends HelpdeskFile {
  id: string;
  mid: string;
  list: HelpdeskList;
}

/** The list's filter values besides `mid`: a list, screenshots or not, a name's part. */
export const helpdeskFilterShape = {
  list: z.enum(HELPDESK_LISTS).optional(),
  screenshot: z.boolean().optional(),
  q: searchSchema,
};

export interface HelpdeskFilter {
  list?: HelpdeskList;
  screenshot?: boolean;
  q?: string;
}

/** The columns the list may be sorted by; the default is the newest first. */
export const HELPDESK_SORTABLE = ['list', 'name', 'date', 'size', 'screenshot'] as const;
type Sortable = (typeof HELPDESK_SORTABLE)[number];

/** A file's key: its device and its path in the device's folder. */
export const helpdeskFileId = (mid: string, fullpath: string) => `${mid}/${fullpath}`;

/** The device and the path a key names; null when it is not `<MID>/<kind>/<name>`. */
export function helpdeskFileOfId(id: string): { mid: string; path: string } | null {
  const slash = id.indexOf('/');
  if (slash < 1 || slash === id.length - 1) return null;
  return { mid: id.slice(0, slash), path: id.slice(slash + 1) };
}

function compare(column: Sortable, a: HelpdeskRow, b: HelpdeskRow): number {
  if (column === 'list') return HELPDESK_LISTS.indexOf(a.list) - HELPDESK_LISTS.indexOf(b.list);
  if (column === 'size') return a.size - b.size;
  if (column === 'screenshot') return Number(a.screenshot) - Number(b.screenshot);
  return a[column].localeCompare(b[column]);
}

/**
 * One page of a device's help-desk files, filtered and sorted, with the total. The files are in
 * the file store (server/files), not in a table: a device keeps at most KEEP_PER_KIND of each
 * kind, so the whole listing (one query of the store) is filtered and sorted here.
 */
export function helpdeskPage(
  mid: string,
  lists: Record<HelpdeskList, HelpdeskFile[]>,
  filter: HelpdeskFilter,
  datatable: Datatable,
): Page<HelpdeskRow> {
  const q = filter.q?.trim().toLowerCase();
  const rows = HELPDESK_LISTS.flatMap((list) =>
    lists[list].map((file) => ({ ...file, id: helpdeskFileId(mid, file.fullpath), mid, list })),
  ).filter(
    (row) =>
      (!filter.list || row.list === filter.list) &&
      (filter.screenshot === undefined || row.screenshot === filter.screenshot) &&
      (!q || row.name.toLowerCase().includes(q)),
  );
  const column = HELPDESK_SORTABLE.find((name) => name === datatable.orderBy);
  const sign = column ? (datatable.orderDir === 'desc' ? -1 : 1) : -1;
  rows.sort(
    (a, b) =>
      sign * compare(column ?? 'date', a, b) ||
      b.date.localeCompare(a.date) ||
      a.fullpath.localeCompare(b.fullpath),
  );
  return {
    data: rows.slice(datatable.start, datatable.start + datatable.length),
    total: rows.length,
  };
}
