import { sql } from 'kysely';
import { ACCOUNT_TIERS, PRODUCT } from '../../../protocol/product';
import { ADMIN_RIGHTS, isAdmin, isTopAdmin } from '../../../protocol/roles';
import type { Db } from '../../db/database';
import { hashPassword } from '../../identity/passwords';
import { passwordLinkMail } from '../../identity/password-page';
import { sendMail } from '../../mail';
import { usersRefusal } from '../../services/admin/users-texts';
import type { OperationContext } from '../../services/registry';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * The company users' rules (001 §2, §5, §7; docs/users.md): the engine serves their list, show,
 * create, edit and delete on core.users; what is not CRUD is here. A password is stored as its
 * hash (the same algorithm as the sign-in's), never read back, logged or kept in a revision; a
 * login is once across every company, whatever its case; rights are at most the caller's; the
 * environments are the company's; a new user counts against the tier's quota and is mailed a
 * link to choose a password; the company keeps an active administrator, and nobody deletes
 * themself. Locking is `lockUser` (server/services/admin/users.ts), not a form's edit.
 */

/** Advisory lock class of a company's users (the quota) and of a login being taken. */
const LOCK_USERS = 727011;

const roleOf = (rights: string) => (rights === ADMIN_RIGHTS ? 'ADMIN' : 'USER');

/** A login another user has (any company), whatever its case; checked under a lock of the login. */
async function checkLogin(hook: HookContext, login: string, id: number | null) {
  await sql`SELECT pg_advisory_xact_lock(${LOCK_USERS}, hashtext(lower(${login})))`.execute(
    hook.trx,
  );
  const taken = await hook.trx
    .selectFrom('core.users')
    .select('id')
    .where(sql<boolean>`lower(login) = lower(${login})`)
    .$if(id !== null, (q) => q.where('id', '<>', id!))
    .executeTakeFirst();
  if (taken) throw usersRefusal(hook.ctx.user, 'loginTaken', { login });
}

/** The company's tier quota of users (001 §5: "Límite alcanzado"), counted under its lock. */
async function checkQuota(hook: HookContext, companyId: number) {
  const { trx, ctx } = hook;
  await sql`SELECT pg_advisory_xact_lock(${LOCK_USERS}, ${companyId})`.execute(trx);
  const company = await trx
    .selectFrom('core.companies')
    .select('tier')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw usersRefusal(ctx.user, 'companyNotFound');
  const max = ACCOUNT_TIERS.find((tier) => tier.id === company.tier)?.users;
  if (max === null || max === undefined) return;
  const { n } = await trx
    .selectFrom('core.users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) throw usersRefusal(ctx.user, 'userLimit', { max });
}

/** The company's environments among those asked for, sorted; another company's is a refusal. */
async function environmentIds(hook: HookContext, companyId: number, asked: unknown) {
  const ids = [...new Set(((asked as unknown[] | null) ?? []).map(Number))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const found = await hook.trx
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw usersRefusal(hook.ctx.user, 'environmentNotFound');
  return ids;
}

async function setEnvironments(trx: Db, userId: number, ids: number[]) {
  await trx.deleteFrom('core.user_environments').where('user_id', '=', userId).execute();
  if (ids.length > 0) {
    await trx
      .insertInto('core.user_environments')
      .values(ids.map((environment_id) => ({ user_id: userId, environment_id })))
      .execute();
  }
}

/** Whether another active administrator of the company remains without this one. */
async function otherAdministrators(trx: Db, companyId: number, id: number) {
  const { n } = await trx
    .selectFrom('core.users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('rights', '=', ADMIN_RIGHTS)
    .where('active', '=', true)
    .where('id', '<>', id)
    .executeTakeFirstOrThrow();
  return Number(n) > 0;
}

/** Neither oneself nor the company's last active administrator is locked or deleted. */
export async function checkNotSelfOrLastAdmin(
  ctx: OperationContext,
  trx: Db,
  target: { id: number; rights: string; company_id: number },
) {
  if (target.id === ctx.user.id) throw usersRefusal(ctx.user, 'self');
  if (
    target.rights === ADMIN_RIGHTS &&
    !(await otherAdministrators(trx, target.company_id, target.id))
  )
    throw usersRefusal(ctx.user, 'lastAdmin');
}

/** The environments a create chose, from its `before` hook to its `after` one (by the write's hook). */
const chosen = new WeakMap<HookContext, number[]>();

const companyIn = (hook: HookContext) => hook.ctx.user.companyId!;

export const usersHooks: ResourceHooks = {
  sql: {
    // Never read back: a stored row has no password (its hash is no field).
    password: sql`null::text`,
    environments: sql`coalesce((SELECT array_agg(e.environment_id ORDER BY e.environment_id) FROM core.user_environments e WHERE e.user_id = t.id), '{}')`,
    projects: sql`(SELECT count(*)::int FROM core.projects p WHERE NOT p.deleted AND (p.owner_id = t.id OR EXISTS (SELECT 1 FROM core.project_shares s WHERE s.numero = p.numero AND s.user_id = t.id)))`,
  },
  // Rights no higher than the caller's: an administrator's only from an administrator.
  guards: {
    async rights(value, _before, hook) {
      if (value === ADMIN_RIGHTS && !isAdmin(hook.ctx.user.profile))
        throw usersRefusal(hook.ctx.user, 'rightsAbove');
    },
  },
  async beforeCreate(values, hook) {
    const companyId = companyIn(hook);
    await checkQuota(hook, companyId);
    await checkLogin(hook, String(values.login), null);
    chosen.set(hook, await environmentIds(hook, companyId, values.environments));
    const rights = String(values.rights);
    // Without a password the account cannot be entered until its owner sets one by the link.
    const password = values.password ? String(values.password) : `unset:${crypto.randomUUID()}`;
    return {
      ...values,
      environments: chosen.get(hook),
      password_hash: await hashPassword(password),
      role: roleOf(rights),
      language: hook.ctx.user.language,
    };
  },
  async afterCreate(row, hook) {
    const { ctx } = hook;
    const id = row.id as number;
    const environments = chosen.get(hook) ?? [];
    await setEnvironments(hook.trx, id, environments);
    // The row was read before its environments were written: its revision and answer have them;
    // a password, even as none, is not in its revision.
    row.environments = environments;
    delete row.password;
    // The new user is mailed a link to set their password (the outbox without SMTP); a refused
    // mail stays in the outbox (logged by sendMail), the user exists either way.
    hook.afterCommit?.(async () => {
      const user = { id, login: String(row.login), language: ctx.user.language };
      const mail = await passwordLinkMail(ctx.db, ctx.config, user);
      const to = String(row.email);
      const mailed = await sendMail(
        { db: ctx.db, config: ctx.config, log: ctx.log },
        { to, ...mail },
      )
        .then(() => true)
        .catch(() => false);
      hook.answerOnce?.({ mailed });
    });
  },
  async beforeEdit(changes, before, hook) {
    const { ctx, trx } = hook;
    const id = before.id as number;
    const companyId = before.idcia as number;
    const next: Row = { ...changes };
    if (changes.login !== undefined) await checkLogin(hook, String(changes.login), id);
    if (changes.rights !== undefined && changes.rights !== before.rights) {
      if (changes.rights !== ADMIN_RIGHTS && before.rights === ADMIN_RIGHTS) {
        if (id === ctx.user.id) throw usersRefusal(ctx.user, 'ownRights');
        if (!(await otherAdministrators(trx, companyId, id)))
          throw usersRefusal(ctx.user, 'lastAdmin');
      }
      // The top administrator's role is the product's; only rights change for them.
      const { role } = await trx
        .selectFrom('core.users')
        .select('role')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (role !== PRODUCT) next.role = roleOf(String(changes.rights));
    }
    // An empty password keeps the one the user has (the specification's update sends one).
    if (!changes.password) delete next.password;
    else next.password_hash = await hashPassword(String(changes.password));
    if (changes.environments !== undefined && changes.environments !== null) {
      next.environments = await environmentIds(hook, companyId, changes.environments);
      if (JSON.stringify(next.environments) !== JSON.stringify(before.environments))
        await setEnvironments(trx, id, next.environments as number[]);
    } else delete next.environments;
    if (changes.twofactor === null) delete next.twofactor;
    return next;
  },
  async beforeDelete(before, hook) {
    // The deleted row, kept in the revision, names no password.
    delete before.password;
    const target = {
      id: before.id as number,
      rights: String(before.rights),
      company_id: before.idcia as number,
    };
    await checkNotSelfOrLastAdmin(hook.ctx, hook.trx, target);
    const owned = await hook.trx
      .selectFrom('core.projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', target.id)
      .executeTakeFirstOrThrow();
    if (Number(owned.n) > 0)
      throw usersRefusal(hook.ctx.user, 'ownsProjects', { n: Number(owned.n) });
  },
  // The specification's names beside ours (001 §3 User: username, role, enabled); no password.
  async present(rows) {
    return rows.map(({ password: _password, ...row }) => ({
      ...row,
      username: row.login,
      role: row.rights,
      enabled: row.active,
    }));
  },
};

/**
 * /app/xoneadmin: the same rows, every company's for the top administrator (the company's own
 * for a company administrator), with the company's name. Its writes are the users' calls.
 */
export const allUsersHooks: ResourceHooks = {
  sql: {
    ...usersHooks.sql,
    company: sql`(SELECT c.name FROM core.companies c WHERE c.id = t.company_id)`,
  },
  seen: (company, ctx) =>
    isTopAdmin(ctx.user.profile) ? sql<boolean>`true` : sql<boolean>`t.company_id = ${company}`,
  present: usersHooks.present,
};
