import { z } from 'zod';
import { ACCOUNT_TIERS } from '../../../protocol/product';
import { ADMIN_RIGHTS } from '../../../protocol/roles';
import { recordAction } from '../../actions-log';
import { languageOf } from '../../messages';
import { menuGateRefusal } from '../access/menu-gate';
import { reachableBy } from '../projects/rule';
import { defineOperation } from '../registry';
import { storedNotification } from '../session/notification-texts';
import { askedCompany, idCiaField } from './company';
import { specRefusal } from './texts';

/**
 * `getAvailableUsers` {idCIA, role} (001 §2, §7 "get available users"): how many more users the
 * company's plan lets it have, asked before the create form opens. Both roles count alike.
 */
export const getAvailableUsers = defineOperation({
  name: 'getAvailableUsers',
  parameter: z.object({
    idCIA: idCiaField.optional(),
    role: z.enum([ADMIN_RIGHTS, 'USUARIO']).optional(),
  }),
  permission: 'admin',
  async handler({ idCIA, role }, { db, user }) {
    const companyId = askedCompany(user, idCIA);
    const company = await db
      .selectFrom('core.companies')
      .select((eb) => [
        'tier',
        eb
          .selectFrom('core.users')
          .select(eb.fn.countAll<string>().as('n'))
          .where('company_id', '=', companyId)
          .as('used'),
      ])
      .where('id', '=', companyId)
      .executeTakeFirst();
    if (!company) throw specRefusal(user, 'otherCompany');
    const max = ACCOUNT_TIERS.find((tier) => tier.id === company.tier)?.users ?? null;
    const used = Number(company.used);
    const free = max === null ? null : Math.max(0, max - used);
    return { idCIA: companyId, role: role ?? null, max, used, free, available: free !== 0 };
  },
});

/**
 * `sendMessage` {msg} (002 §7 Manager API "Send message"): a notification to each active
 * administrator of the caller's company (the caller's bell shows it too when they are one).
 */
export const sendMessage = defineOperation({
  name: 'sendMessage',
  parameter: z.object({ msg: z.string().trim().max(2000) }),
  permission: 'user',
  async handler({ msg }, ctx) {
    const { db, user } = ctx;
    if (!msg) throw specRefusal(user, 'emptyMessage');
    if (user.companyId === null) throw specRefusal(user, 'noCompany');
    const admins = await db
      .selectFrom('core.users')
      .select('id')
      .where('company_id', '=', user.companyId)
      .where('rights', '=', ADMIN_RIGHTS)
      .where('active', '=', true)
      .execute();
    const text = storedNotification('message', { login: user.login, msg });
    if (admins.length > 0) {
      await db
        .insertInto('core.notifications')
        .values(admins.map(({ id }) => ({ company_id: user.companyId, user_id: id, ...text })))
        .execute();
    }
    await recordAction(ctx, 'message_sent', { recipients: admins.length });
    return { sent: admins.length };
  },
});

/** `getDatabaseId` {projectID} (002 §7 "get database id"): the number of a project by its pid. */
export const getDatabaseId = defineOperation({
  name: 'getDatabaseId',
  parameter: z.object({ projectID: z.string().trim().min(1).max(100) }),
  permission: 'user',
  async handler({ projectID }, { db, user }) {
    const row = await db
      .selectFrom('core.projects as p')
      .select('p.numero')
      .where('p.pid', '=', projectID)
      .where(reachableBy(user))
      .executeTakeFirst();
    if (!row) throw specRefusal(user, 'projectNotFound', { pid: projectID });
    return row.numero;
  },
});

/**
 * `numberOfProjects` {} (002 §7 "Number of projects and customs"): the projects the caller
 * reaches, not marked deleted, and of them the custom ones, those with a data definition (LDATA)
 * of their own.
 */
export const numberOfProjects = defineOperation({
  name: 'numberOfProjects',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, { db, user }) {
    const row = await db
      .selectFrom('core.projects as p')
      .select((eb) => [
        eb.fn.countAll<string>().as('projects'),
        eb.fn
          .count<string>('p.numero')
          .filterWhere(eb.fn('btrim', ['p.ldata']), '<>', '')
          .as('customs'),
      ])
      .where(reachableBy(user))
      .where('p.deleted', '=', false)
      .executeTakeFirstOrThrow();
    return { projects: Number(row.projects), customs: Number(row.customs) };
  },
});

/**
 * `emmEnabled` {} (002 §7 "EMM enabled flag"): whether the caller may send MDM commands
 * (dpc_emm_api): their company is active and their menu tree opens Devices → MDM for writing.
 */
export const emmEnabled = defineOperation({
  name: 'emmEnabled',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx) {
    const { user } = ctx;
    if (!user.company?.active || !user.company.tier) return { enabled: false };
    const denied = await menuGateRefusal('dpc_emm_api', {}, ctx, languageOf(user.language));
    return { enabled: denied === null };
  },
});

/** The client identifier a name becomes: lower case, letters, digits, dots and hyphens. */
function slug(text: string): string {
  const cleaned = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (cleaned || 'cliente').slice(0, 80).padEnd(3, '0');
}

/**
 * `getUniqueName` {pid} (002 §7 identity calls, "Get unique name"): a client identifier made from
 * the project's database name that no client has yet, for the create call's `clientid`.
 */
export const getUniqueName = defineOperation({
  name: 'getUniqueName',
  parameter: z.object({ pid: z.string().trim().min(1).max(100) }),
  permission: 'user',
  async handler({ pid }, { db, user }) {
    const project = await db
      .selectFrom('core.projects as p')
      .select('p.dbname')
      .where('p.pid', '=', pid)
      .where(reachableBy(user))
      .executeTakeFirst();
    if (!project) throw specRefusal(user, 'projectNotFound', { pid });
    const base = slug(project.dbname);
    const taken = new Set(
      (
        await db
          .selectFrom('core.identity_clients')
          .select('clientid')
          .where('clientid', 'like', `${base}%`)
          .execute()
      ).map((row) => row.clientid),
    );
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
    return { name };
  },
});
