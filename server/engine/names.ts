import { engineOperationName, ENGINE_VERBS } from '../../protocol/resource-entity';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';

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
];
