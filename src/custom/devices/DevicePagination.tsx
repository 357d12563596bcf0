import { useCallback } from 'react';
import { TablePagination, Tooltip } from '@mui/material';
import { useListContext, useListPaginationContext, useLocale, useTranslate } from 'react-admin';
import { LARGEST_PAGE } from '../../dataProvider';
import { formatNumber } from '../../i18n/formats';

/** Page lengths of the device table (000 §9); "all" pages at the server's largest page. */
export const DEVICE_PAGE_LENGTHS = [10, 20, 50, 100, 500] as const;
export const DEVICE_DEFAULT_PAGE = 100;

/**
 * The device list's pagination. Unlike react-admin's, it keeps the page-length choice on small
 * screens too, and wraps instead of overflowing a phone's width. A capped total (the server
 * stopped counting: docs/decisions.md, "Device list totals") reads "1–100 of more than 1,000",
 * with next pages open and no last-page button.
 */
export function DevicePagination() {
  const translate = useTranslate();
  const locale = useLocale();
  const { isPending, page, perPage, total, setPage, setPerPage } = useListPaginationContext();
  const capped = Boolean(
    (useListContext().meta as { totalCapped?: boolean } | undefined)?.totalCapped,
  );
  const onPageChange = useCallback((_: unknown, next: number) => setPage(next + 1), [setPage]);
  if (isPending || !total) return null;
  const range = (from: number, to: number, count: number) =>
    capped
      ? translate('resources.devicelist.pagination.range_more', {
          from: formatNumber(from, locale),
          to: formatNumber(to, locale),
          total: formatNumber(total, locale),
        })
      : translate('ra.navigation.page_range_info', {
          offsetBegin: from,
          offsetEnd: to,
          total: count,
        });
  const options = [
    ...DEVICE_PAGE_LENGTHS,
    { label: translate('resources.devicelist.pagination.all'), value: LARGEST_PAGE },
  ];
  return (
    <TablePagination
      component="div"
      count={capped ? -1 : total}
      page={capped ? page - 1 : Math.min(page - 1, Math.max(0, Math.ceil(total / perPage) - 1))}
      rowsPerPage={perPage}
      rowsPerPageOptions={options}
      onPageChange={onPageChange}
      onRowsPerPageChange={(event) => setPerPage(Number(event.target.value))}
      labelRowsPerPage={
        <Tooltip
          describeChild
          title={translate('resources.devicelist.pagination.all_help', { max: LARGEST_PAGE })}
        >
          <span>{translate('resources.devicelist.pagination.rows_per_page')}</span>
        </Tooltip>
      }
      labelDisplayedRows={({ from, to, count }) =>
        capped ? (
          <Tooltip
            describeChild
            title={translate('resources.devicelist.pagination.more_help', {
              total: formatNumber(total, locale),
            })}
          >
            <span data-testid="device-total-capped">{range(from, to, count)}</span>
          </Tooltip>
        ) : (
          range(from, to, count)
        )
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      showFirstButton
      showLastButton={!capped}
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 1 },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}
