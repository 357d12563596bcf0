import { useState } from 'react';
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
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { OutcomeChip } from './CommandResults';

/** 001 §9: log tables show 10 rows, or 5. */
export const LOG_ROWS = 10;

/**
 * The edit dialog's logs tab (001 §2): the last command (CMDTIME, LASTCMD, LASTERROR) and the
 * command history, newest first. Error logs come with the replication engine (docs/decisions.md).
 */
export function LogsTab({ database, mid }: { database: number; mid: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(LOG_ROWS);
  const last = useQuery({
    queryKey: ['flota', 'deviceCommandLog', database, mid],
    queryFn: ({ signal }) => dataProvider.deviceCommandLog(database, mid, signal),
  });
  const history = useQuery({
    queryKey: ['flota', 'deviceCommands', database, mid, page, rows],
    queryFn: ({ signal }) =>
      dataProvider.deviceCommands(database, mid, { start: page * rows, length: rows }, signal),
    placeholderData: (previous) => previous,
  });
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(locale) : '');
  const field = (name: string) => translate(`remote.logs.fields.${name}`);
  const error = last.error ?? history.error;

  return (
    <Box>
      {error && <Alert severity="error">{error.message}</Alert>}
      <Typography variant="subtitle2">{translate('remote.logs.command_log')}</Typography>
      <Table size="small" aria-label={translate('remote.logs.command_log')}>
        <TableHead>
          <TableRow>
            <TableCell>{field('CMDTIME')}</TableCell>
            <TableCell>{field('LASTCMD')}</TableCell>
            <TableCell>{field('LASTERROR')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{date(last.data?.CMDTIME ?? null)}</TableCell>
            <TableCell>{last.data?.LASTCMD ?? translate('remote.logs.none')}</TableCell>
            <TableCell>{last.data?.LASTERROR ?? ''}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('remote.logs.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('remote.logs.history')}>
          <TableHead>
            <TableRow>
              {['CREATED', 'CMD', 'STATE', 'SENT', 'CONFIRMED', 'ERRORDESC'].map((name) => (
                <TableCell key={name}>{field(name)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data?.data.map((row) => (
              <TableRow key={row.ID}>
                <TableCell>{date(row.CREATED)}</TableCell>
                <TableCell>{row.CMD}</TableCell>
                <TableCell>
                  <OutcomeChip outcome={{ device: mid, state: row.STATE, row: rowAsResult(row) }} />
                </TableCell>
                <TableCell>{date(row.SENT)}</TableCell>
                <TableCell>{date(row.CONFIRMED)}</TableCell>
                <TableCell>{row.ERRORDESC ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={Number(history.data?.total ?? 0)}
        page={page}
        rowsPerPage={rows}
        rowsPerPageOptions={[LOG_ROWS, 5]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRows(Number(event.target.value));
          setPage(0);
        }}
      />
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('remote.logs.error_logs_unavailable')}
      </Alert>
    </Box>
  );
}

/** The chip reads a result row; the history keeps the error in ERRORDESC, shown in its column. */
function rowAsResult(row: { CMD: string; STATE: string }) {
  return {
    device: '',
    commandId: '',
    state: row.STATE,
    result: null,
    fromdevice: false,
    sourceRequest: row.CMD,
    msg: null,
    exceptionMessage: null,
    latitude: null,
    longitude: null,
    time: null,
    QueryResponses: null,
    channel: null,
  } as never;
}
