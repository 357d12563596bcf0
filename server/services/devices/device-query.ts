import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import {
  DEVICE_LIST_COLUMNS,
  DeviceStatusFilter,
  type DeviceListColumn,
  GENERATING_DB_STATUS,
  NOT_PROVISIONED_STATUSES,
  type DeviceStatusFilterCode,
} from '../../../protocol/devices';
import type { ColumnFilter } from '../../../protocol/filters';
import type { FleetSignal } from '../../../protocol/fleet';
import { filterCondition } from '../../db/filter-sql';
import type { AddedSqlColumn } from '../../resources/added-sql';
import type { DeviceTable, ProjectDatabase, ProjectDb } from '../../db/project-schema';
import { fleetCondition } from '../fleet/signals';
import { pageByLastSeen } from './last-seen-page';
import { isPresenceFilter, presenceCondition } from './presence-query';

type DevicesEb = ExpressionBuilder<ProjectDatabase, 'devices'>;

/** What narrows the device list: platform, status filter and per-column filters. */
export interface DeviceSelection {
  platform: string | null;
  status: DeviceStatusFilterCode | null;
  /** Filters on base columns, or on the added columns of `added`. */
  filters: ColumnFilter[];
  /** Start of the current day: the sync rule's "today". */
  today: Date;
  /** The home page's fleet filter: connected now, or low battery (server/services/fleet). */
  fleet?: FleetSignal | null;
  /**
   * The deployment's added columns (docs/resources.md) the filters and the sort may name, by
   * source; their SQL refers to the devices table by name, so the list's queries never alias it.
   */
  added?: ReadonlyMap<string, AddedSqlColumn>;
}

const disabled = (eb: DevicesEb) =>
  eb.and([eb('PENDIENTE', '=', 1), eb('STATUS', 'not in', [...NOT_PROVISIONED_STATUSES])]);
const notDisabled = (eb: DevicesEb) =>
  eb.or([eb('PENDIENTE', '<>', 1), eb('STATUS', 'in', [...NOT_PROVISIONED_STATUSES])]);

/** The status filter as SQL, matching deviceState() of protocol/devices.ts row for row. */
export function statusCondition(eb: DevicesEb, status: DeviceStatusFilterCode, today: Date) {
  switch (status) {
    case DeviceStatusFilter.disabled:
      return disabled(eb);
    case DeviceStatusFilter.generatingDb:
      return eb('STATUS', '=', GENERATING_DB_STATUS);
    case DeviceStatusFilter.synced:
      return eb.and([
        eb('SINCRONISMO', '>=', today),
        eb('STATUS', '<>', GENERATING_DB_STATUS),
        notDisabled(eb),
      ]);
    case DeviceStatusFilter.notSynced:
      return eb.and([
        eb.or([eb('SINCRONISMO', '<', today), eb('SINCRONISMO', 'is', null)]),
        eb('STATUS', '<>', GENERATING_DB_STATUS),
        notDisabled(eb),
      ]);
    case DeviceStatusFilter.enabled:
      return notDisabled(eb);
  }
}

export function selectionCondition(eb: DevicesEb, selection: DeviceSelection) {
  const parts = [];
  if (selection.platform) parts.push(eb('DEVICE_TYPE', '=', selection.platform));
  if (selection.status !== null) parts.push(statusCondition(eb, selection.status, selection.today));
  if (selection.fleet) parts.push(fleetCondition(eb, selection.fleet));
  for (const filter of selection.filters) {
    const added = selection.added?.get(filter.column);
    parts.push(
      isPresenceFilter(filter)
        ? presenceCondition(eb, filter)
        : added
          ? filterCondition(eb, filter, added.type, added.filterValue)
          : filterCondition(eb, filter, DEVICE_LIST_COLUMNS[filter.column as DeviceListColumn]),
    );
  }
  return eb.and(parts);
}

/** Devices of a platform, or of every platform, from the trigger-kept counts (no scan). */
async function countedDevices(pdb: ProjectDb, platform: string | null): Promise<number> {
  let query = pdb
    .selectFrom('device_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('N'), sql<number>`0`).as('n'));
  if (platform) query = query.where('DEVICE_TYPE', '=', platform);
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}

async function countWhere(
  pdb: ProjectDb,
  where: (eb: DevicesEb) => ReturnType<DevicesEb['and']>,
): Promise<number> {
  const { n } = await pdb
    .selectFrom('devices')
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * The exact number of devices in a selection. Without column filters the total comes from the
 * per-platform counts, and the two large status classes (not synced, enabled) as the total minus
 * the small ones, so no answer counts most of a big table (docs/decisions.md, Devices).
 */
export async function countDevices(pdb: ProjectDb, selection: DeviceSelection): Promise<number> {
  const { platform, status, filters } = selection;
  if (
    filters.length > 0 ||
    selection.fleet ||
    status === DeviceStatusFilter.synced ||
    status === DeviceStatusFilter.disabled ||
    status === DeviceStatusFilter.generatingDb
  ) {
    return countWhere(pdb, (eb) => selectionCondition(eb, selection));
  }
  const total = await countedDevices(pdb, platform);
  if (status === null) return total;
  const small = (code: DeviceStatusFilterCode) =>
    countWhere(pdb, (eb) => selectionCondition(eb, { ...selection, status: code }));
  if (status === DeviceStatusFilter.enabled) {
    return total - (await small(DeviceStatusFilter.disabled));
  }
  const [synced, off, generating] = await Promise.all([
    small(DeviceStatusFilter.synced),
    small(DeviceStatusFilter.disabled),
    small(DeviceStatusFilter.generatingDb),
  ]);
  return total - synced - off - generating;
}

export const FULL_COLUMNS = Object.keys(
  DEVICE_LIST_COLUMNS,
) as (keyof typeof DEVICE_LIST_COLUMNS)[];

export interface DevicePage<C extends DeviceListColumn> {
  selection: DeviceSelection;
  columns: readonly C[];
  /** Added columns each row carries besides `columns`. */
  added?: readonly AddedSqlColumn[];
  /** A base column, or the source of an added column of the selection. */
  orderBy: DeviceListColumn | string;
  orderDir: 'asc' | 'desc';
  start: number;
  length: number;
  /** The project's number: a page by LAST_SEEN walks the directory's index of the project. */
  numero?: number;
}

/** From this offset on, a page in ID order starts from its block (device_id_blocks). */
export const DEEP_PAGE_START = 10_000;
const ID_BLOCK = 4096;

/**
 * Where a deep page in ID order starts: the block of 4096 IDs holding its first row, and how many
 * of that block's devices come before it, from the trigger-kept counts; null when the selection
 * has more than a platform (the counts know only platforms) or the page is not deep.
 */
function idBlockAnchor(pdb: ProjectDb, page: DevicePage<DeviceListColumn>) {
  const { selection, orderBy, orderDir, start } = page;
  if (orderBy !== 'ID' || start < DEEP_PAGE_START) return null;
  if (selection.status !== null || selection.filters.length > 0 || selection.fleet) return null;
  const dir = sql.raw(orderDir === 'asc' ? 'ASC' : 'DESC');
  const blocks = pdb
    .selectFrom('device_id_blocks')
    .select((eb) => [
      'BLOCK',
      eb.fn.sum<number>('N').as('n'),
      sql<number>`sum(sum("N")) OVER (ORDER BY "BLOCK" ${dir})`.as('upto'),
    ])
    .$if(selection.platform !== null, (query) =>
      query.where('DEVICE_TYPE', '=', selection.platform!),
    )
    .groupBy('BLOCK');
  const anchor = pdb
    .selectFrom(blocks.as('b'))
    .where('upto', '>', start)
    .orderBy('BLOCK', orderDir)
    .limit(1);
  const first = orderDir === 'asc' ? sql`"BLOCK"` : sql`"BLOCK" + 1`;
  return {
    /** The first ID of the block (asc), or the first after it (desc); NULL past the end: no rows. */
    bound: anchor.select(sql<number>`(${first}) * ${ID_BLOCK}`.as('bound')),
    skip: anchor.select(sql<number>`(${start} - ("upto" - "n"))::int8`.as('skip')),
  };
}

/**
 * One page of devices. The page's IDs are found first on the indexes alone (a deep offset then
 * walks index entries, not table rows), and only those rows are read; an added column sorted on
 * is evaluated in both steps, the second only for the page's rows. A deep page in ID order starts
 * from its block instead (idBlockAnchor), in the same statement, so the same snapshot.
 */
export async function pageDevices<C extends DeviceListColumn>(pdb: ProjectDb, page: DevicePage<C>) {
  const { orderDir } = page;
  if (page.orderBy === 'LAST_SEEN') return pageByLastSeen(pdb, page);
  const sortAdded = page.selection.added?.get(page.orderBy);
  const orderBy = page.orderBy as DeviceListColumn;
  const added = page.added ?? [];
  const deep = sortAdded ? null : idBlockAnchor(pdb, page);
  const ids = pdb
    .selectFrom('devices')
    .select('ID')
    .where((eb) => selectionCondition(eb, page.selection))
    .$if(deep !== null, (query) => query.where('ID', orderDir === 'asc' ? '>=' : '<', deep!.bound))
    .orderBy(sortAdded ? sortAdded.value : orderBy, orderDir)
    .orderBy('ID', orderDir)
    .offset(deep ? deep.skip : page.start)
    .limit(page.length);
  const rows = await pdb
    .selectFrom(ids.as('page'))
    .innerJoin('devices', 'devices.ID', 'page.ID')
    .select(page.columns.map((column) => `devices.${column}` as const))
    .$if(added.length > 0, (query) =>
      query.select(added.map((column) => column.value.as(column.source))),
    )
    .orderBy(sortAdded ? sortAdded.value : `devices.${orderBy}`, orderDir)
    .orderBy('devices.ID', orderDir)
    .execute();
  return rows as unknown as (Pick<Selectable<DeviceTable>, C> & Record<string, unknown>)[];
}
