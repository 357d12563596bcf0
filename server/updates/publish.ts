import { sql } from 'kysely';
import {
  UPDATE_PLATFORMS,
  UPDATE_TYPES,
  type PublishPayload,
  type UpdateType,
} from '../../protocol/updates';
import { INT4_MAX } from '../db/storable';
import { firstOf } from '../services/area-texts';
import type { ProjectAccess } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { announceUpdates } from './device-announce';
import type { PublishRight } from './permissions';
import { updatesRefusal } from './texts';

export interface Published {
  version: number;
  versionCompleta: string;
  /** Device rows created: the update's STATISTICTOTAL. */
  devices: number;
}

/** 000 §5 and §6: a type the caller may publish, with its devices, groups or platform. */
function checkPayload(ctx: OperationContext, payload: PublishPayload, right: PublishRight) {
  const types = Object.values(UPDATE_TYPES) as number[];
  if (payload.Type === undefined || payload.Type === null || !types.includes(payload.Type)) {
    throw updatesRefusal(ctx.user, 'noType');
  }
  if (right !== 'all' && payload.Type !== UPDATE_TYPES.LICENCIA) {
    throw updatesRefusal(ctx.user, 'licenceOnly');
  }
  if (payload.Type === UPDATE_TYPES.LICENCIA && payload.lstMID.length === 0) {
    throw updatesRefusal(ctx.user, 'noDevices');
  }
  if (payload.Type === UPDATE_TYPES.GRUPOS && payload.lstMID.length === 0) {
    throw updatesRefusal(ctx.user, 'noGroups');
  }
  const platform = payload.Platform ?? 0;
  if (payload.Type === UPDATE_TYPES.PLATAFORMA && !(platform >= 1 && platform <= 12)) {
    throw updatesRefusal(ctx.user, 'noPlatform');
  }
}

/** Group IDs of a GRUPOS payload: numbers, or their texts. */
function groupIds(lstMID: Array<string | number>): number[] {
  const valid = (id: number) => Number.isInteger(id) && id > 0 && id <= INT4_MAX;
  return [...new Set(lstMID.map(Number).filter(valid))];
}

/**
 * The device rows of a published update, in one INSERT … SELECT (never a loop over devices),
 * with STATISTICTOTAL set by the same statement: GENERAL every device not disabled (000 §4:
 * PENDIENTE 1 with a provisioned STATUS), PLATAFORMA those of the platform, LICENCIA the MIDs
 * given that exist, GRUPOS the devices of the groups. Answers how many, and the MIDs reached.
 */
async function insertTargets(
  ctx: OperationContext,
  schema: string,
  id: number,
  type: UpdateType,
  payload: PublishPayload,
) {
  const t = (table: string) => sql.id(schema, table);
  const enabled = sql`NOT (d."PENDIENTE" = 1 AND d."STATUS" NOT IN (-1, 0, 1))`;
  const device = UPDATE_PLATFORMS.find((p) => p.code === payload.Platform)?.device ?? null;
  const mids = payload.lstMID.map(String);
  const targets =
    type === UPDATE_TYPES.GENERAL
      ? sql`SELECT d."MID" FROM ${t('devices')} d WHERE ${enabled}`
      : type === UPDATE_TYPES.PLATAFORMA
        ? sql`SELECT d."MID" FROM ${t('devices')} d WHERE d."DEVICE_TYPE" = ${device} AND ${enabled}`
        : type === UPDATE_TYPES.LICENCIA
          ? sql`SELECT d."MID" FROM ${t('devices')} d WHERE d."MID" = ANY(${mids}::text[])`
          : sql`SELECT DISTINCT d."MID" FROM ${t('devices')} d
              JOIN ${t('group_devices')} g ON g."IDDEVICE" = d."ID"
              WHERE g."IDGROUP" = ANY(${groupIds(payload.lstMID)}::int[])`;
  // The MIDs are answered for the announcement; a general update announces to every device.
  const listed = type !== UPDATE_TYPES.GENERAL;
  const { rows } = await sql<{ n: number; mids: string[] | null }>`
    WITH inserted AS (
      INSERT INTO ${t('device_updates')} ("UPDATE_ID", "MID")
      SELECT ${id}, x."MID" FROM (${targets}) x
      RETURNING "MID"
    ), counted AS (
      UPDATE ${t('updates')} SET "STATISTICTOTAL" = (SELECT count(*) FROM inserted)
      WHERE "ID" = ${id}
      RETURNING "STATISTICTOTAL"
    )
    SELECT (SELECT "STATISTICTOTAL" FROM counted) AS n,
      CASE WHEN ${listed} THEN (SELECT array_agg("MID") FROM inserted) END AS mids
  `.execute(ctx.db);
  return { devices: rows[0]?.n ?? 0, mids: listed ? (rows[0]?.mids ?? []) : ('all' as const) };
}

/** The TARGET label of the totals panel: the MIDs of a licence update, the groups' names. */
async function targetLabel(project: ProjectAccess, ctx: OperationContext, payload: PublishPayload) {
  if (payload.Type === UPDATE_TYPES.LICENCIA) return firstOf(payload.lstMID.map(String), 50);
  if (payload.Type !== UPDATE_TYPES.GRUPOS) return null;
  const ids = groupIds(payload.lstMID);
  if (ids.length === 0) throw updatesRefusal(ctx.user, 'noGroups');
  const groups = await project
    .db(ctx.db)
    .selectFrom('groups')
    .select(['ID', 'NAME'])
    .where('ID', 'in', ids.length ? ids : [-1])
    .orderBy('NAME')
    .execute();
  const missing = ids.filter((id) => !groups.some((g) => g.ID === id));
  if (missing.length) throw updatesRefusal(ctx.user, 'groupsNotFound', { ids: firstOf(missing) });
  return firstOf(
    groups.map((g) => g.NAME),
    50,
  );
}

/**
 * uploadConfirm, the third step: in one transaction the staged update's files are checked all
 * uploaded (else refused, nothing published), it takes the next VERSION of the project's
 * sequence and its VERSIONCOMPLETA (publishing date and version), and its device rows are
 * created. After the commit, with SendPush, the devices are told (device-announce.ts).
 */
export async function confirmUpdate(
  ctx: OperationContext,
  project: ProjectAccess,
  payload: PublishPayload,
  right: PublishRight,
): Promise<Published> {
  checkPayload(ctx, payload, right);
  const type = payload.Type;
  const published = await ctx.db.transaction().execute(async (trx) => {
    const db = project.db(trx);
    const staged = await db
      .selectFrom('updates')
      .select('ID')
      .where('TEMPDIRECTORY', '=', payload.TempDirectory)
      .where('STATE', '=', 'staged')
      .forUpdate()
      .executeTakeFirst();
    if (!staged) {
      throw updatesRefusal(ctx.user, 'stagedNotFound', { alias: payload.TempDirectory });
    }
    const missing = await db
      .selectFrom('update_files')
      .select('NAME')
      .where('UPDATE_ID', '=', staged.ID)
      .where('UPLOADED', '=', false)
      .orderBy('NUMERO')
      .execute();
    if (missing.length) {
      const names = firstOf(missing.map((f) => f.NAME ?? ''));
      throw updatesRefusal(ctx.user, 'filesMissing', { count: missing.length, names });
    }
    const TARGET = await targetLabel(project, { ...ctx, db: trx }, payload);
    const row = await db
      .updateTable('updates')
      .set({
        TIPO: type,
        PLATFORM: type === UPDATE_TYPES.PLATAFORMA ? (payload.Platform ?? 0) : 0,
        VERSION: sql<number>`nextval(${`${project.schema}.update_version_seq`}::regclass)`,
        STATE: 'published',
        // 000 §5: a general update always updates the repository.
        UPDATEREPOSITORY: type === UPDATE_TYPES.GENERAL ? true : payload.updateRepository,
        SENDPUSH: payload.SendPush,
        TARGET,
        PUBLISHED: sql<Date>`now()`,
      })
      .where('ID', '=', staged.ID)
      .returning(['VERSION'])
      .executeTakeFirstOrThrow();
    const version = row.VERSION!;
    const { VERSIONCOMPLETA } = await db
      .updateTable('updates')
      .set({ VERSIONCOMPLETA: sql<string>`to_char(now(), 'YYYY.MM.DD') || '-' || ${version}` })
      .where('ID', '=', staged.ID)
      .returning('VERSIONCOMPLETA')
      .executeTakeFirstOrThrow();
    const reached = await insertTargets(
      { ...ctx, db: trx },
      project.schema,
      staged.ID,
      type,
      payload,
    );
    return { version, versionCompleta: VERSIONCOMPLETA!, ...reached };
  });
  if (payload.SendPush && published.devices > 0) {
    await announcePublished(ctx, project.schema, published.mids);
  }
  return {
    version: published.version,
    versionCompleta: published.versionCompleta,
    devices: published.devices,
  };
}

/**
 * Tells the devices of a just-published update (SendPush) over their WebSocket: every device
 * for a general update, else the MIDs it went to (device-announce.ts). A failure is logged, not
 * the publisher's: the devices also learn of it at their next check-in.
 */
export async function announcePublished(
  ctx: OperationContext,
  schema: string,
  mids: string[] | 'all',
): Promise<void> {
  try {
    await announceUpdates(schema, mids, ctx.db);
  } catch (error) {
    ctx.log.warn({ err: error, schema }, 'update announcement failed');
  }
}
