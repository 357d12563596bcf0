import TablePaginationActions from '@mui/material/TablePaginationActions';
import type { FC } from 'react';
import {
  Pagination,
  PaginationActions,
  useListContext,
  type PaginationActionsProps,
} from 'react-admin';

/** MUI's own arrows: TablePagination hands them its labels and handlers as it does ours. */
const ArrowsOnly = TablePaginationActions as unknown as FC<PaginationActionsProps>;

/** Numbered page buttons show only when there are more than this many pages (000 §9). */
export const NUMBERED_PAGES_ABOVE = 3;

/**
 * A server grid's pager (000 §9): the page sizes given, and numbered page buttons only with more
 * than three pages; with fewer, the previous and next arrows alone, so every page stays reachable.
 */
export function ServerPagination({ rowsPerPageOptions }: { rowsPerPageOptions: number[] }) {
  const { total, perPage } = useListContext();
  const pages = total !== undefined && perPage > 0 ? Math.ceil(total / perPage) : 0;
  return (
    <Pagination
      rowsPerPageOptions={rowsPerPageOptions}
      actions={pages > NUMBERED_PAGES_ABOVE ? PaginationActions : ArrowsOnly}
    />
  );
}
