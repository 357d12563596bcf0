import { useMemo } from 'react';
import { SearchInput, SelectInput, TextInput, useLocale } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { useFieldLabel } from '../schema/fieldLabel';
import { choicesOf } from './choices';

/**
 * The filters of a declared list, always shown: the search box (sent as `q`) with its label as
 * placeholder, then one input per field with `filter`: its choices by label, or a text.
 */
export function useDefinitionFilters(definition: ResourceDefinition) {
  const locale = useLocale();
  const label = useFieldLabel(definition.name);
  return useMemo(() => {
    const language = locale === 'en' ? 'en' : 'es';
    const search = definition.search;
    const inputs = search
      ? [
          <SearchInput
            key="q"
            source="q"
            alwaysOn
            placeholder={search[language]}
            aria-label={search[language]}
          />,
        ]
      : [];
    for (const field of definition.fields.filter((f) => f.filter)) {
      inputs.push(
        field.choices ? (
          <SelectInput
            key={field.source}
            source={field.source}
            label={label(field)}
            choices={choicesOf(field, language)}
            alwaysOn
          />
        ) : (
          <TextInput
            key={field.source}
            source={field.source}
            label={label(field)}
            alwaysOn
            resettable
          />
        ),
      );
    }
    return inputs;
  }, [definition, label, locale]);
}
