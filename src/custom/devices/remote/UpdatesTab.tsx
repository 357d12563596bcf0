import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
} from '@mui/material';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import DownloadDoneIcon from '@mui/icons-material/DownloadDone';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { MAX_PAGE_LENGTH } from '../../../../protocol/paging';
import type { DeviceUpdateRow } from '../../../../protocol/updates';
import type { FlotaDataProvider } from '../../../dataProvider';
import { formatDateTime } from '../../../i18n/formats';
import { UpdatePager } from '../../updates/UpdatePager';
import { platformName, typeKey } from '../../updates/UpdateRows';
import { UpdateFileDownload } from './UpdateFileDownload';
import { usePublishRights } from '../../updates/usePublishRights';

const COLUMNS = [
  'tipo',
  'platform',
  'version',
  'versionCompleta',
  'downloaded',
  'confirmDate',
  'error',
];

/**
 * The edit dialog's Updates tab (001 §2): the device's update rows (deviceData 'updates'), each
 * marked as downloaded or its files downloaded, and the device's updates cleaned up or reset,
 * each with its result toast. 5 rows a page, 5/10/20/all, paged by the server.
 */
export function UpdatesTab({
  database,
  mid,
  canChange,
}: {
  database: number;
  mid: string;
  canChange: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(5);
  // Marking, cleaning and resetting need write on the updates node, as the server checks.
  const rights = usePublishRights(database);
  const writable = canChange && rights === 'all';
  const [asking, setAsking] = useState<'clean' | 'reset' | null>(null);
  const key = ['flota', 'deviceUpdates', database, mid];
  // "All" asks for the largest page the server serves (protocol/paging.ts).
  const length = perPage > 0 ? perPage : MAX_PAGE_LENGTH;
  const rows = useQuery({
    queryKey: [...key, page, length],
    queryFn: ({ signal }) =>
      dataProvider.deviceUpdates(database, mid, { start: page * length, length }, signal),
    placeholderData: keepPreviousData,
  });
  const done = (message: string, args?: Record<string, unknown>) => {
    notify(message, { type: 'success', messageArgs: args });
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const failed = (error: Error) =>
    notify('updates.device.failed', { type: 'error', messageArgs: { error: error.message } });
  const mark = useMutation({
    mutationFn: (row: DeviceUpdateRow) => dataProvider.markToDownloaded(database, row.version, mid),
    onSuccess: (_r, row) => done('updates.device.marked', { version: row.versionCompleta }),
    onError: failed,
  });
  const change = useMutation({
    mutationFn: (what: 'clean' | 'reset') =>
      what === 'clean'
        ? dataProvider.cleanUpdatesForMID(database, mid)
        : dataProvider.resetUpdatesForMID(database, mid),
    onSuccess: (_r, what) =>
      done(what === 'clean' ? 'updates.device.cleaned' : 'updates.device.reset_done'),
    onError: failed,
  });
  const date = (value: string | null | undefined) =>
    value ? formatDateTime(value, locale === 'en' ? 'en' : 'es') : '';
  const shown = rows.data?.data ?? [];
  const cell = (row: DeviceUpdateRow, column: string) => {
    switch (column) {
      case 'tipo':
        return translate(typeKey(row.tipo));
      case 'platform':
        return platformName(row.platform);
      case 'version':
        return row.version;
      case 'versionCompleta':
        return row.versionCompleta;
      case 'downloaded':
        return date(row.downloadUpdateDate);
      case 'confirmDate':
        return row.confirmada
          ? date(row.confirmDate) || translate('updates.yes')
          : translate('updates.no');
      case 'error':
        return row.error ?? '';
    }
  };
  return (
    <Box>
      {writable && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Button
            size="small"
            startIcon={<CleaningServicesIcon />}
            disabled={change.isPending}
            onClick={() => setAsking('clean')}
          >
            {translate('updates.device.clean')}
          </Button>
          <Button
            size="small"
            startIcon={<RestartAltIcon />}
            disabled={change.isPending}
            onClick={() => setAsking('reset')}
          >
            {translate('updates.device.reset')}
          </Button>
        </Stack>
      )}
      {rows.error && <Alert severity="error">{rows.error.message}</Alert>}
      {rows.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      <TableContainer>
        <Table size="small" aria-label={translate('updates.device.title')}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{translate(`updates.columns.${column}`)}</TableCell>
              ))}
              <TableCell>{translate('updates.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.version}>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{cell(row, column)}</TableCell>
                ))}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {writable && (
                    <Tooltip title={translate('updates.device.mark')}>
                      <IconButton
                        size="small"
                        aria-label={translate('updates.device.mark_named', {
                          version: row.versionCompleta,
                        })}
                        disabled={mark.isPending}
                        onClick={() => mark.mutate(row)}
                      >
                        <DownloadDoneIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <UpdateFileDownload database={database} row={row} />
                </TableCell>
              </TableRow>
            ))}
            {rows.data && shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>
                  {translate('updates.device.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <UpdatePager
        total={Number(rows.data?.total ?? 0)}
        page={page}
        perPage={perPage}
        onPage={setPage}
        onPerPage={(next) => {
          setPerPage(next);
          setPage(0);
        }}
      />
      <Confirm
        isOpen={asking !== null}
        title={asking === 'reset' ? 'updates.device.reset' : 'updates.device.clean'}
        content={
          asking === 'reset' ? 'updates.device.reset_confirm' : 'updates.device.clean_confirm'
        }
        onConfirm={() => {
          if (asking) change.mutate(asking);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
