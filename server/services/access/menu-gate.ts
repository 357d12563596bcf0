import type { AccessNode } from '../../../protocol/access-tree';
import type { Flavour, MenuEntry } from '../../../protocol/menu';
import {
  ENTRY_NODES,
  menuAllows,
  menuNodeLabel,
  MENU_TREE_TYPE,
  PERMISSION_TYPE,
  type UserTreeEntry,
} from '../../../protocol/menu-tree';
import { isAdmin } from '../../../protocol/roles';
import type { Db } from '../../db/database';
import type { Language } from '../../messages';
import type { OperationContext } from '../registry';
import { OPERATION_GATES, type MenuGate } from './gates';
import { accessTexts } from './texts';

/** A user's stored menu trees of a flavour, one per environment (lstPermissions). */
export function userMenuTrees(db: Db, userId: number, flavour: Flavour): Promise<UserTreeEntry[]> {
  return userTrees(db, userId, [MENU_TREE_TYPE[flavour]]);
}

/** A user's stored trees of some permission types (002 §6), by environment then type. */
export async function userTrees(
  db: Db,
  userId: number,
  types: readonly number[],
): Promise<UserTreeEntry[]> {
  const rows = await db
    .selectFrom('core.user_access')
    .select(['environment_id', 'type', 'access'])
    .where('user_id', '=', userId)
    .where('type', 'in', [...types])
    .orderBy('environment_id')
    .orderBy('type')
    .execute();
  return rows.map((row) => ({
    idenv: row.environment_id,
    type: row.type,
    access: row.access as AccessNode[],
  }));
}

/**
 * The environment whose menu tree applies to a call: the project's, for a call on one
 * (`database`), else the console's own, the company's first system environment on this server.
 */
async function environmentOf(ctx: OperationContext, parameter: unknown): Promise<number | null> {
  const database = (parameter as { database?: unknown } | null)?.database;
  const companyId = ctx.user.companyId ?? -1;
  if (typeof database === 'number') {
    const project = await ctx.db
      .selectFrom('core.projects')
      .select('environment_id')
      .where('numero', '=', database)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    // Another company's or a missing project: the operation refuses it with its own text.
    if (project) return project.environment_id;
  }
  const home = await ctx.db
    .selectFrom('core.environments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('system', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  return home?.id ?? null;
}

/**
 * Why the caller's menu tree refuses an operation, in their language, or null when it allows it
 * (docs/decisions.md, "Access trees per user"). Administrators are never refused here, nor is an
 * operation that is no area of the menu.
 */
export async function menuGateRefusal(
  operationName: string,
  parameter: unknown,
  ctx: OperationContext,
  language: Language,
): Promise<string | null> {
  const gate = OPERATION_GATES[operationName];
  if (!gate || isAdmin(ctx.user.profile)) return null;
  return menuTreesRefusal(ctx, gate, () => environmentOf(ctx, parameter), language);
}

/**
 * Why the caller's menu trees of an environment refuse a gate, or null: the same rule as
 * menuGateRefusal, for an environment the caller names (a publication's target).
 */
export async function menuTreesRefusal(
  ctx: OperationContext,
  gate: MenuGate,
  whichEnvironment: () => Promise<number | null>,
  language: Language,
): Promise<string | null> {
  if (isAdmin(ctx.user.profile)) return null;
  const flavour = ctx.config.FLAVOUR;
  const uiType = MENU_TREE_TYPE[flavour];
  const trees = await userTrees(ctx.db, ctx.user.id, [uiType, PERMISSION_TYPE.manager]);
  if (trees.length === 0) return null;
  const environment = await whichEnvironment();
  // The UI tree of the flavour (3 or 6), then the manager tree (2), which the server applies in
  // both flavours by the gate's manager node (docs/decisions.md, "Permission types 1–6").
  const checks = [
    { type: uiType, node: gate.node[flavour] },
    { type: PERMISSION_TYPE.manager, node: gate.node.manager },
  ];
  for (const { type, node } of checks) {
    const ofType = trees.filter((entry) => entry.type === type);
    if (!menuAllows(ofType, environment, node, gate.mode)) {
      return accessTexts.text(language, 'menuDenied', { area: menuNodeLabel(node, language) });
    }
  }
  return null;
}

/** The menu entries the caller's menu tree shows (the menu follows the tree, 002 §6). */
export async function menuByTree(
  ctx: OperationContext,
  entries: MenuEntry[],
): Promise<MenuEntry[]> {
  if (isAdmin(ctx.user.profile)) return entries;
  const flavour = ctx.config.FLAVOUR;
  const trees = await userMenuTrees(ctx.db, ctx.user.id, flavour);
  if (trees.length === 0) return entries;
  const environment = await environmentOf(ctx, {});
  const nodes = ENTRY_NODES[flavour];
  return entries.filter((entry) => {
    const node = nodes[entry.id];
    return !node || menuAllows(trees, environment, node, 'show');
  });
}
