import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { UPDATE_PAGE_SIZES } from '../../../protocol/updates';
import type { FlotaDataProvider } from '../../dataProvider';
import type { UpdatesQuery } from '../../dataProvider/updateCalls';

/** The panels refresh this often while the screen is shown (devices confirm meanwhile). */
export const LIVE_MS = 4000;

export const updatesKey = (database: number, query: UpdatesQuery) =>
  ['flota', 'updatesList', database, query] as const;

export const firstPageQuery = (panel: number, groupBy: UpdatesQuery['groupBy']): UpdatesQuery => ({
  panel,
  groupBy,
  start: 0,
  length: UPDATE_PAGE_SIZES[0],
});

/**
 * One page of an updates panel, paged, grouped and sorted by the server, refreshed every few
 * seconds while the page is visible (react-query stops in a hidden tab).
 */
export function useUpdatesPanel(database: number, query: UpdatesQuery) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: updatesKey(database, query),
    queryFn: ({ signal }) => dataProvider.updatesList(database, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
}
