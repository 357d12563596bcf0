import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { ACCOUNT_TIERS, PRODUCT } from '../../../protocol/product';
import { ALL_USERS } from '../../../protocol/resources/all-users';
import { USERS, USER_RENAME } from '../../../protocol/resources/users';
import { ADMIN_RIGHTS, isTopAdmin } from '../../../protocol/roles';
import { recordAction } from '../../actions-log';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { rowIdField, rowIdSchema } from '../../db/storable';
import { hashPassword } from '../../identity/passwords';
import { passwordLinkMail } from '../../identity/password-page';
import { sendMail } from '../../mail';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { recordParameter } from '../../resources/record-parameter';
import { defineOperation, ServiceError, type OperationContext } from '../registry';
import { languageOf, message } from '../../messages';
import { ErrorCode } from '../../../protocol/envelope';
import { escapeLike } from '../../../protocol/filters';
import {
  checkedUser,
  checkUniqueCustom,
  customColumns,
  customValues,
  keepRaw,
  mergedCustom,
  rawParameter,
  usersDefinition,
  withCustomValues,
} from './user-fields';
import { usersRefusal } from './users-texts';

/**
 * The users a company's quota counts and its lists show, with what the console shows of each;
 * every company's (null) for the top administrator's /app/xoneadmin.
 */
function companyUsersQuery(db: Db, companyId: number | null) {
  return db
    .selectFrom('core.users as u')
    .$if(companyId !== null, (query) => query.where('u.company_id', '=', companyId))
    .select((eb) => [
      'u.id',
      'u.company_id as idcia',
      eb
        .selectFrom('core.companies as c')
        .select('c.name')
        .whereRef('c.id', '=', 'u.company_id')
        .as('company'),
      'u.login',
      'u.email',
      'u.rights',
      'u.twofactor',
      'u.active',
      'u.created_at',
      'u.custom',
      eb
        .selectFrom('core.projects as p')
        .select(eb.fn.countAll<string>().as('n'))
        .where('p.deleted', '=', false)
        .where((inner) =>
          inner.or([
            inner('p.owner_id', '=', eb.ref('u.id')),
            inner.exists(
              inner
                .selectFrom('core.project_shares as s')
                .select('s.numero')
                .whereRef('s.numero', '=', 'p.numero')
                .whereRef('s.user_id', '=', 'u.id'),
            ),
          ]),
        )
        .as('projects'),
      sql<
        number[]
      >`coalesce((SELECT array_agg(e.environment_id ORDER BY e.environment_id) FROM core.user_environments e WHERE e.user_id = u.id), '{}')`.as(
        'environments',
      ),
    ]);
}

/** A listed user with the specification's names beside ours (001 §3 User: username, role, enabled). */
function specUserRow<
  R extends { login: string; rights: string; active: boolean; projects: unknown },
>(row: R) {
  return {
    ...row,
    projects: Number(row.projects),
    username: row.login,
    role: row.rights,
    enabled: row.active,
  };
}

/**
 * The specification's update sends an empty password and the e-mail unchanged or empty (002 §5):
 * an empty one keeps what the user has, it does not clear it.
 */
function keepEmpty(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const given = { ...(input as Record<string, unknown>) };
  for (const key of ['email', 'pwd']) {
    if (given[key] === '' || given[key] === null) delete given[key];
  }
  return given;
}

/** The caller's company: a company administrator's user administration is of their own. */
function companyOf(user: SessionUser): number {
  if (user.companyId === null) throw usersRefusal(user, 'noCompany');
  return user.companyId;
}

/**
 * `all` (/app/xoneadmin, 000 §2): every company's users for the top administrator, the company's
 * own for a company administrator (the screen is theirs too); without it, the caller's company's.
 */
function listedCompany(user: SessionUser, all: boolean | undefined): number | null {
  return all && isTopAdmin(user.profile) ? null : companyOf(user);
}

/** Another company's users are the top administrator's: anyone else's 403, as the route's. */
function forbidden(user: SessionUser, operation: string) {
  const text = message(languageOf(user.language), 'forbidden', { operation });
  return new ServiceError(text, ErrorCode.forbidden, 403);
}

/** The declared filter fields (protocol/resources/users.ts), over the list's row `t`. */
const FILTER_COLUMNS = Object.fromEntries(
  ['login', 'email', 'rights', 'twofactor', 'projects', 'active', 'created_at', 'company'].map(
    (source) => [source, sql.ref(`t.${source}`)],
  ),
);

/**
 * `companyUsers` {datatable, filter: {q?, rights?, active?, …}, rowfilter?, rowfilteroper?}: the
 * company's users, paged, sorted and filtered in SQL (`q`: the login or e-mail contained; the
 * declared fields with their operators).
 */
export const companyUsers = defineOperation({
  name: 'companyUsers',
  parameter: z.object({
    datatable: datatableSchema
      .extend({
        // A declared sortable field, or a custom field of the company (checked in the handler).
        orderBy: z.string().max(100).default('login'),
      })
      .default({ start: 0, length: 25, orderBy: 'login', orderDir: 'asc' }),
    filter: plainFilterSchema({
      q: z.string().max(200).optional(),
      rights: z.enum([ADMIN_RIGHTS, 'USUARIO']).optional(),
      active: z.boolean().optional(),
    }),
    all: z.boolean().optional(),
    ...rowFilterParameters,
  }),
  permission: 'admin',
  async handler({ datatable, filter, all, ...given }, ctx) {
    const { db, user } = ctx;
    // A company's users carry its custom fields (every company's, for the top administrator, not).
    const definition = all ? ALL_USERS : await usersDefinition(ctx);
    const columns = { ...FILTER_COLUMNS, ...customColumns(definition) };
    const filters = definitionFilters(definition, columns, { filter, ...given }, user);
    // Only the columns' own names (a sort by `constructor` is no column).
    const order = Object.hasOwn(columns, datatable.orderBy) ? columns[datatable.orderBy] : null;
    if (!order) {
      const detail = `datatable.orderBy: ${datatable.orderBy}`;
      throw new ServiceError(
        message(languageOf(user.language), 'badParameter', { operation: 'companyUsers', detail }),
      );
    }
    let query = companyUsersQuery(db, listedCompany(user, all));
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      query = query.where((eb) =>
        eb.or([eb('u.login', 'ilike', like), eb('u.email', 'ilike', like)]),
      );
    }
    const [rows, count] = await Promise.all([
      db
        .selectFrom(query.as('t'))
        .where(filters)
        .selectAll()
        .orderBy(order, datatable.orderDir)
        .orderBy('t.id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      db
        .selectFrom(query.as('t'))
        .where(filters)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => specUserRow(withCustomValues(definition, row))),
      total: Number(count.total),
    };
  },
});

/** `companyUser` {idusr}: one of the company's users, as its list shows them (the show verb). */
export const companyUser = defineOperation({
  name: 'companyUser',
  parameter: z.object({ idusr: rowIdField('a user id'), all: z.boolean().optional() }),
  permission: 'admin',
  async handler({ idusr, all }, ctx) {
    const { db, user } = ctx;
    const row = await companyUsersQuery(db, listedCompany(user, all))
      .where('u.id', '=', idusr)
      .executeTakeFirst();
    if (!row) throw usersRefusal(user, 'userNotFound');
    return specUserRow(withCustomValues(all ? ALL_USERS : await usersDefinition(ctx), row));
  },
});

/** `loginAvailable` {value, id?}: whether a login is free (another user's, any company, is not). */
export const loginAvailable = defineOperation({
  name: 'loginAvailable',
  parameter: z.object({ value: z.string().trim().min(1).max(100), id: rowIdSchema.optional() }),
  permission: 'admin',
  async handler({ value, id }, { db }) {
    const taken = await db
      .selectFrom('core.users')
      .select('id')
      .where(sql<boolean>`lower(login) = lower(${value})`)
      .$if(id !== undefined, (q) => q.where('id', '<>', id!))
      .executeTakeFirst();
    return { available: !taken };
  },
});

interface UserInput {
  username?: string;
  email?: string;
  pwd?: string | null;
  role?: string;
  twofactor?: boolean | null;
  environments?: (number | string)[] | null;
}

const LOCK_USERS = 727011;

/** The company's environments among those asked for; another company's is a refusal. */
async function environmentIds(
  ctx: OperationContext,
  companyId: number,
  asked: UserInput['environments'],
) {
  const ids = [...new Set((asked ?? []).map(Number))];
  if (ids.length === 0) return [];
  const found = await ctx.db
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw usersRefusal(ctx.user, 'environmentNotFound');
  return ids;
}

async function setEnvironments(db: Db, userId: number, ids: number[]) {
  await db.deleteFrom('core.user_environments').where('user_id', '=', userId).execute();
  if (ids.length > 0) {
    await db
      .insertInto('core.user_environments')
      .values(ids.map((environment_id) => ({ user_id: userId, environment_id })))
      .execute();
  }
}

/** The company's tier quota of users (001 §5: "Límite alcanzado"), counted under the company's lock. */
async function checkQuota(trx: Db, user: SessionUser, companyId: number) {
  const company = await trx
    .selectFrom('core.companies')
    .select('tier')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) throw usersRefusal(user, 'companyNotFound');
  const max = ACCOUNT_TIERS.find((tier) => tier.id === company.tier)?.users;
  if (max === null || max === undefined) return;
  const { n } = await trx
    .selectFrom('core.users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) throw usersRefusal(user, 'userLimit', { max });
}

const roleOf = (rights: string) => (rights === ADMIN_RIGHTS ? 'ADMIN' : 'USER');

function logUser(
  ctx: OperationContext,
  action: string,
  target: { id: number; login: string },
  detail = {},
) {
  return recordAction(ctx, action, { user: target.login, id: target.id, ...detail });
}

/**
 * `createUser` {username, email, pwd?, role, twofactor, environments}: a user of the caller's
 * company, within its tier's quota. The new user is mailed a link to set their password (the
 * outbox without SMTP); a password given here works until then.
 */
export const createUser = defineOperation({
  name: 'createUser',
  parameter: z.preprocess(
    keepRaw,
    recordParameter(
      USERS,
      'create',
      { idcia: rowIdSchema.optional(), ...rawParameter },
      USER_RENAME,
    ),
  ),
  permission: 'admin',
  async handler(parameter, ctx) {
    const { db, user, config } = ctx;
    // The company's rules of its users: overrides and custom fields (user-fields.ts).
    const definition = await usersDefinition(ctx);
    const checked = checkedUser(definition, 'create', parameter.raw, ctx, 'createUser');
    const given = { ...checked, idcia: parameter.idcia } as UserInput & { idcia?: number };
    const custom = customValues(definition, checked);
    // The top administrator creates users in any company (/app/xoneadmin); others in their own.
    const companyId = given.idcia ?? companyOf(user);
    if (companyId !== user.companyId && !isTopAdmin(user.profile))
      throw forbidden(user, 'createUser');
    const environments = await environmentIds(ctx, companyId, given.environments);
    // Without a password the account cannot be entered until its owner sets one by the link.
    const hash = await hashPassword(given.pwd || `unset:${crypto.randomUUID()}`);
    const created = await db
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${LOCK_USERS}, ${companyId})`.execute(trx);
        await checkQuota(trx, user, companyId);
        await checkUniqueCustom(definition, ctx, trx, custom, companyId, null);
        const row = await trx
          .insertInto('core.users')
          .values({
            company_id: companyId,
            login: given.username!,
            email: given.email!,
            password_hash: hash,
            rights: given.role!,
            role: roleOf(given.role!),
            twofactor: given.twofactor ?? false,
            language: user.language,
            custom: JSON.stringify(custom),
          })
          .returning(['id', 'login', 'email', 'language'])
          .executeTakeFirstOrThrow();
        await setEnvironments(trx, row.id, environments);
        return row;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_login_key'))
          throw usersRefusal(user, 'loginTaken', { login: given.username! });
        throw error;
      });
    const mail = await passwordLinkMail(db, config, created);
    // A refused mail stays in the outbox (logged by sendMail); the user exists either way.
    const mailed = await sendMail({ db, config, log: ctx.log }, { to: created.email, ...mail })
      .then(() => true)
      .catch(() => false);
    await logUser(ctx, 'user_created', created, { rights: given.role });
    return { id: created.id, mailed };
  },
});

/**
 * A user of the caller's company, for a change; another company's is described as missing. The
 * top administrator changes any company's users (/app/xoneadmin).
 */
async function userToChange(ctx: OperationContext, id: number) {
  const anyCompany = isTopAdmin(ctx.user.profile);
  const row = await ctx.db
    .selectFrom('core.users')
    .select(['id', 'login', 'rights', 'role', 'active', 'company_id'])
    .where('id', '=', id)
    .$if(!anyCompany, (query) => query.where('company_id', '=', companyOf(ctx.user)))
    .executeTakeFirst();
  if (!row || row.company_id === null) throw usersRefusal(ctx.user, 'userNotFound');
  return { ...row, company_id: row.company_id };
}

/** Whether another active administrator of the company remains without this one. */
async function otherAdministrators(db: Db, companyId: number, id: number) {
  const { n } = await db
    .selectFrom('core.users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .where('rights', '=', ADMIN_RIGHTS)
    .where('active', '=', true)
    .where('id', '<>', id)
    .executeTakeFirstOrThrow();
  return Number(n) > 0;
}

/**
 * `updateUser` {idusr, username?, email?, pwd?, role?, twofactor?, environments?}: what is absent
 * or empty (the e-mail, the password) is kept.
 */
export const updateUser = defineOperation({
  name: 'updateUser',
  parameter: z.preprocess(
    (input) => keepRaw(keepEmpty(input)),
    recordParameter(USERS, 'edit', { idusr: rowIdSchema, ...rawParameter }, USER_RENAME),
  ),
  permission: 'admin',
  async handler(parameter, ctx) {
    const { db, user } = ctx;
    const definition = await usersDefinition(ctx);
    const checked = checkedUser(definition, 'edit', parameter.raw, ctx, 'updateUser');
    const given = { ...checked, idusr: parameter.idusr } as UserInput & { idusr: number };
    const custom = customValues(definition, checked);
    const target = await userToChange(ctx, given.idusr);
    const companyId = target.company_id;
    if (given.role && given.role !== ADMIN_RIGHTS && target.rights === ADMIN_RIGHTS) {
      if (target.id === user.id) throw usersRefusal(user, 'ownRights');
      if (!(await otherAdministrators(db, companyId, target.id)))
        throw usersRefusal(user, 'lastAdmin');
    }
    const environments =
      given.environments === undefined
        ? undefined
        : await environmentIds(ctx, companyId, given.environments);
    const changes = {
      ...(given.username !== undefined && { login: given.username }),
      ...(given.email !== undefined && { email: given.email }),
      ...(given.role !== undefined && { rights: given.role }),
      // The top administrator's role is the product's; only rights change for them.
      ...(given.role !== undefined && target.role !== PRODUCT && { role: roleOf(given.role) }),
      ...(given.twofactor !== undefined &&
        given.twofactor !== null && { twofactor: given.twofactor }),
      ...(given.pwd ? { password_hash: await hashPassword(given.pwd) } : {}),
      ...(Object.keys(custom).length > 0 && { custom: mergedCustom(custom) }),
    };
    await db
      .transaction()
      .execute(async (trx) => {
        await checkUniqueCustom(definition, ctx, trx, custom, companyId, target.id);
        if (Object.keys(changes).length > 0) {
          await trx.updateTable('core.users').set(changes).where('id', '=', target.id).execute();
        }
        if (environments !== undefined) await setEnvironments(trx, target.id, environments);
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, 'users_login_key'))
          throw usersRefusal(user, 'loginTaken', { login: given.username ?? '' });
        throw error;
      });
    await logUser(ctx, 'user_modified', target, {
      changed: [
        ...Object.keys(changes).filter((key) => key !== 'password_hash' && key !== 'role'),
        ...(given.pwd ? ['password'] : []),
        ...(environments ? ['environments'] : []),
      ],
    });
    return { id: target.id };
  },
});

/** Neither oneself nor the company's last active administrator may be locked or deleted. */
async function checkNotSelfOrLastAdmin(
  ctx: OperationContext,
  target: { id: number; rights: string; company_id: number },
) {
  if (target.id === ctx.user.id) throw usersRefusal(ctx.user, 'self');
  if (
    target.rights === ADMIN_RIGHTS &&
    !(await otherAdministrators(ctx.db, target.company_id, target.id))
  ) {
    throw usersRefusal(ctx.user, 'lastAdmin');
  }
}

/** `lockUser` {idusr, tolock}: one user locked (every request of theirs refused) or unlocked. */
export const lockUser = defineOperation({
  name: 'lockUser',
  parameter: z.object({ idusr: rowIdSchema, tolock: z.boolean() }),
  permission: 'admin',
  async handler({ idusr, tolock }, ctx) {
    const target = await userToChange(ctx, idusr);
    if (tolock) await checkNotSelfOrLastAdmin(ctx, target);
    await ctx.db
      .updateTable('core.users')
      .set({ active: !tolock, ...(tolock ? {} : { failed_logins: 0, locked_until: null }) })
      .where('id', '=', target.id)
      .execute();
    await logUser(ctx, tolock ? 'user_locked' : 'user_unlocked', target);
    return { id: target.id, active: !tolock };
  },
});

/** `deleteUser` {idsuser}: a user who owns no projects (hand them over or delete them first). */
export const deleteUser = defineOperation({
  name: 'deleteUser',
  parameter: z.object({ idsuser: rowIdSchema }),
  permission: 'admin',
  async handler({ idsuser }, ctx) {
    const target = await userToChange(ctx, idsuser);
    await checkNotSelfOrLastAdmin(ctx, target);
    const owned = await ctx.db
      .selectFrom('core.projects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', target.id)
      .executeTakeFirstOrThrow();
    if (Number(owned.n) > 0) throw usersRefusal(ctx.user, 'ownsProjects', { n: Number(owned.n) });
    await ctx.db.deleteFrom('core.users').where('id', '=', target.id).execute();
    await logUser(ctx, 'user_deleted', target);
    return { id: target.id };
  },
});
