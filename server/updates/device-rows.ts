import { sql } from 'kysely';
import type { Datatable } from '../../protocol/paging';
import type { Db } from '../db/database';
import type { DeviceUpdateRow, UpdateType } from '../../protocol/updates';
import type { ProjectAccess } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { updatesRefusal } from './texts';

// A device's rows of device_updates as the device dialog's Updates tab shows and changes them
// (001 §2, §7). Every change moves updates.STATISTICOK / STATISTICTOTAL in the same statement,
// so the totals panel never drifts from the rows.

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The device exists in the project, or the refusal that names it. */
async function requireDevice(ctx: OperationContext, project: ProjectAccess, mid: string) {
  const found = await project
    .db()
    .selectFrom('devices')
    .select('MID')
    .where('MID', '=', mid)
    .executeTakeFirst();
  if (!found) throw updatesRefusal(ctx.user, 'deviceNotFound', { mid });
}

/** The Updates tab: the device's rows, newest version first, paged. */
export async function deviceUpdatesOf(project: ProjectAccess, mid: string, datatable: Datatable) {
  const rows = project
    .db()
    .selectFrom('device_updates as du')
    .innerJoin('updates as u', 'u.ID', 'du.UPDATE_ID')
    .leftJoin('devices as d', 'd.MID', 'du.MID')
    .where('du.MID', '=', mid);
  const [page, count] = await Promise.all([
    rows
      .select(['du.CONFIRMADA', 'du.DOWNLOADED', 'du.CONFIRMED', 'du.ERROR', 'd.OWNER'])
      .select(['u.TIPO', 'u.PLATFORM', 'u.VERSION', 'u.VERSIONCOMPLETA'])
      .orderBy('u.VERSION', 'desc')
      .limit(datatable.length)
      .offset(datatable.start)
      .execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: DeviceUpdateRow[] = page.map((row) => ({
    confirmada: row.CONFIRMADA,
    tipo: row.TIPO as UpdateType,
    platform: row.PLATFORM,
    mid,
    usuario: row.OWNER,
    version: row.VERSION!,
    versionCompleta: row.VERSIONCOMPLETA ?? '',
    downloadUpdateDate: iso(row.DOWNLOADED),
    confirmDate: iso(row.CONFIRMED),
    error: row.ERROR,
  }));
  return { data, total: count.n };
}

/**
 * markToDownloaded {version, MID}: the operator records that the device has the update: the
 * row becomes confirmed (downloaded now, unless it was already), its error cleared.
 */
export async function markToDownloaded(
  ctx: OperationContext,
  project: ProjectAccess,
  version: number,
  mid: string,
) {
  const t = (table: string) => sql.id(project.schema, table);
  const { rows } = await sql<{ version: number; was: boolean }>`
    WITH target AS (
      SELECT du."UPDATE_ID", du."CONFIRMADA" AS was
      FROM ${t('device_updates')} du JOIN ${t('updates')} u ON u."ID" = du."UPDATE_ID"
      WHERE u."VERSION" = ${version} AND du."MID" = ${mid}
      FOR UPDATE OF du
    ), marked AS (
      UPDATE ${t('device_updates')} du SET "CONFIRMADA" = true,
        "DOWNLOADED" = coalesce(du."DOWNLOADED", now()), "CONFIRMED" = now(), "ERROR" = NULL
      FROM target WHERE du."UPDATE_ID" = target."UPDATE_ID" AND du."MID" = ${mid}
      RETURNING target.was, du."UPDATE_ID"
    ), counted AS (
      UPDATE ${t('updates')} u SET "STATISTICOK" = u."STATISTICOK" + 1
      FROM marked WHERE u."ID" = marked."UPDATE_ID" AND NOT marked.was
    )
    SELECT ${version}::int AS version, was FROM marked
  `.execute(ctx.db);
  if (rows.length === 0) throw updatesRefusal(ctx.user, 'updateRowNotFound', { mid, version });
  return { version, MID: mid, confirmada: true, changed: !rows[0].was };
}

/**
 * cleanUpdatesForMID: deletes the device's confirmed rows (its history); the updates' totals
 * lose them too, so their percentages stay true.
 */
export async function cleanUpdatesForMID(
  ctx: OperationContext,
  project: ProjectAccess,
  mid: string,
) {
  await requireDevice(ctx, project, mid);
  const t = (table: string) => sql.id(project.schema, table);
  const { rows } = await sql<{ n: number }>`
    WITH gone AS (
      DELETE FROM ${t('device_updates')} WHERE "MID" = ${mid} AND "CONFIRMADA"
      RETURNING "UPDATE_ID"
    ), counted AS (
      UPDATE ${t('updates')} u SET "STATISTICOK" = u."STATISTICOK" - g.n,
        "STATISTICTOTAL" = u."STATISTICTOTAL" - g.n
      FROM (SELECT "UPDATE_ID", count(*)::int AS n FROM gone GROUP BY 1) g
      WHERE u."ID" = g."UPDATE_ID"
    )
    SELECT count(*)::int AS n FROM gone
  `.execute(ctx.db);
  return { MID: mid, deleted: rows[0]?.n ?? 0 };
}

/**
 * resetUpdatesForMID: every row of the device back to pending (not downloaded, not confirmed,
 * no error), so that the device applies its updates again.
 */
export async function resetUpdatesForMID(
  ctx: OperationContext,
  project: ProjectAccess,
  mid: string,
) {
  await requireDevice(ctx, project, mid);
  const t = (table: string) => sql.id(project.schema, table);
  const { rows } = await sql<{ n: number }>`
    WITH reset AS (
      UPDATE ${t('device_updates')} du SET "CONFIRMADA" = false, "DOWNLOADED" = NULL,
        "CONFIRMED" = NULL, "ERROR" = NULL
      FROM ${t('device_updates')} old
      WHERE du."MID" = ${mid} AND old."MID" = du."MID" AND old."UPDATE_ID" = du."UPDATE_ID"
      RETURNING du."UPDATE_ID", old."CONFIRMADA" AS was
    ), counted AS (
      UPDATE ${t('updates')} u SET "STATISTICOK" = u."STATISTICOK" - r.n
      FROM (SELECT "UPDATE_ID", count(*)::int AS n FROM reset WHERE was GROUP BY 1) r
      WHERE u."ID" = r."UPDATE_ID"
    )
    SELECT count(*)::int AS n FROM reset
  `.execute(ctx.db);
  return { MID: mid, reset: rows[0]?.n ?? 0 };
}

/**
 * PendingUpdates (000 §3 activity counters): devices of the project with at least one update
 * row not confirmed, read from the partial index of pending rows (docs/updates.md).
 */
export async function devicesWithPendingUpdates(db: Db, schema: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT du."MID")::int AS n
    FROM ${sql.id(schema, 'device_updates')} du
    JOIN ${sql.id(schema, 'devices')} d ON d."MID" = du."MID"
    WHERE NOT du."CONFIRMADA"
  `.execute(db);
  return rows[0]?.n ?? 0;
}
