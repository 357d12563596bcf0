import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../protocol/paging';
import type { ProjectEntry } from '../../../protocol/projects';
import type { ProjectListParams } from '../../dataProvider/projectCalls';
import { DEFAULT_PER_PAGE } from '../../resources/listPagination';
import { useDebouncedValue } from '../search/useDebouncedValue';

/** Server grids page at 10, 20, 50 or 100 rows, 100 by default (000 §9). */
export const PROJECT_PAGE_LENGTHS = [10, 20, 50, 100];

export const PROJECT_LISTS_KEY = ['flota', 'projectLists'] as const;

type FetchPage = (params: ProjectListParams, signal: AbortSignal) => Promise<Page<ProjectEntry>>;

/**
 * One page of a project list in the server's order, narrowed by a name typed in a search box
 * (sent once typing pauses). `scope` names the list and any other parameter it is fetched with.
 */
export function useProjectPage(scope: readonly unknown[], fetchPage: FetchPage) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [length, setLength] = useState(DEFAULT_PER_PAGE);
  const q = useDebouncedValue(text.trim(), 300);
  const query = useQuery({
    queryKey: [...PROJECT_LISTS_KEY, ...scope, q, page, length],
    queryFn: ({ signal }) =>
      fetchPage(
        {
          datatable: { start: page * length, length, orderDir: 'asc' },
          ...(q ? { filter: { q } } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  return {
    query,
    text,
    searching: q !== '',
    setText: (next: string) => {
      setText(next);
      setPage(0);
    },
    page,
    setPage,
    length,
    setLength: (next: number) => {
      setLength(next);
      setPage(0);
    },
  };
}

export type ProjectPage = ReturnType<typeof useProjectPage>;
