import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PAGE_LENGTHS, type Paging } from './usePaging';

/** The pagination of a server-paged table, in react-admin's words; it wraps on phones. */
export function TablePager({ paging, total }: { paging: Paging; total: number }) {
  const translate = useTranslate();
  if (!total) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(paging.page, Math.max(0, Math.ceil(total / paging.perPage) - 1))}
      rowsPerPage={paging.perPage}
      rowsPerPageOptions={PAGE_LENGTHS}
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
