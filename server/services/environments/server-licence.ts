import { z } from 'zod';
import { freeLicences } from '../../../protocol/licences';
import { logAction } from '../../actions-log';
import type { Db } from '../../db/database';
import { environmentPools } from '../projects/licence-pool';
import { defineOperation } from '../registry';
import { findEnvironment } from './entry';
import { countField, environmentIdField, licenceCount } from './input';
import { refusal, requireEnvironmentCompany } from './refuse';

/** The server licence of an environment and what its projects hold and use (002 §7). */
async function serverLicence(db: Db, environmentId: number) {
  const pool = (await environmentPools(db, [environmentId])).get(environmentId)!;
  return {
    ServerLic: pool.max,
    assigned: pool.assigned,
    used: pool.used,
    free: freeLicences(pool),
  };
}

/** `getServerLicence`: the environment's licence pool (administrators of its company). */
export const getServerLicence = defineOperation({
  name: 'getServerLicence',
  parameter: z.object({ environment: environmentIdField }),
  permission: 'admin',
  async handler({ environment }, { db, user }) {
    const companyId = requireEnvironmentCompany(user);
    const row = await findEnvironment(db, user, companyId, environment);
    return serverLicence(db, row.id);
  },
});

/**
 * `setServerLicence`: the top administrator sets the environment's licences; never below what its
 * projects hold. The environment's row is locked as admlicenses locks it, so a licence
 * assignment running at the same time sees the new pool or is seen by this check.
 */
export const setServerLicence = defineOperation({
  name: 'setServerLicence',
  parameter: z.object({ environment: environmentIdField, ServerLic: countField }),
  permission: 'topadmin',
  async handler({ environment, ServerLic }, { db, user }) {
    const companyId = requireEnvironmentCompany(user);
    const max = licenceCount(user, ServerLic);
    const row = await db.transaction().execute(async (trx) => {
      const current = await findEnvironment(trx, user, companyId, environment, true);
      const { assigned } = await trx
        .selectFrom('core.projects')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('licences'), eb.lit(0)).as('assigned'))
        .where('environment_id', '=', current.id)
        .executeTakeFirstOrThrow();
      if (max < Number(assigned)) {
        throw refusal(user, 'serverLicenceBelowAssigned', { assigned: Number(assigned) });
      }
      await trx
        .updateTable('core.environments')
        .set({ max_licences: max })
        .where('id', '=', current.id)
        .execute();
      return { ...current, previous: current.max_licences };
    });
    await logAction(db, {
      companyId: row.company_id,
      userId: user.id,
      login: user.login,
      action: 'server_licence_set',
      detail: { environment: row.id, name: row.name, from: row.previous, to: max },
    });
    return serverLicence(db, row.id);
  },
});
