import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import { applyOverride } from '../../../protocol/apply-override';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import type { FlotaDataProvider } from '../../dataProvider';
import { takesCustomFields, withCustomFields } from '../../../protocol/custom-fields';
import { useCustomDefinitions } from './useCustomDefinitions';

export const EFFECTIVE_OVERRIDES_KEY = ['flota', 'effectiveOverrides'] as const;

/**
 * A declared resource as the caller's company has customised it (docs/resources.md, "Changing a
 * resource live"): hidden, reordered and relabelled fields. Null while the overrides load, so a
 * hidden column never flashes; the declared resource when they cannot be read.
 */
export function useOverriddenDefinition(definition: ResourceDefinition): ResourceDefinition | null {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const overrides = useQuery({
    queryKey: EFFECTIVE_OVERRIDES_KEY,
    queryFn: ({ signal }) => dataProvider.effectiveOverrides(signal),
    staleTime: 60_000,
  });
  // An entity the engine stores (or users) may carry its company's custom fields (issue 34, point 7).
  const customs = useCustomDefinitions();
  const waiting = overrides.isPending || (takesCustomFields(definition) && customs.isPending);
  return useMemo(() => {
    if (waiting) return null;
    const grown = withCustomFields(definition, customs.data?.fields?.[definition.name]);
    return applyOverride(grown, overrides.data?.[definition.name]);
  }, [definition, waiting, overrides.data, customs.data]);
}
