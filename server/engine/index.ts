import { z } from 'zod';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { engineOperationName, ENGINE_VERBS, type EngineVerb } from '../../protocol/resource-entity';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';
import type { Operation } from '../services/registry';
import { customOperations } from './custom/index';
import { databaseSchema, projectPermission, type ProjectNode } from '../services/projects/access';
import { declaredResolver } from './effective';
import { keyShape } from './keys';
import { listOperation, showOperation } from './read';
import { revertOperation } from './revert';
import { revisionsOperation } from './revisions';
import { createOperation, deleteOperation, editOperation } from './write';

/**
 * The resource engine (docs/resources.md, "The engine"): for every definition that owns its
 * storage, its list, show, create, edit and delete, registered under the names the definition's
 * verbs call (`managedAppsList`, …) and under its specification wire names (an alias, the same
 * handler); `revisions`, the history of every write, and `revisionsRevert`.
 */

const BUILD = {
  list: listOperation,
  show: showOperation,
  create: createOperation,
  edit: editOperation,
  delete: deleteOperation,
} satisfies Record<EngineVerb, unknown>;

/** The verbs whose call names one record by its key. */
const KEYED: readonly EngineVerb[] = ['show', 'edit', 'delete'];

/**
 * What a verb of an engine definition needs: the role the definition declares, or a project's
 * node and mode (the platforms: `settings.platforms`), enforced here.
 */
function permissionOf(definition: ResourceDefinition, verb: EngineVerb): Operation['permission'] {
  const permission = definition.verbs[verb]?.permission;
  if (permission && 'node' in permission) {
    if (definition.scope !== 'project')
      throw new Error(`${definition.name}: a node's permission needs a project's scope`);
    return projectPermission(permission.node as ProjectNode, permission.mode);
  }
  if (!permission) throw new Error(`${definition.name}: no permission for verb ${verb}`);
  return permission.role;
}

/**
 * A parameter as the wire names sent it, by the definition's sources: `{name}` → `{title}`, and a
 * list's `datatable.orderBy` too. A source sent under its own name passes as it is.
 */
export function bySources(rename: Record<string, string>) {
  const source = new Map(Object.entries(rename).map(([from, to]) => [to, from]));
  return (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const given = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [source.get(key) ?? key, value]),
    );
    const datatable = given.datatable as { orderBy?: unknown } | undefined;
    if (typeof datatable?.orderBy === 'string' && source.has(datatable.orderBy)) {
      given.datatable = { ...datatable, orderBy: source.get(datatable.orderBy) };
    }
    return given;
  };
}

/** The specification's (or an older operation's) name of a verb: the same handler, its wire shape. */
function aliasOf(operation: Operation, alias: string, rename?: Record<string, string>): Operation {
  if (!rename) return { ...operation, name: alias };
  return {
    ...operation,
    name: alias,
    parameter: z.preprocess(bySources(rename), operation.parameter),
  };
}

/**
 * The operations of one owned-storage definition, aliases included: those of the verbs it
 * declares (a read-only entity, such as the MDM policy versions, declares no write verb) and
 * calls by the engine's name (every company's users write through the users' calls).
 */
export function entityOperations(definition: ResourceDefinition): Operation[] {
  const declared = ENGINE_VERBS.filter((verb) => {
    const call = definition.verbs[verb]?.call;
    return (
      call && 'operation' in call && call.operation === engineOperationName(definition.name, verb)
    );
  });
  return declared.flatMap((verb) => {
    const build = BUILD[verb];
    const operation = build(
      declaredResolver(definition),
      engineOperationName(definition.name, verb),
      permissionOf(definition, verb),
      {
        ...(definition.scope === 'project' && { database: databaseSchema }),
        ...(KEYED.includes(verb) && keyShape(definition)),
      },
    );
    const alias = definition.storage?.wireNames[verb];
    return alias
      ? [operation, aliasOf(operation, alias, definition.storage?.wireRename)]
      : [operation];
  });
}

/** Every engine operation of the declared resources. */
export function engineOperations(
  definitions: ResourceDefinition[] = Object.values(RESOURCE_DEFINITIONS),
): Operation[] {
  const owned = definitions.filter((definition) => definition.storage);
  return [
    ...owned.flatMap(entityOperations),
    revisionsOperation(owned),
    revertOperation(owned),
    ...customOperations(),
  ];
}
