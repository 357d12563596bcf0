import { sql } from 'kysely';
import type { Datatable } from '../../protocol/paging';
import {
  UPDATE_PLATFORMS,
  type DeviceUpdateRow,
  type UpdateListResponse,
  type UpdateRow,
  type UpdateType,
} from '../../protocol/updates';
import type { Reader } from '../services/area-texts';
import type { ProjectAccess } from '../services/projects/access';
import { sortBy, sortFields } from '../services/sort-fields';

/** What the panels may be narrowed to: a device (part of its MID), a version, a type. */
export interface UpdateListFilter {
  mid?: string;
  version?: number;
  tipo?: number;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The panels' first page (000 §9: update tables show 5 rows). */
export const FIRST_PAGE: Datatable = { start: 0, length: 5, orderDir: 'desc' };

const UPDATE_SORTS = sortFields({
  version: 'VERSION',
  tipo: 'TIPO',
  platform: 'PLATFORM',
  statisticOK: 'STATISTICOK',
  statisticTotal: 'STATISTICTOTAL',
  downloadUpdateDate: 'PUBLISHED',
} as const);

/** The device panels sort their versions, or their MIDs (`mid`). */
const DEVICE_ROW_SORTS = sortFields({ version: 'version', mid: 'mid' } as const);

/** Totals panel (1): published updates, newest first unless sorted otherwise, paged in SQL. */
export async function updateRows(
  project: ProjectAccess,
  datatable: Datatable,
  filter: UpdateListFilter,
  reader: Reader,
) {
  const rows = project
    .db()
    .selectFrom('updates')
    .where('STATE', '=', 'published')
    .$if(filter.version !== undefined, (q) => q.where('VERSION', '=', filter.version!))
    .$if(filter.tipo !== undefined, (q) => q.where('TIPO', '=', filter.tipo!))
    .$if(!!filter.mid, (q) => q.where(sql<boolean>`"TARGET" ILIKE ${`%${escape(filter.mid!)}%`}`));
  const by = sortBy(reader, UPDATE_SORTS, datatable.orderBy, 'VERSION');
  const [page, count] = await Promise.all([
    rows
      .selectAll()
      .orderBy(by, datatable.orderDir)
      .orderBy('VERSION', 'desc')
      .limit(datatable.length)
      .offset(datatable.start)
      .execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: UpdateRow[] = page.map((row) => ({
    tipo: row.TIPO as UpdateType,
    platform: row.PLATFORM,
    mid: row.TARGET ?? '',
    version: row.VERSION!,
    versionCompleta: row.VERSIONCOMPLETA ?? '',
    statisticOK: row.STATISTICOK,
    statisticTotal: row.STATISTICTOTAL,
    downloadUpdateDate: iso(row.PUBLISHED) ?? '',
  }));
  return { data, total: count.n };
}

function escape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Pending (2) or confirmed (3) panel: one row per device and update, grouped by device (MID,
 * then version) or by version (then MID), paged in SQL; `orderDir` sorts the versions, or the
 * MIDs with `orderBy: 'mid'`. The partial index on
 * pending rows and the MID index serve both.
 */
export async function deviceRows(
  project: ProjectAccess,
  confirmed: boolean,
  groupBy: 'mid' | 'version',
  datatable: Datatable,
  filter: UpdateListFilter,
  reader: Reader,
) {
  const byMid = sortBy(reader, DEVICE_ROW_SORTS, datatable.orderBy, 'version') === 'mid';
  const rows = project
    .db()
    .selectFrom('device_updates as du')
    .innerJoin('updates as u', 'u.ID', 'du.UPDATE_ID')
    .leftJoin('devices as d', 'd.MID', 'du.MID')
    .where('du.CONFIRMADA', '=', confirmed)
    .$if(filter.version !== undefined, (q) => q.where('u.VERSION', '=', filter.version!))
    .$if(filter.tipo !== undefined, (q) => q.where('u.TIPO', '=', filter.tipo!))
    .$if(!!filter.mid, (q) => q.where(sql<boolean>`du."MID" ILIKE ${`%${escape(filter.mid!)}%`}`));
  // orderDir sorts the versions (desc: newest first) unless orderBy is 'mid': then the MIDs.
  const midDir = byMid ? datatable.orderDir : 'asc';
  const versionDir = byMid ? 'desc' : datatable.orderDir;
  const ordered = rows
    .select([
      'du.CONFIRMADA',
      'du.MID',
      'du.DOWNLOADED',
      'du.CONFIRMED',
      'du.ERROR',
      'u.TIPO',
      'u.PLATFORM',
      'u.VERSION',
      'u.VERSIONCOMPLETA',
      'd.OWNER',
    ])
    .$if(groupBy === 'mid', (q) => q.orderBy('du.MID', midDir).orderBy('u.VERSION', versionDir))
    .$if(groupBy === 'version', (q) =>
      q.orderBy('u.VERSION', versionDir).orderBy('du.MID', midDir),
    );
  const [page, count] = await Promise.all([
    ordered.limit(datatable.length).offset(datatable.start).execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: DeviceUpdateRow[] = page.map((row) => ({
    confirmada: row.CONFIRMADA,
    tipo: row.TIPO as UpdateType,
    platform: row.PLATFORM,
    mid: row.MID,
    usuario: row.OWNER,
    version: row.VERSION!,
    versionCompleta: row.VERSIONCOMPLETA ?? '',
    downloadUpdateDate: iso(row.DOWNLOADED),
    confirmDate: iso(row.CONFIRMED),
    error: row.ERROR,
  }));
  return { data, total: count.n };
}

/** The counts of every device row pending and confirmed (000 §3 Pendientes, Confirmadas). */
export async function rowCounts(project: ProjectAccess) {
  const row = await project
    .db()
    .selectFrom('updates')
    .where('STATE', '=', 'published')
    .select([
      sql<number>`coalesce(sum("STATISTICTOTAL" - "STATISTICOK"), 0)::int`.as('pending'),
      sql<number>`coalesce(sum("STATISTICOK"), 0)::int`.as('confirmed'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** ListPlatform: the update platform codes with their names (000 §3). */
export const LIST_PLATFORM = UPDATE_PLATFORMS.map(({ code, name }) => ({ code, name }));

export type { UpdateListResponse };
