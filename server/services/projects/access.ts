import { z } from 'zod';
import { isAdmin } from '../../../protocol/roles';
import type { SessionUser } from '../../auth';
import { projectDb, type ProjectDb } from '../../db/project-schema';
import {
  defineOperation,
  ServiceError,
  type Operation,
  type OperationContext,
  type Permission,
} from '../registry';

/**
 * Nodes of a project's access tree (000 §6: node 0 settings, 2 queries, 3 updates, 4 devices with
 * its children, 5 reports). The sharing area stores per-user show/write flags under these names.
 */
export type ProjectNode =
  | 'settings'
  | 'queries'
  | 'updates'
  | 'devices'
  | 'devices.add'
  | 'devices.delete'
  | 'devices.modify'
  | 'devices.status'
  | 'devices.sendemail'
  | 'reports';

export type AccessMode = 'show' | 'write';

/** The project number (`numero`); the console may send it as a string from its route. */
export const databaseSchema = z.union([
  z.number().int().positive().max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a project number')
    .transform(Number),
]);

interface ProjectRow {
  numero: number;
  name: string;
  company_id: number;
  owner_id: number;
  schema_name: string;
  licences: number;
  deleted: boolean;
}

export interface ProjectAccess {
  numero: number;
  name: string;
  schema: string;
  licences: number;
  /** The caller owns the project. */
  owner: boolean;
  can(node: ProjectNode, mode: AccessMode): boolean;
  /** Kysely bound to the project's schema, on the pool or on a transaction. */
  db(on?: OperationContext['db']): ProjectDb;
}

/**
 * The rule until per-user access trees arrive with project sharing: the owner and the company's
 * administrators may do everything; other users of the company may read (show) only.
 */
export function accessRule(user: SessionUser, project: Pick<ProjectRow, 'owner_id'>) {
  const full = project.owner_id === user.id || isAdmin(user.profile);
  return (_node: ProjectNode, mode: AccessMode) => full || mode === 'show';
}

const loaded = new WeakMap<OperationContext, Map<number, Promise<ProjectRow | null>>>();

/** The project row, read once per request (the permission check and the handler share it). */
function loadProject(ctx: OperationContext, numero: number): Promise<ProjectRow | null> {
  let byNumero = loaded.get(ctx);
  if (!byNumero) loaded.set(ctx, (byNumero = new Map()));
  let row = byNumero.get(numero);
  if (!row) {
    row = ctx.db
      .selectFrom('core.projects')
      .select(['numero', 'name', 'company_id', 'owner_id', 'schema_name', 'licences', 'deleted'])
      .where('numero', '=', numero)
      .executeTakeFirst()
      .then((found) => found ?? null);
    byNumero.set(numero, row);
  }
  return row;
}

function reachable(user: SessionUser, project: ProjectRow | null): project is ProjectRow {
  return project !== null && user.companyId !== null && project.company_id === user.companyId;
}

/**
 * The caller's access to a project, or a refusal that says why: the project must exist, belong
 * to the caller's company and not be marked deleted.
 */
export async function requireProject(
  ctx: OperationContext,
  numero: number,
): Promise<ProjectAccess> {
  const project = await loadProject(ctx, numero);
  if (!reachable(ctx.user, project)) {
    throw new ServiceError(`El proyecto ${numero} no existe o no pertenece a su empresa.`);
  }
  if (project.deleted) {
    throw new ServiceError(
      `El proyecto ${numero} está marcado para borrar: restáurelo antes de trabajar con él.`,
    );
  }
  const can = accessRule(ctx.user, project);
  return {
    numero: project.numero,
    name: project.name,
    schema: project.schema_name,
    licences: project.licences,
    owner: project.owner_id === ctx.user.id,
    can,
    db: (on = ctx.db) => projectDb(on, project.schema_name),
  };
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
    if (!reachable(user, project) || project.deleted) return true;
    return accessRule(user, project)(
      typeof node === 'function' ? node(parameter as P) : node,
      mode,
    );
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

/** What the caller may do on a project: the flags the console's menus read (001 §6). */
export const projectAccess = defineProjectOperation({
  name: 'projectAccess',
  parameter: z.object({ database: databaseSchema }),
  node: 'devices',
  mode: 'show',
  async handler(_parameter, _ctx, project) {
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
        addUpdate: write('updates'),
      },
    };
  },
});
