import { sql } from 'kysely';
import { ACCOUNT_TIERS } from '../../../protocol/product';
import { isTopAdmin } from '../../../protocol/roles';
import type { Db } from '../../db/database';
import { environmentEntries } from '../../services/environments/entry';
import {
  authorityUrl,
  datemask,
  DEFAULT_DATEMASK,
  environmentName,
  isSystemAuthority,
  managerUrl,
} from '../../services/environments/input';
import { environmentCompany, refusal } from '../../services/environments/refuse';
import type { OperationContext } from '../../services/registry';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * The environments' rules (002 §3 Environments; docs/environments.md): the engine serves their
 * list, show, create, edit and delete on core.environments; what is not CRUD is here. Its
 * identity provider decides an environment's kind (this server's issuer: system); only the top
 * administrator gives a system environment licences; the tier caps how many a company has; a
 * name is used once per company, whatever its case; the kind of one holding projects does not
 * change, and one holding projects, or the company's last system one, is not deleted. Changes run
 * one at a time per company, so the limit and "the last system environment" hold when two
 * administrators act at once.
 */

/** Advisory lock class of a company's environment changes; the second key is the company id. */
const ENVIRONMENTS_LOCK = 727003;

/** The company whose environments the caller changes; `company` refused none already. */
const companyIn = (hook: HookContext) => environmentCompany(hook.ctx.user)!;

async function lockCompany(hook: HookContext): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ENVIRONMENTS_LOCK}::int, ${companyIn(hook)}::int)`.execute(
    hook.trx,
  );
}

/** Refuses a name another environment of the company has, whatever its case. */
async function nameFree(hook: HookContext, name: string, id: number | null) {
  let query = hook.trx
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', companyIn(hook))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (id !== null) query = query.where('id', '<>', id);
  if (await query.executeTakeFirst()) throw refusal(hook.ctx.user, 'environmentNameUsed', { name });
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
async function keepOneSystem(hook: HookContext, before: Row) {
  const others = await hook.trx
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', companyIn(hook))
    .where('system', '=', true)
    .where('id', '<>', before.id as number)
    .executeTakeFirst();
  if (!others)
    throw refusal(hook.ctx.user, 'lastSystemEnvironment', { name: String(before.title) });
}

async function tierLimit(hook: HookContext): Promise<void> {
  const { user } = hook.ctx;
  const tier = ACCOUNT_TIERS.find((candidate) => candidate.id === user.company?.tier);
  if (!tier || tier.environments === null) return;
  const { n } = await hook.trx
    .selectFrom('core.environments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyIn(hook))
    .executeTakeFirstOrThrow();
  if (Number(n) >= tier.environments) {
    throw refusal(user, 'environmentLimit', { max: tier.environments });
  }
}

/** The given values as stored: names trimmed, addresses without a trailing slash, masks checked. */
function normalised(ctx: OperationContext, values: Row): Row {
  const { user } = ctx;
  const text = (source: string) => String(values[source]);
  return {
    ...values,
    ...(values.title !== undefined && { title: environmentName(user, text('title')) }),
    ...(values.address !== undefined && { address: managerUrl(user, text('address')) }),
    ...(values.authority !== undefined && { authority: authorityUrl(user, text('authority')) }),
    ...(values.datemask !== undefined && { datemask: datemask(user, text('datemask')) }),
  };
}

/** The environment's own columns of a wire row, for its entry. */
const columnsOf = (row: Row) => ({
  id: row.id as number,
  name: row.title as string,
  url_manager: row.address as string,
  url_authority: row.authority as string,
  system: row.system as boolean,
  max_licences: row.maxLicences as number,
  datemask: row.datemask as string,
});

export const environmentsHooks: ResourceHooks = {
  // A FREE user, or one without a company or a subscription, has none (000 §6).
  company(ctx, verb) {
    const company = environmentCompany(ctx.user);
    if (company === null && verb !== 'list') throw refusal(ctx.user, 'noCompany');
    return company;
  },
  sql: {
    projects: sql`(SELECT count(*) FROM core.projects p WHERE p.environment_id = t.id AND NOT p.deleted)`,
  },
  // Each with its licence pool and gauges, and its projects not marked deleted (000 §3).
  async present(rows, ctx) {
    const entries = await environmentEntries(ctx.db, rows.map(columnsOf));
    return rows.map((row, index) => ({ ...row, ...entries[index] }));
  },
  async beforeCreate(values, hook) {
    const { config, user } = hook.ctx;
    const given = normalised(hook.ctx, { datemask: DEFAULT_DATEMASK, ...values });
    const system = isSystemAuthority(config, String(given.authority));
    if (system && Number(given.maxLicences ?? 0) > 0 && !isTopAdmin(user.profile)) {
      throw refusal(user, 'systemLicencesTopAdmin');
    }
    await lockCompany(hook);
    await tierLimit(hook);
    await nameFree(hook, String(given.title), null);
    return { ...given, system };
  },
  async beforeEdit(changes, before, hook) {
    const { config, user } = hook.ctx;
    const given = normalised(hook.ctx, changes);
    await lockCompany(hook);
    if (given.title !== undefined) await nameFree(hook, String(given.title), before.id as number);
    const system = isSystemAuthority(config, String(given.authority ?? before.authority));
    if (system !== before.system) {
      if ((await projectCount(hook.trx, before.id as number)) > 0) {
        throw refusal(user, 'environmentKindWithProjects', { name: String(before.title) });
      }
      if (before.system) await keepOneSystem(hook, before);
    }
    // Only the top administrator gives a system environment licences: one that becomes system
    // through an administrator's change starts without any.
    const keepLicences = !system || before.system || isTopAdmin(user.profile);
    return { ...given, system, ...(!keepLicences && { maxLicences: 0 }) };
  },
  async beforeDelete(before, hook) {
    await lockCompany(hook);
    const count = await projectCount(hook.trx, before.id as number);
    const name = String(before.title);
    if (count > 0) throw refusal(hook.ctx.user, 'environmentHasProjects', { name, count });
    if (before.system) await keepOneSystem(hook, before);
  },
};
