import { sql } from 'kysely';
import { UPDATE_TYPES, type PublishPayload, type UpdateType } from '../../protocol/updates';
import { firstOf } from '../services/area-texts';
import type { ProjectAccess } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { announceUpdates } from './device-announce';
import type { PublishRight } from './permissions';
import { checkPayload, targetLabel, targetsQuery } from './targets';
import { updatesRefusal } from './texts';

export interface Published {
  version: number;
  versionCompleta: string;
  /** Device rows created: the update's STATISTICTOTAL. */
  devices: number;
}

/**
 * The device rows of a published update, in one INSERT … SELECT of targetsQuery (targets.ts),
 * with STATISTICTOTAL set by the same statement. Answers how many, and the MIDs reached.
 */
async function insertTargets(
  ctx: OperationContext,
  schema: string,
  id: number,
  type: UpdateType,
  payload: PublishPayload,
) {
  const t = (table: string) => sql.id(schema, table);
  const targets = targetsQuery(schema, type, payload);
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
