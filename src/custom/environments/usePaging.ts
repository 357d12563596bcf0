import { useState } from 'react';
import type { Datatable } from '../../../protocol/paging';
import { useDebouncedValue } from '../search/useDebouncedValue';

/** Server grids: 100 rows by default, choices 10, 20, 50, 100 (000 §9). */
export const PAGE_LENGTHS = [10, 20, 50, 100];
const FILTER_DEBOUNCE_MS = 200;

/** Page, page length and a searched text of a server-paged table, as the `datatable` it asks. */
export function usePaging(orderBy: string) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPageState] = useState(100);
  const [text, setTextState] = useState('');
  const q = useDebouncedValue(text.trim(), FILTER_DEBOUNCE_MS);
  const datatable: Datatable = { start: page * perPage, length: perPage, orderBy, orderDir: 'asc' };
  return {
    page,
    perPage,
    text,
    q,
    datatable,
    setPage,
    setPerPage: (length: number) => {
      setPerPageState(length);
      setPage(0);
    },
    setText: (value: string) => {
      setTextState(value);
      setPage(0);
    },
  };
}

export type Paging = ReturnType<typeof usePaging>;
