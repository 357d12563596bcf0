import type { ResourceDefinition } from '../../protocol/resource-definition';
import { labelOf } from '../../protocol/resource-definition';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';

type Language = 'es' | 'en';

/**
 * `resources.<name>.name` ("Compañía |||| Compañías") and `resources.<name>.fields.<source>` of
 * every declared resource, made from the definitions' titles and labels, so that a resource's
 * texts are written once, in its definition.
 */
export function resourceMessagesOf(definitions: readonly ResourceDefinition[], language: Language) {
  return {
    resources: Object.fromEntries(
      definitions.map((definition) => [
        definition.name,
        {
          name: `${definition.title.one[language]} |||| ${definition.title.many[language]}`,
          fields: Object.fromEntries(
            definition.fields.map((field) => [field.source, labelOf(field, language)]),
          ),
        },
      ]),
    ),
  };
}

const definitions = Object.values(RESOURCE_DEFINITIONS);

export const resourceMessages = {
  es: resourceMessagesOf(definitions, 'es'),
  en: resourceMessagesOf(definitions, 'en'),
};
