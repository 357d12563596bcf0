import { sql } from 'kysely';
import { z } from 'zod';
import { freeLicences, licenceChange } from '../../../protocol/licences';
import { logAction } from '../../actions-log';
import type { SessionUser } from '../../auth';
import { refusal } from '../environments/refuse';
import { defineOperation } from '../registry';
import { databaseSchema } from './access';
import { licencesInUse } from './licence-pool';
import { managesProject } from './rule';

/** The change as sent: a whole number (negative removes), or the text of one. */
function licenceDelta(user: SessionUser, value: number | string): number {
  const delta =
    typeof value === 'number' ? value : /^\s*[-+]?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(delta) || Math.abs(delta) > 1_000_000_000) {
    throw refusal(user, 'licencesNotInteger', { value: String(value).slice(0, 30) });
  }
  return delta;
}

/**
 * `admlicenses` {oper: 'update'} (002 §7 Admin API, 000 §5 licence assignment): adds `licadd`
 * licences to the project (a negative number removes them) by the rules of licenceChange, and
 * answers the total the project now holds. The project's owner or a company administrator may.
 * The environment's row, then the project's, are locked: two increases at once are checked one
 * after the other against the environment's free licences, so they cannot overrun its pool.
 */
export const admlicenses = defineOperation({
  name: 'admlicenses',
  parameter: z.object({
    oper: z.literal('update'),
    database: databaseSchema,
    dbname: z.string().max(200),
    licadd: z.union([z.number(), z.string().max(30)]),
  }),
  permission: 'user',
  async handler({ database, dbname, licadd }, { db, user }) {
    const delta = licenceDelta(user, licadd);
    const project = await db
      .selectFrom('core.projects')
      .select(['numero', 'company_id', 'owner_id', 'environment_id', 'dbname'])
      .where('numero', '=', database)
      .executeTakeFirst();
    if (!project || user.companyId === null || project.company_id !== user.companyId) {
      throw refusal(user, 'projectNotFound', { numero: database });
    }
    if (!managesProject(user, project)) throw refusal(user, 'licencesNotManager');
    if (project.dbname.toLowerCase() !== dbname.trim().toLowerCase()) {
      throw refusal(user, 'projectDbnameMismatch', {
        numero: database,
        dbname: dbname.slice(0, 100),
      });
    }
    const change = await db.transaction().execute(async (trx) => {
      const environment = await trx
        .selectFrom('core.environments')
        .select('max_licences')
        .where('id', '=', project.environment_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const locked = await trx
        .selectFrom('core.projects')
        .select(['licences', 'deleted', 'schema_name'])
        .where('numero', '=', project.numero)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.deleted) throw refusal(user, 'projectMarkedDeleted', { numero: database });
      const requested = locked.licences + delta;
      if (requested < 0) {
        throw refusal(user, 'licencesNegative', { assigned: locked.licences, remove: -delta });
      }
      const { assigned } = await trx
        .selectFrom('core.projects')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('licences'), eb.lit(0)).as('assigned'))
        .where('environment_id', '=', project.environment_id)
        .executeTakeFirstOrThrow();
      const inUse = (await licencesInUse(trx, [locked.schema_name])).get(locked.schema_name) ?? 0;
      const free = freeLicences({ max: environment.max_licences, assigned: Number(assigned) });
      const outcome = licenceChange({ assigned: locked.licences, requested, inUse, free });
      if (outcome.kind === 'belowInUse') throw refusal(user, 'licencesBelowInUse', { inUse });
      if (outcome.kind === 'noMoreLicences') throw refusal(user, 'noMoreLicences', { free });
      if (outcome.kind !== 'unchanged') {
        await trx
          .updateTable('core.projects')
          .set({ licences: requested, updated_at: sql`now()` })
          .where('numero', '=', project.numero)
          .execute();
      }
      return { from: locked.licences, to: requested, kind: outcome.kind };
    });
    if (change.kind !== 'unchanged') {
      await logAction(db, {
        companyId: project.company_id,
        userId: user.id,
        login: user.login,
        action: 'project_licences_changed',
        detail: { project: project.numero, from: change.from, to: change.to },
      });
    }
    return change.to;
  },
});
