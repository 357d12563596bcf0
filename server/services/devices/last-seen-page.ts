import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DeviceListColumn } from '../../../protocol/devices';
import type { Selectable } from 'kysely';
import type { DeviceTable, ProjectDatabase, ProjectDb } from '../../db/project-schema';
import { selectionCondition, type DevicePage } from './device-query';

type DevicesEb = ExpressionBuilder<ProjectDatabase, 'devices'>;

/**
 * The IDs of a page in LAST_SEEN order, in two parts so that each is read along an index rather
 * than sorting the project: the devices seen at some time, along core.device_directory's
 * (numero, last_seen) index joined to the devices by MID; then those never seen (no directory row
 * or no date yet), in ID order. Descending is newest first and never seen last; ascending the
 * reverse. The second part's offset needs the first part's size, counted only for a page that
 * reaches past it.
 */
async function lastSeenIds(pdb: ProjectDb, page: DevicePage<DeviceListColumn>): Promise<number[]> {
  const { selection, orderDir, start, length } = page;
  const dir = sql.raw(orderDir === 'asc' ? 'ASC' : 'DESC');
  const numero = page.numero === undefined ? sql`true` : sql`dd.numero = ${page.numero}`;
  const seenRows = () =>
    pdb
      .selectFrom([
        'devices',
        sql<{ mid: string; last_seen: Date }>`core.device_directory`.as('dd'),
      ])
      .where(sql<SqlBool>`dd.mid = ${sql.ref('devices.MID')} AND ${numero}`)
      .where(sql<SqlBool>`dd.last_seen IS NOT NULL`)
      .where((eb) => selectionCondition(eb as unknown as DevicesEb, selection));
  const neverSeen = (offset: number, limit: number) =>
    pdb
      .selectFrom('devices')
      .select('ID')
      .where((eb) => selectionCondition(eb, selection))
      .where(
        sql<SqlBool>`NOT EXISTS (SELECT 1 FROM core.device_directory AS dd
          WHERE dd.mid = ${sql.ref('devices.MID')} AND dd.last_seen IS NOT NULL)`,
      )
      .orderBy('ID', orderDir)
      .offset(offset)
      .limit(limit)
      .execute();
  const seen = (offset: number, limit: number) =>
    seenRows()
      .select('devices.ID')
      .orderBy(sql`dd.last_seen ${dir}`)
      .orderBy('devices.ID', orderDir)
      .offset(offset)
      .limit(limit)
      .execute();
  const seenCount = async () => {
    const { n } = await seenRows()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  };
  const [first, second] = orderDir === 'desc' ? [seen, neverSeen] : [neverSeen, seen];
  const firstCount =
    orderDir === 'desc'
      ? seenCount
      : async () => {
          const { n } = await pdb
            .selectFrom('devices')
            .where((eb) => selectionCondition(eb, selection))
            .where(
              sql<SqlBool>`NOT EXISTS (SELECT 1 FROM core.device_directory AS dd
                WHERE dd.mid = ${sql.ref('devices.MID')} AND dd.last_seen IS NOT NULL)`,
            )
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow();
          return Number(n);
        };
  const head = await first(start, length);
  if (head.length === length) return head.map((row) => row.ID);
  // The page runs past the first part: the rest comes from the second.
  const before = head.length > 0 ? start + head.length : await firstCount();
  const tail = await second(Math.max(0, start - before), length - head.length);
  return [...head, ...tail].map((row) => row.ID);
}

/** A page of devices in LAST_SEEN order (pageDevices with `orderBy: 'LAST_SEEN'`). */
export async function pageByLastSeen<C extends DeviceListColumn>(
  pdb: ProjectDb,
  page: DevicePage<C>,
): Promise<(Pick<Selectable<DeviceTable>, C> & Record<string, unknown>)[]> {
  const ids = await lastSeenIds(pdb, page as DevicePage<DeviceListColumn>);
  if (ids.length === 0) return [];
  const added = page.added ?? [];
  const rows = (await pdb
    .selectFrom('devices')
    .select([...new Set(['ID' as const, ...page.columns])].map((c) => `devices.${c}` as const))
    .$if(added.length > 0, (query) =>
      query.select(added.map((column) => column.value.as(column.source))),
    )
    .where('devices.ID', 'in', ids)
    .execute()) as unknown as ({ ID: number } & Record<string, unknown>)[];
  const order = new Map(ids.map((id, i) => [Number(id), i]));
  rows.sort((a, b) => order.get(Number(a.ID))! - order.get(Number(b.ID))!);
  return rows as unknown as (Pick<Selectable<DeviceTable>, C> & Record<string, unknown>)[];
}
