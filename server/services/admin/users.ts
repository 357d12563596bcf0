import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorCode } from '../../../protocol/envelope';
import { engineOperationName, type EngineVerb } from '../../../protocol/resource-entity';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { ALL_USERS } from '../../../protocol/resources/all-users';
import { USERS, USER_RENAME } from '../../../protocol/resources/users';
import { isTopAdmin } from '../../../protocol/roles';
import type { SessionUser } from '../../auth';
import { rowIdField, rowIdSchema } from '../../db/storable';
import { bySources, entityOperations } from '../../engine/index';
import { checkNotSelfOrLastAdmin } from '../../engine/hooks/users';
import { recordActionAndRevision } from '../../engine/revisions-write';
import { callerAction } from '../../actions-log';
import { languageOf, message } from '../../messages';
import { fieldIssueTexts } from '../../resources/record-parameter';
import { defineOperation, ServiceError, type Operation, type OperationContext } from '../registry';
import { usersRefusal } from './users-texts';

/**
 * The specification's user calls (001 §7, 002 §5, §7), kept with their names and shapes over the
 * engine's operations of `users` and `all-users` (protocol/resources/users.ts; the rules are the
 * hook server/engine/hooks/users.ts): each finds the record's company first (the top
 * administrator works in any company's, /app/xoneadmin), then runs the engine's verb in it, so
 * every write keeps its revision and its line in the actions log. `updateUser` sends no version:
 * it edits the version it reads now (as it always overwrote), unless the call sends one.
 * `lockUser` is a switch, not a form's edit, and stays its own.
 */

const engine = new Map<string, Operation>();
/** The engine's operation of a verb of the users (or every company's users). */
function engineOf(definition: ResourceDefinition, verb: EngineVerb): Operation {
  const name = engineOperationName(definition.name, verb);
  if (!engine.has(name)) {
    for (const operation of entityOperations(definition)) engine.set(operation.name, operation);
  }
  return engine.get(name)!;
}

/** Runs an engine verb with the wire's names (`username`, `pwd`, `role`) taken as the fields. */
function run(
  definition: ResourceDefinition,
  verb: EngineVerb,
  given: Record<string, unknown>,
  ctx: OperationContext,
) {
  const operation = engineOf(definition, verb);
  const parsed = operation.parameter.safeParse(bySources(USER_RENAME)(given));
  if (!parsed.success) {
    // Refused as the route refuses a parameter (an id 0, a field too long), never a 500.
    if (parsed.error.issues.some((issue) => issue.path[0] === 'id'))
      throw usersRefusal(ctx.user, 'userNotFound');
    const language = languageOf(ctx.language ?? ctx.user.language);
    const first = parsed.error.issues[0]?.message ?? '';
    throw new ServiceError(
      fieldIssueTexts(parsed.error, language) ??
        message(language, 'badParameter', { operation: operation.name, detail: first }),
    );
  }
  return operation.handler(parsed.data, ctx) as Promise<Record<string, unknown>>;
}

/** The caller working in a company's users (the top administrator's in another company's). */
const inCompany = (ctx: OperationContext, companyId: number): OperationContext =>
  companyId === ctx.user.companyId ? ctx : { ...ctx, user: { ...ctx.user, companyId } };

function companyOf(user: SessionUser): number {
  if (user.companyId === null) throw usersRefusal(user, 'noCompany');
  return user.companyId;
}

/** Another company's users are the top administrator's: anyone else's 403, as the route's. */
function forbidden(user: SessionUser, operation: string) {
  const text = message(languageOf(user.language), 'forbidden', { operation });
  return new ServiceError(text, ErrorCode.forbidden, 403);
}

/**
 * A user of the caller's company, for a change; another company's is described as missing. The
 * top administrator changes any company's users (/app/xoneadmin).
 */
async function userToChange(ctx: OperationContext, id: number) {
  const row = await ctx.db
    .selectFrom('core.users')
    .select(['id', 'login', 'rights', 'active', 'company_id', 'version'])
    .where('id', '=', id)
    .$if(!isTopAdmin(ctx.user.profile), (query) =>
      query.where('company_id', '=', companyOf(ctx.user)),
    )
    .executeTakeFirst();
  if (!row || row.company_id === null) throw usersRefusal(ctx.user, 'userNotFound');
  return { ...row, company_id: row.company_id };
}

/** The specification's update sends an empty password and e-mail (002 §5): they keep the user's. */
function keepEmpty(given: Record<string, unknown>) {
  const kept = { ...given };
  for (const key of ['email', 'pwd']) if (kept[key] === '' || kept[key] === null) delete kept[key];
  return kept;
}

const callParameter = z.looseObject({});

/**
 * `companyUsers` {datatable, filter: {q?, rights?, active?, …}, rowfilter?, all?}: the engine's
 * list of the company's users; with `all` (/app/xoneadmin) every company's for the top
 * administrator (the company's own for anyone else).
 */
export const companyUsers = defineOperation({
  name: 'companyUsers',
  parameter: callParameter,
  permission: 'admin',
  handler: ({ all, ...given }, ctx) => run(all ? ALL_USERS : USERS, 'list', given, ctx),
});

/** `companyUser` {idusr, all?}: one user, as the list shows them (the show verb). */
export const companyUser = defineOperation({
  name: 'companyUser',
  parameter: z.object({ idusr: rowIdField('a user id'), all: z.boolean().optional() }),
  permission: 'admin',
  handler: ({ idusr, all }, ctx) =>
    run(all ? ALL_USERS : USERS, 'show', { id: idusr }, ctx).catch((error: unknown) => {
      if (error instanceof ServiceError && error.restStatus === 404)
        throw usersRefusal(ctx.user, 'userNotFound');
      throw error;
    }),
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

/**
 * `createUser` {username, email, pwd?, role, twofactor, environments, idcia?}: the engine's
 * create, in the caller's company (or `idcia`'s, for the top administrator); answers the row and
 * `mailed` (the link to set the password was sent).
 */
export const createUser = defineOperation({
  name: 'createUser',
  parameter: z.looseObject({ idcia: rowIdSchema.optional() }),
  permission: 'admin',
  async handler({ idcia, ...given }, ctx) {
    const companyId = idcia ?? companyOf(ctx.user);
    if (companyId !== ctx.user.companyId && !isTopAdmin(ctx.user.profile))
      throw forbidden(ctx.user, 'createUser');
    return run(USERS, 'create', given, inCompany(ctx, companyId));
  },
});

/**
 * `updateUser` {idusr, username?, email?, pwd?, role?, twofactor?, environments?, version?}: the
 * engine's edit; what is absent or empty (the e-mail, the password) is kept.
 */
export const updateUser = defineOperation({
  name: 'updateUser',
  parameter: z.looseObject({ idusr: rowIdSchema, version: z.number().int().optional() }),
  permission: 'admin',
  async handler({ idusr, version, ...given }, ctx) {
    const target = await userToChange(ctx, idusr);
    const edit = { ...keepEmpty(given), id: idusr, version: version ?? target.version };
    return run(USERS, 'edit', edit, inCompany(ctx, target.company_id));
  },
});

/** `deleteUser` {idsuser}: a user who owns no projects (hand them over or delete them first). */
export const deleteUser = defineOperation({
  name: 'deleteUser',
  parameter: z.object({ idsuser: rowIdSchema }),
  permission: 'admin',
  async handler({ idsuser }, ctx) {
    const target = await userToChange(ctx, idsuser);
    return run(USERS, 'delete', { id: idsuser }, inCompany(ctx, target.company_id));
  },
});

/**
 * `lockUser` {idusr, tolock}: one user locked (every request of theirs refused) or unlocked. A
 * switch, not a form's edit: it raises the version and keeps a revision of `active` itself.
 */
export const lockUser = defineOperation({
  name: 'lockUser',
  parameter: z.object({ idusr: rowIdSchema, tolock: z.boolean() }),
  permission: 'admin',
  async handler({ idusr, tolock }, ctx) {
    const target = await userToChange(ctx, idusr);
    const inside = inCompany(ctx, target.company_id);
    await ctx.db.transaction().execute(async (trx) => {
      if (tolock) await checkNotSelfOrLastAdmin(ctx, trx, target);
      const after = await trx
        .updateTable('core.users')
        .set({
          active: !tolock,
          ...(tolock ? {} : { failed_logins: 0, locked_until: null }),
          ...(target.active === !tolock
            ? {}
            : { version: sql`version + 1`, updated_at: sql`now()` }),
        })
        .where('id', '=', target.id)
        .returning('version')
        .executeTakeFirstOrThrow();
      const detail = {
        resource: USERS.name,
        id: target.id,
        name: target.login,
        user: target.login,
      };
      await recordActionAndRevision(
        trx,
        inside,
        callerAction(inside, tolock ? 'user_locked' : 'user_unlocked', detail),
        {
          resource: USERS.name,
          record: target.id,
          change: 'edit',
          before: { active: target.active, version: target.version },
          after: { active: !tolock, version: after.version },
        },
      );
    });
    return { id: target.id, active: !tolock };
  },
});
