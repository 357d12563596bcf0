import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';

export const CUSTOM_DEFINITIONS_KEY = ['flota', 'customDefinitions'] as const;

/**
 * What the caller's company added live (docs/resources.md, "Custom entities", "Custom fields"):
 * its custom entities' definitions and the custom fields of each resource, read once a minute.
 */
export function useCustomDefinitions() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: CUSTOM_DEFINITIONS_KEY,
    queryFn: ({ signal }) => dataProvider.customDefinitions(signal),
    staleTime: 60_000,
  });
}
