import type { ResourceDefinition } from '../resource-definition';
import { ACTIONS } from './actions';
import { COMPANIES } from './companies';
import { ENVIRONMENTS } from './environments';
import { NOTIFICATIONS } from './notifications';
import { USERS } from './users';
import { COMMAND_HISTORY } from './command-history';
import { DEVICE_ERRORS } from './device-errors';
import { HELPDESK_FILES } from './helpdesk-files';
import { DEVICE_LIST } from './devices';
import { DEVICE_SEARCH } from './device-search';
import { RECENT_PROJECTS } from './recent-projects';
import { SHARED_PROJECTS } from './shared-projects';

/**
 * Every declared resource by name (docs/resources.md): the console mounts each at its path, the
 * REST API serves each at /api/rest/<name>, the OpenAPI document describes each. A new entity
 * adds its definition file here.
 */
export const RESOURCE_DEFINITIONS: Readonly<Record<string, ResourceDefinition>> =
  Object.fromEntries(
    [
      COMPANIES,
      ACTIONS,
      ENVIRONMENTS,
      NOTIFICATIONS,
      USERS,
      COMMAND_HISTORY,
      DEVICE_ERRORS,
      HELPDESK_FILES,
      DEVICE_LIST,
      DEVICE_SEARCH,
      RECENT_PROJECTS,
      SHARED_PROJECTS,
    ].map((definition) => [definition.name, definition]),
  );

export function resourceDefinition(name: string): ResourceDefinition | undefined {
  return Object.hasOwn(RESOURCE_DEFINITIONS, name) ? RESOURCE_DEFINITIONS[name] : undefined;
}
