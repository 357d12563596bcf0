import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SearchRow } from '../../dataProvider';
import { rowKey, SEARCH_COLUMNS, secondaryCell, visuallyHidden } from './searchColumns';
import { SearchTableRow } from './SearchTableRow';
import { PAGE_LENGTHS, SEARCH_WINDOW, type useDeviceSearch } from './useDeviceSearch';

type Search = ReturnType<typeof useDeviceSearch>;

interface SearchTableProps {
  rows: SearchRow[];
  total: number;
  search: Pick<
    Search,
    'orderBy' | 'orderDir' | 'sortBy' | 'page' | 'setPage' | 'length' | 'setLength'
  >;
  onOpen: (row: SearchRow) => void;
}

/** The devices found, sortable by column and paged on the server. */
export function SearchTable({ rows, total, search, onOpen }: SearchTableProps) {
  const translate = useTranslate();
  const { orderBy, orderDir, sortBy, page, setPage, length, setLength } = search;
  return (
    <>
      <TableContainer>
        <Table
          size="small"
          aria-label={translate('search.table')}
          sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              {SEARCH_COLUMNS.map((column) => {
                const sort = column.sort;
                const sorted = sort !== undefined && sort === orderBy;
                const label = translate(`search.columns.${column.id}`);
                return (
                  <TableCell
                    key={column.id}
                    aria-sort={
                      sorted ? (orderDir === 'asc' ? 'ascending' : 'descending') : undefined
                    }
                    padding={column.id === 'platform' ? 'checkbox' : 'normal'}
                    sx={{
                      ...(column.secondary ? secondaryCell : {}),
                      // Headings wrap on phones, where the row's figures need the width.
                      whiteSpace: { sm: 'nowrap' },
                    }}
                  >
                    {column.id === 'platform' ? (
                      <span style={visuallyHidden}>{label}</span>
                    ) : sort ? (
                      <TableSortLabel
                        active={sorted}
                        direction={sorted ? orderDir : sort === 'SINCRONISMO' ? 'desc' : 'asc'}
                        onClick={() => sortBy(sort)}
                      >
                        {label}
                      </TableSortLabel>
                    ) : (
                      label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <SearchTableRow key={rowKey(row)} row={row} onOpen={onOpen} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={Math.min(total, SEARCH_WINDOW)}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={length}
        rowsPerPageOptions={PAGE_LENGTHS}
        onRowsPerPageChange={(event) => setLength(Number(event.target.value))}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', {
            offsetBegin: from,
            offsetEnd: to,
            total: count,
          })
        }
        sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 1 } } }}
      />
    </>
  );
}
