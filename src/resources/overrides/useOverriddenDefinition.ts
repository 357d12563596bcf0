import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import { applyOverride } from '../../../protocol/apply-override';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import type { FlotaDataProvider } from '../../dataProvider';

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
  return useMemo(() => {
    if (overrides.isPending) return null;
    return applyOverride(definition, overrides.data?.[definition.name]);
  }, [definition, overrides.isPending, overrides.data]);
}
