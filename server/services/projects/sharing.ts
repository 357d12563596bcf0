import { rowIdField } from '../../db/storable';
import { sql } from 'kysely';
import { z } from 'zod';
import { normaliseTree } from '../../../protocol/access-tree';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema, type Page } from '../../../protocol/paging';
import type { ProjectShare } from '../../../protocol/projects';
import { logAction } from '../../actions-log';
import { isAdminSql } from '../../db/user-roles-sql';
import { requireEnvironmentCompany } from '../environments/refuse';
import { defineOperation, type OperationContext } from '../registry';
import { databaseSchema, projectPermissions, requireProject, type ProjectAccess } from './access';
import { normaliseGeneral } from './rule';
import {
  accessTreeSchema,
  environmentPermissionsSchema,
  generalSchema,
  grantedEnvironments,
  grantedGeneral,
  grantedTree,
  normaliseEnvironments,
  type SharerLimits,
} from './share-input';
import { projectRefusal } from './texts';

const userIdSchema = rowIdField('a user id');

/**
 * Who may see and change a project's shares: its owner, the company's administrators, and a user
 * it is shared with who holds the share permission (002 §6). Answers what the caller may pass on.
 */
async function requireSharer(ctx: OperationContext, project: ProjectAccess): Promise<SharerLimits> {
  const permissions = await projectPermissions(ctx, project.numero);
  if (!permissions.share) throw projectRefusal(ctx.user, 'notSharer', { numero: project.numero });
  if (project.manager) return { tree: project.tree, permissions, environments: null };
  const own = await ctx.db
    .selectFrom('core.project_shares')
    .select('env_permissions')
    .where('numero', '=', project.numero)
    .where('user_id', '=', ctx.user.id)
    .executeTakeFirst();
  return {
    tree: project.tree,
    permissions,
    environments: normaliseEnvironments(
      own?.env_permissions,
      Object.keys(own?.env_permissions ?? {}).map(Number),
    ),
  };
}

function shareRows(ctx: OperationContext, numero: number) {
  return ctx.db
    .selectFrom('core.project_shares as s')
    .innerJoin('core.users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.login', 'u.email', 's.permissions', 's.env_permissions', 's.access'])
    .where('s.numero', '=', numero);
}

type ShareRow = Awaited<ReturnType<ReturnType<typeof shareRows>['execute']>>[number];

function toShare(row: ShareRow, environmentIds: readonly number[]): ProjectShare {
  return {
    userId: row.user_id,
    login: row.login,
    email: row.email,
    permissions: normaliseGeneral(row.permissions),
    envPermissions: normaliseEnvironments(row.env_permissions, environmentIds),
    access: normaliseTree(row.access),
  };
}

async function companyEnvironmentIds(ctx: OperationContext): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .execute();
  return rows.map((row) => row.id);
}

/** `projectShares` {database}: the users the project is shared with and what they may do. */
export const projectShares = defineOperation({
  name: 'projectShares',
  parameter: z.object({ database: databaseSchema }),
  permission: 'user',
  async handler({ database }, ctx): Promise<ProjectShare[]> {
    const project = await requireProject(ctx, database);
    await requireSharer(ctx, project);
    const [rows, environments] = await Promise.all([
      shareRows(ctx, project.numero)
        .orderBy(sql`lower(u.login)`)
        .execute(),
      companyEnvironmentIds(ctx),
    ]);
    return rows.map((row) => toShare(row, environments));
  },
});

/**
 * `shareProject` {database, userId, permissions, envPermissions, access}: shares the project
 * with a user of the company, or changes what they may do. The tree is normalised
 * (protocol/access-tree.ts normaliseTree); a sharer who is not the owner or an administrator
 * passes on at most what they hold, and cannot change their own share.
 */
export const shareProject = defineOperation({
  name: 'shareProject',
  parameter: z.object({
    database: databaseSchema,
    userId: userIdSchema,
    permissions: generalSchema.default({}),
    envPermissions: environmentPermissionsSchema.default({}),
    access: accessTreeSchema.default([]),
  }),
  permission: 'user',
  async handler(parameter, ctx): Promise<ProjectShare> {
    const project = await requireProject(ctx, parameter.database);
    const { db, user } = ctx;
    const limits = await requireSharer(ctx, project);
    const target = await db
      .selectFrom('core.users')
      .select(['id', 'login'])
      .where('id', '=', parameter.userId)
      .where('company_id', '=', user.companyId ?? -1)
      .executeTakeFirst();
    if (!target) throw projectRefusal(user, 'shareUserNotFound', { id: parameter.userId });
    if (target.id === user.id) throw projectRefusal(user, 'shareSelf', { numero: project.numero });
    const { owner_id } = await db
      .selectFrom('core.projects')
      .select('owner_id')
      .where('numero', '=', project.numero)
      .executeTakeFirstOrThrow();
    if (target.id === owner_id)
      throw projectRefusal(user, 'shareWithOwner', { login: target.login });
    const environments = await companyEnvironmentIds(ctx);
    const values = {
      permissions: JSON.stringify(grantedGeneral(parameter.permissions, limits)),
      env_permissions: JSON.stringify(
        grantedEnvironments(parameter.envPermissions, environments, limits),
      ),
      access: JSON.stringify(grantedTree(parameter.access, limits)),
      shared_by: user.id,
    };
    await db
      .insertInto('core.project_shares')
      .values({ numero: project.numero, user_id: target.id, ...values })
      .onConflict((oc) =>
        oc.columns(['numero', 'user_id']).doUpdateSet({ ...values, updated_at: sql`now()` }),
      )
      .execute();
    await logAction(db, {
      companyId: user.companyId,
      userId: user.id,
      login: user.login,
      action: 'project_shared',
      detail: { project: project.numero, user: target.id },
    });
    const row = await shareRows(ctx, project.numero)
      .where('s.user_id', '=', target.id)
      .executeTakeFirstOrThrow();
    return toShare(row, environments);
  },
});

/** `unshareProject` {database, userId}: the user no longer reaches the project. */
export const unshareProject = defineOperation({
  name: 'unshareProject',
  parameter: z.object({ database: databaseSchema, userId: userIdSchema }),
  permission: 'user',
  async handler({ database, userId }, ctx) {
    const project = await requireProject(ctx, database);
    const { db, user } = ctx;
    if (userId !== user.id) await requireSharer(ctx, project);
    const removed = await db
      .deleteFrom('core.project_shares')
      .where('numero', '=', project.numero)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) {
      throw projectRefusal(user, 'notShared', { numero: project.numero, id: userId });
    }
    await logAction(db, {
      companyId: user.companyId,
      userId: user.id,
      login: user.login,
      action: 'project_unshared',
      detail: { project: project.numero, user: userId },
    });
    return { database: project.numero, userId };
  },
});

const IS_ADMIN = isAdminSql('u');

/**
 * `usersForShare` {includeAdmins?, includeMyCiaUsers?, q?, datatable?}: the active users of the
 * caller's company a project can be shared with (not the caller), by login. Administrators are
 * left out unless asked for (they reach every project of the company already).
 */
export const usersForShare = defineOperation({
  name: 'usersForShare',
  parameter: z.object({
    includeAdmins: z.boolean().default(false),
    includeMyCiaUsers: z.boolean().default(true),
    q: z.string().trim().max(200).optional(),
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
  }),
  permission: 'user',
  async handler({ includeAdmins, includeMyCiaUsers, q, datatable }, { db, user }) {
    const companyId = requireEnvironmentCompany(user);
    let query = db
      .selectFrom('core.users as u')
      .where('u.company_id', '=', companyId)
      .where('u.active', '=', true)
      .where('u.id', '<>', user.id);
    if (!includeAdmins) query = query.where(sql<boolean>`NOT ${IS_ADMIN}`);
    if (!includeMyCiaUsers) query = query.where(IS_ADMIN);
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      query = query.where((eb) =>
        eb.or([eb('u.login', 'ilike', pattern), eb('u.email', 'ilike', pattern)]),
      );
    }
    const [data, count] = await Promise.all([
      query
        .select(['u.id', 'u.login', 'u.email', IS_ADMIN.as('admin')])
        .orderBy(sql`lower(u.login)`, datatable.orderDir)
        .orderBy('u.id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: Number(count.total) } satisfies Page<{
      id: number;
      login: string;
      email: string;
      admin: boolean;
    }>;
  },
});
