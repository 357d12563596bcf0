import { useState } from 'react';
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { ProvisionLogRow, ProvisionTaskRow } from '../../../../protocol/provisioning';
import type { FlotaDataProvider } from '../../../dataProvider';
import { formatDateTime } from '../../../i18n/formats';
import { TablePager } from '../../../custom/environments/TablePager';

const TASK_COLUMNS = ['ID', 'KIND', 'STARTED', 'ENDED', 'STATUS', 'USERDATA'] as const;
const LOG_COLUMNS = ['LOGCREATED', 'LOGTYPE', 'LOGMESSAGE'] as const;
const LENGTHS = [5, 10, 25];
/** Tasks move as the device works: the tab reads them again this often. */
const REFRESH_MS = 3000;

function usePaging(initial: number) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(initial);
  return {
    page,
    perPage,
    setPage,
    setPerPage: (next: number) => {
      setPerPage(next);
      setPage(0);
    },
    request: { start: page * perPage, length: perPage },
  };
}

/**
 * The edit dialog's Provision tab (001 §2): the device's provision tasks (ID, STARTED, ENDED,
 * STATUS by its label, USERDATA), newest first, and the log of the task chosen; both paged by
 * the server (deviceProvisionTask).
 */
export function ProvisionTab({ database, mid }: { database: number; mid: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const tasksPaging = usePaging(5);
  const logPaging = usePaging(10);
  const [chosen, setChosen] = useState<number | null>(null);
  const tasks = useQuery({
    queryKey: ['flota', 'provisionTasks', database, mid, tasksPaging.request],
    queryFn: ({ signal }) =>
      dataProvider.provisionTasks(database, mid, tasksPaging.request, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const log = useQuery({
    queryKey: ['flota', 'provisionLog', database, mid, chosen, logPaging.request],
    queryFn: ({ signal }) =>
      dataProvider.provisionLog(database, mid, chosen!, logPaging.request, signal),
    enabled: chosen !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const date = (value: string | null) =>
    value ? formatDateTime(value, locale === 'en' ? 'en' : 'es') : '';
  const taskCell = (row: ProvisionTaskRow, column: (typeof TASK_COLUMNS)[number]) => {
    switch (column) {
      case 'KIND':
        return translate(`provisioning.kinds.${row.KIND}`);
      case 'STARTED':
      case 'ENDED':
        return date(row[column]);
      case 'STATUS':
        return translate(`provisioning.status.${row.STATUS}`, { _: String(row.STATUS) });
      default:
        return row[column] ?? '';
    }
  };
  const logCell = (row: ProvisionLogRow, column: (typeof LOG_COLUMNS)[number]) =>
    column === 'LOGCREATED'
      ? date(row.LOGCREATED)
      : column === 'LOGTYPE'
        ? translate(`provisioning.logtype.${row.LOGTYPE}`)
        : row.LOGMESSAGE;
  const taskRows = tasks.data?.data ?? [];
  return (
    <Box>
      {tasks.error && <Alert severity="error">{tasks.error.message}</Alert>}
      {tasks.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      <TableContainer>
        <Table size="small" aria-label={translate('provisioning.tasks')}>
          <TableHead>
            <TableRow>
              {TASK_COLUMNS.map((column) => (
                <TableCell key={column}>{translate(`provisioning.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {taskRows.map((row) => (
              <TableRow
                key={row.ID}
                hover
                selected={row.ID === chosen}
                aria-selected={row.ID === chosen}
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                onClick={() => {
                  setChosen(row.ID);
                  logPaging.setPage(0);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setChosen(row.ID);
                    logPaging.setPage(0);
                  }
                }}
              >
                {TASK_COLUMNS.map((column) => (
                  <TableCell key={column}>{taskCell(row, column)}</TableCell>
                ))}
              </TableRow>
            ))}
            {tasks.data && taskRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={TASK_COLUMNS.length}>
                  {translate('provisioning.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager paging={tasksPaging} total={Number(tasks.data?.total ?? 0)} lengths={LENGTHS} />
      {chosen === null ? (
        taskRows.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('provisioning.pick')}
          </Typography>
        )
      ) : (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {translate('provisioning.log', { id: chosen })}
          </Typography>
          {log.error && <Alert severity="error">{log.error.message}</Alert>}
          <TableContainer>
            <Table size="small" aria-label={translate('provisioning.log', { id: chosen })}>
              <TableHead>
                <TableRow>
                  {LOG_COLUMNS.map((column) => (
                    <TableCell key={column}>
                      {translate(`provisioning.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(log.data?.data ?? []).map((row) => (
                  <TableRow key={row.ID}>
                    {LOG_COLUMNS.map((column) => (
                      <TableCell
                        key={column}
                        sx={
                          column === 'LOGMESSAGE'
                            ? { wordBreak: 'break-word' }
                            : { whiteSpace: 'nowrap' }
                        }
                      >
                        {logCell(row, column)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                {log.data && log.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={LOG_COLUMNS.length}>
                      {translate('provisioning.empty_log')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePager paging={logPaging} total={Number(log.data?.total ?? 0)} lengths={LENGTHS} />
        </Box>
      )}
    </Box>
  );
}
