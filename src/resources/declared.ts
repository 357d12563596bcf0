import {
  RESOURCE_DEFINITIONS,
  resourceDefinition as declaredDefinition,
} from '../../protocol/resources';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { extendMessages } from '../i18n/i18nProvider';
import { resourceMessages } from '../i18n/resourceMessages';

/**
 * The declared resources as the console uses them. Loaded after the first screen (routes, the
 * data provider's calls and the permission checks import it lazily); loading it adds the
 * resources' labels (`resources.<name>.…`) to the translations.
 */
extendMessages(resourceMessages);

/** Definitions the console made at run time (a table's rows), by name; see knowDefinition. */
const made = new Map<string, ResourceDefinition>();

/**
 * Makes a definition built at run time (from a table's columns) known under its name to the data
 * provider and to `canAccess`, as a declared one is. A declared name is never replaced: a
 * declared resource's list made from its effective schema (the device list) keeps its
 * declaration's calls. The last definition made under a name wins.
 */
export function knowDefinition(definition: ResourceDefinition): void {
  if (!declaredDefinition(definition.name)) made.set(definition.name, definition);
}

/** A declared resource by name, or one made at run time. */
export function resourceDefinition(name: string): ResourceDefinition | undefined {
  return declaredDefinition(name) ?? made.get(name);
}

export { RESOURCE_DEFINITIONS };
