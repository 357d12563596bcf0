import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PAGE_LENGTHS } from './usePaging';

type PageLength = number | { label: string; value: number };

/** The pagination of a server-paged table, in react-admin's words; it wraps on phones. */
export function TablePager({
  paging,
  total,
  lengths = PAGE_LENGTHS,
}: {
  paging: {
    page: number;
    perPage: number;
    setPage(page: number): void;
    setPerPage(perPage: number): void;
  };
  total: number;
  /** The page lengths offered; a length of -1 is "all". */
  lengths?: readonly PageLength[];
}) {
  const translate = useTranslate();
  if (!total) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(paging.page, Math.max(0, Math.ceil(total / paging.perPage) - 1))}
      rowsPerPage={paging.perPage}
      rowsPerPageOptions={[...lengths]}
      onPageChange={(_event, next) => paging.setPage(next)}
      onRowsPerPageChange={(event) => paging.setPerPage(Number(event.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', {
          offsetBegin: from,
          offsetEnd: to,
          total: count,
        })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}
