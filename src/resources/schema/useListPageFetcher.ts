import { useCallback } from 'react';
import { useDataProvider, useListContext } from 'react-admin';
import type { FetchPage } from './fetchAllRows';

/**
 * Pages of the surrounding list as it is filtered (the person's filters and the list's permanent
 * ones) and sorted now: what the exports walk.
 */
export function useListPageFetcher(): FetchPage {
  const { resource, filter, filterValues, sort } = useListContext();
  const dataProvider = useDataProvider();
  return useCallback<FetchPage>(
    async (page, perPage, signal) => {
      const answer = await dataProvider.getList(resource, {
        pagination: { page, perPage },
        sort,
        filter: { ...filterValues, ...filter },
        signal,
      });
      return { data: answer.data, total: answer.total };
    },
    [dataProvider, resource, filter, filterValues, sort],
  );
}
