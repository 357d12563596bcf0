import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { CommandHistoryRow } from '../../../../protocol/commands';
import type { FlotaDataProvider } from '../../../dataProvider';
import { OutcomeChip } from './CommandResults';
import { ErrorLogs } from './ErrorLogs';
import { LogTable } from './LogTable';

/** 001 §9: log tables show 10 rows, or 5. */
export const LOG_ROWS = 10;

/**
 * The edit dialog's logs tab (001 §2): the last command (CMDTIME, LASTCMD, LASTERROR), the
 * command history, newest first, and the error logs the device's agent reported in its
 * check-ins (docs/device-protocol.md).
 */
export function LogsTab({ database, mid }: { database: number; mid: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const last = useQuery({
    queryKey: ['flota', 'deviceCommandLog', database, mid],
    queryFn: ({ signal }) => dataProvider.deviceCommandLog(database, mid, signal),
  });
  const date = (value: string | null) => (value ? new Date(value).toLocaleString(locale) : '');
  const field = (name: string) => translate(`remote.logs.fields.${name}`);

  return (
    <Box>
      {last.error && <Alert severity="error">{last.error.message}</Alert>}
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
      <LogTable<CommandHistoryRow>
        title={translate('remote.logs.history')}
        queryKey={['flota', 'deviceCommands', database, mid]}
        fetchPage={(page, signal) => dataProvider.deviceCommands(database, mid, page, signal)}
        lengths={[LOG_ROWS, 5]}
        empty={translate('remote.logs.none')}
        columns={[
          { label: field('CREATED'), cell: (row) => date(row.CREATED) },
          { label: field('CMD'), cell: (row) => row.CMD },
          {
            label: field('STATE'),
            cell: (row) => (
              <OutcomeChip outcome={{ device: mid, state: row.STATE, row: rowAsResult(row) }} />
            ),
          },
          { label: field('SENT'), cell: (row) => date(row.SENT) },
          { label: field('CONFIRMED'), cell: (row) => date(row.CONFIRMED) },
          { label: field('ERRORDESC'), cell: (row) => row.ERRORDESC ?? '' },
        ]}
      />
      <ErrorLogs database={database} mid={mid} />
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
