import { useMemo } from 'react';
import { SearchInput, useLocale } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';

/**
 * The filters of a declared list shown beside its toolbar: the search box (sent as `q`) with
 * its label as placeholder. The fields with `filter` are in the per-column filter row.
 */
export function useDefinitionFilters(definition: ResourceDefinition) {
  const locale = useLocale();
  return useMemo(() => {
    const language = locale === 'en' ? 'en' : 'es';
    const search = definition.search;
    return search
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
  }, [definition, locale]);
}
