import { engineOperationName, ENGINE_VERBS } from '../../protocol/resource-entity';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';
import { CUSTOM_RECORD_OPERATION_NAMES } from './custom/names';

/** The names of every engine operation, aliases included (server/engine/index.ts registers them). */
export const ENGINE_OPERATION_NAMES: readonly string[] = [
  ...Object.values(RESOURCE_DEFINITIONS)
    .filter((definition) => definition.storage)
    .flatMap((definition) => [
      ...ENGINE_VERBS.map((verb) => engineOperationName(definition.name, verb)),
      ...Object.values(definition.storage!.wireNames),
    ]),
  'revisions',
  'revisionsRevert',
  // Custom entities and fields (server/engine/custom/): the records of every custom entity, and
  // the entities and fields themselves, for company administrators.
  ...CUSTOM_RECORD_OPERATION_NAMES,
  'customDefinitions',
  'customEntities',
  'customEntity',
  'createCustomEntity',
  'updateCustomEntity',
  'deleteCustomEntity',
  'restoreCustomEntity',
  'customFields',
  'customField',
  'createCustomField',
  'updateCustomField',
  'deleteCustomField',
];
