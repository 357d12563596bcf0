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
import type { PublishRight } from './permissions';
import { updatesRefusal } from './texts';

/** What decides an update's devices: its type and its MIDs, groups or platform. */
export type TargetPayload = Pick<PublishPayload, 'Type' | 'lstMID' | 'Platform'>;

/** 000 §5 and §6: a type the caller may publish, with its devices, groups or platform. */
export function checkPayload(ctx: OperationContext, payload: TargetPayload, right: PublishRight) {
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
 * The MIDs an update of this type reaches, as one SELECT (never a loop over devices): GENERAL
 * every device not disabled (000 §4: PENDIENTE 1 with a provisioned STATUS), PLATAFORMA those
 * of the platform, LICENCIA the MIDs given that exist, GRUPOS the devices of the groups. The
 * publish inserts these rows; the count before it (countTargets) counts the same query.
 */
export function targetsQuery(schema: string, type: UpdateType, payload: TargetPayload) {
  const t = (table: string) => sql.id(schema, table);
  const enabled = sql`NOT (d."PENDIENTE" = 1 AND d."STATUS" NOT IN (-1, 0, 1))`;
  const device = UPDATE_PLATFORMS.find((p) => p.code === payload.Platform)?.device ?? null;
  const mids = payload.lstMID.map(String);
  return type === UPDATE_TYPES.GENERAL
    ? sql`SELECT d."MID" FROM ${t('devices')} d WHERE ${enabled}`
    : type === UPDATE_TYPES.PLATAFORMA
      ? sql`SELECT d."MID" FROM ${t('devices')} d WHERE d."DEVICE_TYPE" = ${device} AND ${enabled}`
      : type === UPDATE_TYPES.LICENCIA
        ? sql`SELECT d."MID" FROM ${t('devices')} d WHERE d."MID" = ANY(${mids}::text[])`
        : sql`SELECT DISTINCT d."MID" FROM ${t('devices')} d
            JOIN ${t('group_devices')} g ON g."IDDEVICE" = d."ID"
            WHERE g."IDGROUP" = ANY(${groupIds(payload.lstMID)}::int[])`;
}

/**
 * The TARGET label of the totals panel: the MIDs of a licence update, the groups' names. Groups
 * that do not exist are refused, naming them.
 */
export async function targetLabel(
  project: ProjectAccess,
  ctx: OperationContext,
  payload: TargetPayload,
) {
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
 * How many devices an update would reach if published now, with the publish's own checks and
 * refusals (checkPayload, targetLabel) and its own query (targetsQuery): what the console's
 * confirmation says before uploadConfirm (issue 33, point 15).
 */
export async function countTargets(
  ctx: OperationContext,
  project: ProjectAccess,
  payload: TargetPayload,
  right: PublishRight,
): Promise<number> {
  checkPayload(ctx, payload, right);
  await targetLabel(project, ctx, payload);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (${targetsQuery(project.schema, payload.Type, payload)}) x
  `.execute(ctx.db);
  return rows[0]?.n ?? 0;
}
