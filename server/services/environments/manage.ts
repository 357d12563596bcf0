import { z } from 'zod';
import { sql } from 'kysely';
import { ACCOUNT_TIERS } from '../../../protocol/product';
import { isTopAdmin } from '../../../protocol/roles';
import { logAction } from '../../actions-log';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import { defineOperation, type OperationContext } from '../registry';
import { environmentEntries, findEnvironment, type EnvironmentRow } from './entry';
import {
  authorityUrl,
  datemask,
  DEFAULT_DATEMASK,
  environmentIdField,
  environmentName,
  isSystemAuthority,
  licenceCount,
  managerUrl,
} from './input';
import { refusal, requireEnvironmentCompany } from './refuse';
import { isUniqueViolation } from '../../db/errors';
import { ENVIRONMENTS, ENVIRONMENT_RENAME } from '../../../protocol/resources/environments';
import { recordParameter } from '../../resources/record-parameter';

/** An environment's fields as the create and edit calls name them, once checked. */
interface EnvironmentInput {
  name?: string;
  urlManager?: string;
  urlAuthority?: string;
  maxLicences?: number;
  datemask?: string;
}

/** Advisory lock class of a company's environment changes; the second key is the company id. */
const ENVIRONMENTS_LOCK = 727003;
const NAME_KEY = 'environments_company_name_key';

/**
 * Creating, changing and deleting a company's environments run one at a time per company, so
 * the tier's limit and "the last system environment" hold when two administrators act at once.
 */
async function lockCompanyEnvironments(trx: Db, companyId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ENVIRONMENTS_LOCK}::int, ${companyId}::int)`.execute(
    trx,
  );
}

/** Runs `change`, turning a clash with another environment's name into its refusal. */
async function withNameCheck<T>(user: SessionUser, name: string, change: () => Promise<T>) {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) throw refusal(user, 'environmentNameUsed', { name });
    throw error;
  }
}

async function projectCount(trx: Db, environmentId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('core.projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('environment_id', '=', environmentId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Refuses taking away the company's last system environment (deleting it or making it external). */
async function keepOneSystem(trx: Db, user: SessionUser, environment: EnvironmentRow) {
  const others = await trx
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', environment.company_id)
    .where('system', '=', true)
    .where('id', '<>', environment.id)
    .executeTakeFirst();
  if (!others) throw refusal(user, 'lastSystemEnvironment', { name: environment.name });
}

async function tierLimit(trx: Db, user: SessionUser, companyId: number): Promise<void> {
  const tier = ACCOUNT_TIERS.find((candidate) => candidate.id === user.company?.tier);
  if (!tier || tier.environments === null) return;
  const { n } = await trx
    .selectFrom('core.environments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= tier.environments) {
    throw refusal(user, 'environmentLimit', { max: tier.environments });
  }
}

function logEnvironment(ctx: OperationContext, action: string, row: EnvironmentRow) {
  return logAction(ctx.db, {
    companyId: row.company_id,
    userId: ctx.user.id,
    login: ctx.user.login,
    action,
    detail: { environment: row.id, name: row.name, address: row.url_manager, system: row.system },
  });
}

/**
 * A new environment of the caller's company (administrators). Its identity provider decides its
 * kind: this server's own issuer makes a system environment, any other an external one. Only
 * the top administrator gives a system environment licences (the server licence).
 */
export const createEnvironment = defineOperation({
  name: 'createEnvironment',
  // Checked as the resource declares it (protocol/resources/environments.ts), then normalised.
  parameter: recordParameter(ENVIRONMENTS, 'create', {}, ENVIRONMENT_RENAME),
  permission: 'admin',
  async handler(parameter, ctx) {
    const { db, config, user } = ctx;
    const companyId = requireEnvironmentCompany(user);
    const given = parameter as EnvironmentInput;
    const values = {
      company_id: companyId,
      name: environmentName(user, given.name ?? ''),
      url_manager: managerUrl(user, given.urlManager ?? ''),
      url_authority: authorityUrl(user, given.urlAuthority ?? ''),
      max_licences: licenceCount(user, given.maxLicences ?? 0),
      datemask: datemask(user, given.datemask ?? DEFAULT_DATEMASK),
      system: false,
    };
    values.system = isSystemAuthority(config, values.url_authority);
    if (values.system && values.max_licences > 0 && !isTopAdmin(user.profile)) {
      throw refusal(user, 'systemLicencesTopAdmin');
    }
    const row = await withNameCheck(user, values.name, () =>
      db.transaction().execute(async (trx) => {
        await lockCompanyEnvironments(trx, companyId);
        await tierLimit(trx, user, companyId);
        return trx
          .insertInto('core.environments')
          .values(values)
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    );
    await logEnvironment(ctx, 'environment_created', row);
    return (await environmentEntries(db, [row]))[0];
  },
});

/**
 * Changes an environment's name, addresses or date mask (administrators). A change of identity
 * provider that turns it from system to external, or back, is refused while it holds projects,
 * and for the company's last system environment.
 */
export const modifyEnvironment = defineOperation({
  name: 'modifyEnvironment',
  parameter: recordParameter(ENVIRONMENTS, 'edit', { id: environmentIdField }, ENVIRONMENT_RENAME),
  permission: 'admin',
  async handler(declared, ctx) {
    const { db, config, user } = ctx;
    const companyId = requireEnvironmentCompany(user);
    const parameter = declared as EnvironmentInput & { id: number };
    const changes = {
      ...(parameter.name !== undefined && { name: environmentName(user, parameter.name) }),
      ...(parameter.urlManager !== undefined && {
        url_manager: managerUrl(user, parameter.urlManager),
      }),
      ...(parameter.urlAuthority !== undefined && {
        url_authority: authorityUrl(user, parameter.urlAuthority),
      }),
      ...(parameter.datemask !== undefined && { datemask: datemask(user, parameter.datemask) }),
    };
    const row = await withNameCheck(user, changes.name ?? '', () =>
      db.transaction().execute(async (trx) => {
        await lockCompanyEnvironments(trx, companyId);
        const current = await findEnvironment(trx, user, companyId, parameter.id, true);
        const system = isSystemAuthority(config, changes.url_authority ?? current.url_authority);
        if (system !== current.system) {
          if ((await projectCount(trx, current.id)) > 0) {
            throw refusal(user, 'environmentKindWithProjects', { name: current.name });
          }
          if (current.system) await keepOneSystem(trx, user, current);
        }
        // Only the top administrator gives a system environment licences: one that becomes
        // system through an administrator's change starts without any.
        const keepLicences = !system || current.system || isTopAdmin(user.profile);
        return trx
          .updateTable('core.environments')
          .set({ ...changes, system, ...(!keepLicences && { max_licences: 0 }) })
          .where('id', '=', current.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }),
    );
    await logEnvironment(ctx, 'environment_modified', row);
    return (await environmentEntries(db, [row]))[0];
  },
});

/**
 * Deletes an environment (administrators): refused while it holds projects (marked deleted ones
 * too, until purged) and for the company's last system environment.
 */
export const deleteEnvironment = defineOperation({
  name: 'deleteEnvironment',
  parameter: z.object({ id: environmentIdField }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const { db, user } = ctx;
    const companyId = requireEnvironmentCompany(user);
    const row = await db.transaction().execute(async (trx) => {
      await lockCompanyEnvironments(trx, companyId);
      const current = await findEnvironment(trx, user, companyId, id, true);
      const count = await projectCount(trx, current.id);
      if (count > 0) throw refusal(user, 'environmentHasProjects', { name: current.name, count });
      if (current.system) await keepOneSystem(trx, user, current);
      await trx.deleteFrom('core.environments').where('id', '=', current.id).execute();
      return current;
    });
    await logEnvironment(ctx, 'environment_deleted', row);
    return { id: row.id };
  },
});
