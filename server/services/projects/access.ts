import { ErrorCode } from '../../../protocol/envelope';
import { rowIdField } from '../../db/storable';
import { languageOf, message } from '../../messages';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AccessMode, AccessNode, AccessNodeId } from '../../../protocol/access-tree';
import type { SessionUser } from '../../auth';
import { projectDb, type ProjectDb } from '../../db/project-schema';
import { refusal } from '../environments/refuse';
import {
  defineOperation,
  ServiceError,
  type Operation,
  type OperationContext,
  type Permission,
} from '../registry';
import {
  accessRule as rule,
  accessTree,
  generalPermissions,
  managesProject,
  outsideBinding,
} from './rule';
import { capTree, MAM_NODE } from '../../../protocol/access-caps';
import { normaliseTree } from '../../../protocol/access-tree';
import { PERMISSION_TYPE } from '../../../protocol/menu-tree';

/**
 * A node of a project's access tree (000 §6, 002 §6): `settings`, `queries`, `updates`,
 * `devices` and its children, `reports`… (protocol/access-tree.ts).
 */
export type ProjectNode = AccessNodeId;
export type { AccessMode };

/** The project number (`numero`); the console may send it as a string from its route. */
export const databaseSchema = rowIdField('a project number');

interface ProjectRow {
  numero: number;
  name: string;
  company_id: number;
  owner_id: number;
  schema_name: string;
  licences: number;
  deleted: boolean;
  /** The caller's share of the project: its tree and general permissions (null: not shared). */
  share_access: unknown;
  share_permissions: unknown;
}

export interface ProjectAccess {
  numero: number;
  name: string;
  schema: string;
  /** The company the project belongs to (its resource overrides are that company's). */
  companyId: number;
  licences: number;
  /** The caller owns the project. */
  owner: boolean;
  /** The caller owns the project or administers its company: full access. */
  manager: boolean;
  /** The caller's access tree (full for the owner and the company's administrators). */
  tree: AccessNode[];
  can(node: ProjectNode, mode: AccessMode): boolean;
  /** Kysely bound to the project's schema, on the pool or on a transaction. */
  db(on?: OperationContext['db']): ProjectDb;
}

/**
 * The rule for a project row a list has already limited to the caller's company (so
 * `company_id` may be left out) and, optionally, joined with the caller's share. Without a share
 * only the owner and administrators may do anything (projects/rule.ts has the whole rule).
 */
export function accessRule(
  user: SessionUser,
  project: { numero: number; owner_id: number; company_id?: number; share_access?: unknown },
) {
  return rule(user, {
    numero: project.numero,
    owner_id: project.owner_id,
    company_id: project.company_id ?? user.companyId ?? -1,
    share_access: project.share_access ?? null,
  });
}

/** The user's tree of a type for the project's environment (core.user_access), if any. */
const capOf = (userId: number, type: number) =>
  sql<unknown>`(SELECT u.access FROM core.user_access u
    WHERE u.environment_id = p.environment_id AND u.user_id = ${userId} AND u.type = ${type}
    LIMIT 1)`;

/**
 * A share's tree as the user's trees by environment cap it (types 4 and 5, protocol/access-caps.ts):
 * what every reader of the project row (permission checks, handlers, projectAccess) then sees.
 */
function cappedShare<R extends { share_access: unknown; cap_project: unknown; cap_mam: unknown }>(
  row: R,
): R {
  if (row.share_access === null || (!row.cap_project && !row.cap_mam)) return row;
  const share = normaliseTree(row.share_access);
  const capped = capTree(
    capTree(share, row.cap_project as AccessNode[] | null),
    row.cap_mam as AccessNode[] | null,
    (id) => MAM_NODE.test(id),
  );
  return { ...row, share_access: capped };
}

const loaded = new WeakMap<OperationContext, Map<number, Promise<ProjectRow | null>>>();

/**
 * The project row with the caller's share, in one query, read once per request (the
 * permission check and the handler share it).
 */
function loadProject(ctx: OperationContext, numero: number): Promise<ProjectRow | null> {
  let byNumero = loaded.get(ctx);
  if (!byNumero) loaded.set(ctx, (byNumero = new Map()));
  let row = byNumero.get(numero);
  if (!row) {
    row = ctx.db
      .selectFrom('core.projects as p')
      .leftJoin('core.project_shares as s', (join) =>
        join.onRef('s.numero', '=', 'p.numero').on('s.user_id', '=', ctx.user.id),
      )
      .select([
        'p.numero',
        'p.name',
        'p.company_id',
        'p.owner_id',
        'p.schema_name',
        'p.licences',
        'p.deleted',
        's.access as share_access',
        's.permissions as share_permissions',
        capOf(ctx.user.id, PERMISSION_TYPE.projectByEnvironment).as('cap_project'),
        capOf(ctx.user.id, PERMISSION_TYPE.mamByEnvironment).as('cap_mam'),
      ])
      .where('p.numero', '=', numero)
      .executeTakeFirst()
      .then((found) => (found ? cappedShare(found) : null));
    byNumero.set(numero, row);
  }
  return row;
}

/** The tree of a reachable project, or null: missing, another company's, or not shared. */
function treeOf(user: SessionUser, project: ProjectRow | null): AccessNode[] | null {
  return project === null ? null : accessTree(user, project);
}

/**
 * The caller's access to a project, or a refusal that says why: the project must exist, be
 * reachable by the caller (owner, administrator of its company, or shared with them) and not be
 * marked deleted. A project the caller cannot reach is described like a missing one.
 */
export async function requireProject(
  ctx: OperationContext,
  numero: number,
): Promise<ProjectAccess> {
  if (outsideBinding(ctx.user, numero)) throw boundRefusal(ctx.user, numero);
  const project = await loadProject(ctx, numero);
  const tree = treeOf(ctx.user, project);
  if (project === null || tree === null) throw refusal(ctx.user, 'projectNotFound', { numero });
  if (project.deleted) throw refusal(ctx.user, 'projectMarkedDeleted', { numero });
  const can = rule(ctx.user, project);
  return {
    numero: project.numero,
    name: project.name,
    schema: project.schema_name,
    companyId: project.company_id,
    licences: project.licences,
    owner: project.owner_id === ctx.user.id,
    manager: managesProject(ctx.user, project),
    tree,
    can,
    db: (on = ctx.db) => projectDb(on, project.schema_name),
  };
}

/** The refusal of a project outside the token's client binding, naming both projects. */
export function boundRefusal(user: SessionUser, named: number | string): ServiceError {
  const vars = { bound: user.boundProject?.numero ?? '', named };
  const text = message(languageOf(user.language), 'clientBoundElsewhere', vars);
  return new ServiceError(text, ErrorCode.forbidden, 403);
}

/** The caller's general permissions of a project (all for the owner and administrators). */
export async function projectPermissions(ctx: OperationContext, numero: number) {
  const project = await loadProject(ctx, numero);
  if (project === null) throw refusal(ctx.user, 'projectNotFound', { numero });
  return generalPermissions(ctx.user, project, project.share_permissions);
}

function databaseOf(parameter: unknown): number | null {
  const database = (parameter as { database?: unknown } | null)?.database;
  return typeof database === 'number' ? database : null;
}

/**
 * The permission of an operation on a project node (or a node chosen from the parameter). A
 * project the caller cannot reach passes here so that the handler's requireProject refuses it
 * with a description: a bare 403 would not say that the project is missing, deleted or another
 * company's.
 */
export function projectPermission<P>(
  node: ProjectNode | ((parameter: P) => ProjectNode),
  mode: AccessMode,
): Permission {
  return async (user, parameter, ctx) => {
    const numero = databaseOf(parameter);
    if (numero === null) return false;
    const project = await loadProject(ctx, numero);
    if (treeOf(user, project) === null || project!.deleted) return true;
    return rule(user, project!)(typeof node === 'function' ? node(parameter as P) : node, mode);
  };
}

/**
 * An operation on one project: `database` in its parameter, the permission of a node, and a
 * handler that receives the project only after requireProject has accepted it.
 */
export function defineProjectOperation<S extends z.ZodType<{ database: number }>>(operation: {
  name: string;
  parameter: S;
  node: ProjectNode | ((parameter: z.infer<S>) => ProjectNode);
  mode: AccessMode;
  handler(parameter: z.infer<S>, ctx: OperationContext, project: ProjectAccess): Promise<unknown>;
}): Operation {
  const { name, parameter, node, mode, handler } = operation;
  return defineOperation({
    name,
    parameter,
    permission: projectPermission(node, mode),
    handler: async (value, ctx) => handler(value, ctx, await requireProject(ctx, value.database)),
  });
}

/**
 * What the caller may do on a project: the flags the console's menus read (001 §6), the access
 * tree they come from and the general permissions. Opening a project records it as the caller's
 * most recent (recent projects).
 */
export const projectAccess = defineProjectOperation({
  name: 'projectAccess',
  parameter: z.object({ database: databaseSchema }),
  node: 'devices',
  mode: 'show',
  async handler(_parameter, ctx, project) {
    await ctx.db
      .insertInto('core.project_recents')
      .values({ user_id: ctx.user.id, numero: project.numero, last_access: sql`now()` })
      .onConflict((oc) =>
        oc.columns(['user_id', 'numero']).doUpdateSet({ last_access: sql`now()` }),
      )
      .execute();
    const write = (node: ProjectNode) => project.can(node, 'write');
    return {
      database: project.numero,
      name: project.name,
      owner: project.owner,
      devices: {
        show: project.can('devices', 'show'),
        addDevice: write('devices.add'),
        editDevice: project.can('devices.modify', 'show'),
        saveDevice: write('devices.modify'),
        deleteDevice: write('devices.delete'),
        statusDevice: write('devices.status'),
        sendemail: write('devices.sendemail'),
        // 001 §6: the provisioning submenu's items (server/provisioning/operations.ts).
        provisioningUpdate: write('devices.provisioning.install'),
        provisioningConfig: write('devices.provisioning.config'),
        provisioningDb: write('devices.provisioning.database'),
        // 001 §2 "Update": a licence update for the chosen devices (server/updates/permissions.ts).
        addUpdate: write('updates') || write('devices.update'),
      },
      jsonAccess: project.tree,
      permissions: await projectPermissions(ctx, project.numero),
    };
  },
});
