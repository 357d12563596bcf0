import { sql } from 'kysely';
import { z } from 'zod';
import { normaliseTree, type AccessNode } from '../../../protocol/access-tree';
import { normaliseTypedTree, STORED_TYPES } from '../../../protocol/access-caps';
import { MENU_TREE_TYPE } from '../../../protocol/menu-tree';
import { isAdmin } from '../../../protocol/roles';
import { recordAction } from '../../actions-log';
import { rowIdField } from '../../db/storable';
import { usersRefusal } from '../admin/users-texts';
import { refusal } from '../environments/refuse';
import { normaliseGeneral } from '../projects/rule';
import { defineOperation, type OperationContext } from '../registry';
import { userTrees } from './menu-gate';
import { accessTexts } from './texts';

/**
 * A user's access trees (002 §3 lstPermissions, §6; docs/decisions.md "Access trees per user"):
 * the menu tree of the host flavour per environment, and the tree of each project, which is the
 * user's share of it. Company administrators edit them for their company's users.
 */

const userIdSchema = rowIdField('a user id');
const treeSchema = z.array(z.unknown()).max(100).nullable();

/** A user of the caller's company; another company's is described as missing. */
async function companyUser(ctx: OperationContext, id: number) {
  const row = await ctx.db
    .selectFrom('core.users')
    .select(['id', 'login', 'role', 'rights'])
    .where('id', '=', id)
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .executeTakeFirst();
  if (!row) throw usersRefusal(ctx.user, 'userNotFound');
  return { ...row, admin: isAdmin({ role: row.role, rights: row.rights }) };
}

/** A user whose trees may change: of the company, and not an administrator (full access). */
async function userToGive(ctx: OperationContext, id: number) {
  const target = await companyUser(ctx, id);
  if (target.admin) throw accessTexts.refusal(ctx.user, 'adminTarget');
  return target;
}

/**
 * `userAccess` {idusr}: the user's stored menu trees (lstPermissions of the flavour's type) and
 * the company's environments to give them for. An administrator has none: full access.
 */
export const userAccess = defineOperation({
  name: 'userAccess',
  parameter: z.object({ idusr: userIdSchema }),
  permission: 'admin',
  async handler({ idusr }, ctx) {
    const target = await companyUser(ctx, idusr);
    const flavour = ctx.config.FLAVOUR;
    // A company holds a handful of environments; 200 is a guard, not a page.
    const environments = await ctx.db
      .selectFrom('core.environments')
      .select(['id', 'name', 'system'])
      .where('company_id', '=', ctx.user.companyId ?? -1)
      .orderBy('system', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
    return {
      flavour,
      type: MENU_TREE_TYPE[flavour],
      admin: target.admin,
      environments,
      // Every stored type (002 §6: 2 manager, 3 cloud UI, 4 project and 5 MAM by environment,
      // 6 manager UI); type 1, a project's tree, is the share (userProjectAccess).
      lstPermissions: target.admin ? [] : await userTrees(ctx.db, idusr, STORED_TYPES),
    };
  },
});

async function companyEnvironment(ctx: OperationContext, id: number) {
  const row = await ctx.db
    .selectFrom('core.environments')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .executeTakeFirst();
  if (!row) throw accessTexts.refusal(ctx.user, 'environmentNotFound', { id });
  return row;
}

/**
 * `saveUserAccess` {idusr, idenv, access, type?}: the user's tree of a permission type for an
 * environment (002 §6): by default the flavour's menu tree (3 or 6); 2 the manager tree the server
 * applies in both flavours; 4 and 5 project trees that cap the user's shares of that environment's
 * projects (all nodes, or the device area's). `access` null removes it (no tree of the type: no
 * limit of it), [] allows all. Only show, write and nodes are kept.
 */
export const saveUserAccess = defineOperation({
  name: 'saveUserAccess',
  parameter: z.object({
    idusr: userIdSchema,
    idenv: rowIdField('an environment id'),
    access: treeSchema,
    type: z.union(STORED_TYPES.map((type) => z.literal(type))).optional(),
  }),
  permission: 'admin',
  async handler({ idusr, idenv, access, type: given }, ctx) {
    const target = await userToGive(ctx, idusr);
    const environment = await companyEnvironment(ctx, idenv);
    const type = given ?? MENU_TREE_TYPE[ctx.config.FLAVOUR];
    const tree = access === null ? null : normaliseTypedTree(access, type);
    await ctx.db.transaction().execute(async (trx) => {
      const row = trx
        .deleteFrom('core.user_access')
        .where('user_id', '=', idusr)
        .where('environment_id', '=', idenv)
        .where('type', '=', type);
      if (tree === null) await row.execute();
      else
        await trx
          .insertInto('core.user_access')
          .values({
            user_id: idusr,
            environment_id: idenv,
            type,
            access: JSON.stringify(tree),
            updated_by: ctx.user.id,
          })
          .onConflict((oc) =>
            oc.columns(['user_id', 'environment_id', 'type']).doUpdateSet({
              access: JSON.stringify(tree),
              updated_by: ctx.user.id,
              updated_at: sql`now()`,
            }),
          )
          .execute();
      const detail = { user: target.login, id: target.id, environment: environment.name, type };
      await recordAction(ctx, 'user_access_changed', detail, trx);
    });
    return { idenv, type, access: tree };
  },
});

/**
 * `userProjectAccess` {idusr, environment, datatable?, filter?: {q}}: the company's projects of
 * an environment, paged by name in SQL, each with what the user has of it: owner (full), shared
 * (the share's tree) or none.
 */
export const userProjectAccess = defineOperation({
  name: 'userProjectAccess',
  parameter: z.object({
    idusr: userIdSchema,
    environment: rowIdField('an environment id'),
    start: z.number().int().min(0).max(1_000_000).default(0),
    length: z.number().int().min(1).max(100).default(10),
    q: z.string().max(100).optional(),
  }),
  permission: 'admin',
  async handler({ idusr, environment, start, length, q }, ctx) {
    const target = await companyUser(ctx, idusr);
    await companyEnvironment(ctx, environment);
    let query = ctx.db
      .selectFrom('core.projects as p')
      .leftJoin('core.project_shares as s', (join) =>
        join.onRef('s.numero', '=', 'p.numero').on('s.user_id', '=', idusr),
      )
      .where('p.company_id', '=', ctx.user.companyId ?? -1)
      .where('p.environment_id', '=', environment)
      .where('p.deleted', '=', false);
    if (q) query = query.where('p.name', 'ilike', `%${q.replace(/[%_\\]/g, '\\$&')}%`);
    const [rows, count] = await Promise.all([
      query
        .select(['p.numero', 'p.name', 'p.owner_id', 's.access'])
        .orderBy(sql`lower(p.name)`)
        .orderBy('p.numero')
        .offset(start)
        .limit(length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const data = rows.map((row) => {
      const role =
        target.admin || row.owner_id === idusr ? 'owner' : row.access ? 'shared' : 'none';
      return {
        numero: row.numero,
        name: row.name,
        role,
        access: role === 'shared' ? normaliseTree(row.access) : null,
      };
    });
    return { data, total: Number(count.n) };
  },
});

/**
 * `saveUserProjectAccess` {idusr, database, access}: the user's tree of a project, kept as their
 * share of it (its general permissions are left as they are; a new share starts with none).
 * `access` null removes the share: the user no longer reaches the project.
 */
export const saveUserProjectAccess = defineOperation({
  name: 'saveUserProjectAccess',
  parameter: z.object({
    idusr: userIdSchema,
    database: rowIdField('a project number'),
    access: treeSchema,
  }),
  permission: 'admin',
  async handler({ idusr, database, access }, ctx) {
    const target = await userToGive(ctx, idusr);
    const project = await ctx.db
      .selectFrom('core.projects')
      .select(['numero', 'owner_id'])
      .where('numero', '=', database)
      .where('company_id', '=', ctx.user.companyId ?? -1)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!project) throw refusal(ctx.user, 'projectNotFound', { numero: database });
    if (project.owner_id === idusr)
      throw accessTexts.refusal(ctx.user, 'ownerProject', { numero: database });
    const tree: AccessNode[] | null = access === null ? null : normaliseTree(access);
    await ctx.db.transaction().execute(async (trx) => {
      if (tree === null)
        await trx
          .deleteFrom('core.project_shares')
          .where('numero', '=', database)
          .where('user_id', '=', idusr)
          .execute();
      else
        await trx
          .insertInto('core.project_shares')
          .values({
            numero: database,
            user_id: idusr,
            access: JSON.stringify(tree),
            permissions: JSON.stringify(normaliseGeneral({})),
            env_permissions: JSON.stringify({}),
            shared_by: ctx.user.id,
          })
          .onConflict((oc) =>
            oc
              .columns(['numero', 'user_id'])
              .doUpdateSet({ access: JSON.stringify(tree), updated_at: sql`now()` }),
          )
          .execute();
      const detail = { user: target.login, id: target.id, project: database };
      await recordAction(ctx, 'user_access_changed', detail, trx);
    });
    return { numero: database, role: tree ? 'shared' : 'none', access: tree };
  },
});
