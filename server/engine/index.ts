import type { ResourceDefinition } from '../../protocol/resource-definition';
import { engineOperationName, ENGINE_VERBS, type EngineVerb } from '../../protocol/resource-entity';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';
import type { Operation } from '../services/registry';
import { customOperations } from './custom/index';
import { declaredResolver } from './effective';
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

/** The role a verb of an engine definition needs: what the definition declares, enforced here. */
function permissionOf(definition: ResourceDefinition, verb: EngineVerb): Operation['permission'] {
  const permission = definition.verbs[verb]?.permission;
  if (!permission || !('role' in permission)) {
    throw new Error(`${definition.name}: the engine serves company roles only (verb ${verb})`);
  }
  return permission.role;
}

/**
 * The operations of one owned-storage definition, aliases included: those of the verbs it
 * declares (a read-only entity, such as the MDM policy versions, declares no write verb).
 */
export function entityOperations(definition: ResourceDefinition): Operation[] {
  const declared = ENGINE_VERBS.filter((verb) => definition.verbs[verb]);
  return declared.flatMap((verb) => {
    const build = BUILD[verb];
    const operation = build(
      declaredResolver(definition),
      engineOperationName(definition.name, verb),
      permissionOf(definition, verb),
    );
    const alias = definition.storage?.wireNames[verb];
    return alias ? [operation, { ...operation, name: alias }] : [operation];
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
