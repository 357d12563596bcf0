import type { ResourceDefinition } from '../resource-definition';
import { ACTIONS } from './actions';
import { COMPANIES } from './companies';
import { ENVIRONMENTS } from './environments';
import { NOTIFICATIONS } from './notifications';
import { USERS } from './users';

/**
 * Every declared resource by name (docs/resources.md): the console mounts each at its path, the
 * REST API serves each at /api/rest/<name>, the OpenAPI document describes each. A new entity
 * adds its definition file here.
 */
export const RESOURCE_DEFINITIONS: Readonly<Record<string, ResourceDefinition>> =
  Object.fromEntries(
    [COMPANIES, ACTIONS, ENVIRONMENTS, NOTIFICATIONS, USERS].map((definition) => [
      definition.name,
      definition,
    ]),
  );

export function resourceDefinition(name: string): ResourceDefinition | undefined {
  return Object.hasOwn(RESOURCE_DEFINITIONS, name) ? RESOURCE_DEFINITIONS[name] : undefined;
}
