import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';
import { UPDATE_PAGE_SIZES } from '../../../protocol/updates';

interface UpdatePagerProps {
  total: number;
  page: number;
  /** Rows a page; -1 is "all". */
  perPage: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}

/** The update tables' pagination: 5, 10, 20 or all rows (000 §9), in react-admin's words. */
export function UpdatePager({ total, page, perPage, onPage, onPerPage }: UpdatePagerProps) {
  const translate = useTranslate();
  if (!total) return null;
  return (
    <TablePagination
      component="div"
      count={total}
      page={perPage > 0 ? Math.min(page, Math.max(0, Math.ceil(total / perPage) - 1)) : 0}
      rowsPerPage={perPage}
      rowsPerPageOptions={[
        ...UPDATE_PAGE_SIZES,
        { label: translate('updates.rows_all'), value: -1 },
      ]}
      onPageChange={(_event, next) => onPage(next)}
      onRowsPerPageChange={(event) => onPerPage(Number(event.target.value))}
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
