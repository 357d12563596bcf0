import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { FlotaDataProvider } from './dataProvider';

export const SESSION_QUERY_KEY = ['flota', 'session'] as const;

/** The signed-in user, the company and the landing path, fetched once and shared by every page. */
export function useSession() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.session(signal),
    staleTime: 60_000,
  });
}
