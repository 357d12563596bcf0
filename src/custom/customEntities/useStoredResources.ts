import { useMemo } from 'react';
import { takesCustomFields } from '../../../protocol/custom-fields';
import type { FieldChoice } from '../../../protocol/resource-schema';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { useCustomDefinitions } from '../../resources/overrides/useCustomDefinitions';

/**
 * The resources the engine stores, as choices: those a custom field may be added to and a
 * reference may point to — declared ones with owned storage (and users), then the company's
 * custom entities.
 */
export function useStoredResources(): FieldChoice[] {
  const customs = useCustomDefinitions();
  return useMemo(
    () =>
      [...Object.values(RESOURCE_DEFINITIONS), ...(customs.data?.entities ?? [])]
        .filter(takesCustomFields)
        .map((definition) => ({ code: definition.name, label: definition.title.many })),
    [customs.data],
  );
}
