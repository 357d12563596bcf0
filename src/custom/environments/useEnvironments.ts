import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { MAX_PAGE_LENGTH } from '../../../protocol/paging';
import type { FlotaDataProvider } from '../../dataProvider';

export const ENVIRONMENTS_KEY = ['flota', 'environments'] as const;

/** Every environment of the caller's company (the dashboard and server connect need them all). */
export function useEnvironments() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: [...ENVIRONMENTS_KEY, 'all'],
    queryFn: ({ signal }) =>
      dataProvider.environments(
        { datatable: { start: 0, length: MAX_PAGE_LENGTH, orderBy: 'name', orderDir: 'asc' } },
        signal,
      ),
    staleTime: 30_000,
  });
}
