import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider, SearchParams } from '../../dataProvider';
import { useDebouncedValue } from './useDebouncedValue';

export type SearchOrderBy = NonNullable<SearchParams['datatable']>['orderBy'] & string;
export type SearchOrderDir = 'asc' | 'desc';

export const PAGE_LENGTHS = [10, 20, 50, 100];
const DEFAULT_LENGTH = 20;
/** 001 §7: the global search is polled every second. */
const POLL_MS = 1000;
const TYPING_PAUSE_MS = 300;
/** How deep the server pages a search (server/services/devices/search.ts MAX_SEARCH_WINDOW). */
export const SEARCH_WINDOW = 10_000;

/**
 * The global device search's state (text, platform, sort, page) and its `devicesByDatabase`
 * query, polled every second while the page is visible.
 */
export function useDeviceSearch() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [text, setText] = useState('');
  const [platform, setPlatform] = useState('');
  const [orderBy, setOrderBy] = useState<SearchOrderBy>('SINCRONISMO');
  const [orderDir, setOrderDir] = useState<SearchOrderDir>('desc');
  const [length, setLength] = useState(DEFAULT_LENGTH);
  const search = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);

  // A page number belongs to the criteria it was chosen under: new criteria start at page 0.
  const criteria = JSON.stringify([search, platform, orderBy, orderDir, length]);
  const [paging, setPaging] = useState({ criteria, page: 0 });
  const page = paging.criteria === criteria ? paging.page : 0;

  const params: SearchParams = {
    ...(search ? { search } : {}),
    ...(platform ? { platform } : {}),
    datatable: { start: page * length, length, orderBy, orderDir },
  };
  const query = useQuery({
    queryKey: ['flota', 'devicesByDatabase', params],
    queryFn: ({ signal }) => dataProvider.devicesByDatabase(params, signal),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    // The table keeps the rows it shows until the next page or search answers: no flicker.
    placeholderData: keepPreviousData,
  });

  /** Sorting again by the same column reverses it; the last sync starts newest first. */
  const sortBy = (column: SearchOrderBy) => {
    if (column === orderBy) setOrderDir(orderDir === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(column);
      setOrderDir(column === 'SINCRONISMO' ? 'desc' : 'asc');
    }
  };

  return {
    text,
    setText,
    platform,
    setPlatform,
    orderBy,
    orderDir,
    sortBy,
    page,
    setPage: (next: number) => setPaging({ criteria, page: next }),
    length,
    setLength,
    query,
  };
}
