import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { MAX_PAGE_LENGTH, type Page } from '../../../../protocol/paging';
import type { PageRequest } from '../../../dataProvider/remoteCalls';

/** The "all" length of a rows-per-page menu: pages of the server's largest size. */
export const ALL_ROWS = -1;

export interface LogColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A titled table of one of a device's logs, paged by the server: the command history and the
 * error logs of the logs tab both read through it.
 */
export function LogTable<Row extends { ID: number }>({
  title,
  queryKey,
  fetchPage,
  columns,
  lengths,
  empty,
}: {
  title: string;
  queryKey: readonly unknown[];
  fetchPage: (page: PageRequest, signal: AbortSignal) => Promise<Page<Row>>;
  columns: LogColumn<Row>[];
  /** Rows-per-page choices, the first being the default; ALL_ROWS offers "all". */
  lengths: number[];
  empty: string;
}) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(lengths[0]);
  const length = rows === ALL_ROWS ? MAX_PAGE_LENGTH : rows;
  const query = useQuery({
    queryKey: [...queryKey, page, length],
    queryFn: ({ signal }) => fetchPage({ start: page * length, length }, signal),
    placeholderData: (previous) => previous,
  });
  const shown = query.data?.data ?? [];

  return (
    <section aria-label={title}>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {query.error && <Alert severity="error">{query.error.message}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.label}>{column.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isSuccess && shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>{empty}</TableCell>
              </TableRow>
            )}
            {shown.map((row) => (
              <TableRow key={row.ID}>
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.cell(row)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={Number(query.data?.total ?? 0)}
        page={page}
        rowsPerPage={rows}
        rowsPerPageOptions={lengths.map((value) =>
          value === ALL_ROWS ? { label: translate('remote.helpdesk.all'), value } : value,
        )}
        labelRowsPerPage={translate('remote.helpdesk.rows')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('remote.logs.displayed', { from, to, count })
        }
        getItemAriaLabel={(type) => translate(`remote.logs.page_${type}`)}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRows(Number(event.target.value));
          setPage(0);
        }}
      />
    </section>
  );
}
