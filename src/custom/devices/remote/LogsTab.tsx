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
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { choiceLabel } from '../../../../protocol/resource-schema';
import { COMMAND_HISTORY } from '../../../../protocol/resources/command-history';
import { DEVICE_ERRORS } from '../../../../protocol/resources/device-errors';
import type { FlotaDataProvider } from '../../../dataProvider';
import { formatDateTime } from '../../../i18n/formats';
import { DeviceResourceList, type DeviceListsProps } from './DeviceResourceList';
import { CancelQueuedDialog, type QueuedCommand } from './CancelQueuedDialog';

/**
 * The edit dialog's logs tab (001 §2): the last command (CMDTIME, LASTCMD, LASTERROR: one
 * record of the device, so a small table rather than a declared list), then the
 * declared lists `command-history` (newest first) and `device-errors` (the error logs the
 * device's agent reported in its check-ins, docs/device-protocol.md), both of this device.
 */
export function LogsTab({ database, mid, owner }: DeviceListsProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'es';
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const last = useQuery({
    queryKey: ['flota', 'deviceCommandLog', database, mid],
    queryFn: ({ signal }) => dataProvider.deviceCommandLog(database, mid, signal),
  });
  const field = (name: string) => translate(`remote.logs.fields.${name}`);
  const list = { database, mid, owner };
  // The last command by its name, as the history below shows it.
  const commandField = COMMAND_HISTORY.fields.find((f) => f.source === 'CMD')!;
  const command = (code: string | null) =>
    code === null ? translate('remote.logs.none') : choiceLabel(commandField, code, language);
  // A click on a queued command offers to cancel it (docs/device-protocol.md, "Queued commands").
  const [cancelling, setCancelling] = useState<QueuedCommand | null>(null);

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
            <TableCell>{formatDateTime(last.data?.CMDTIME ?? null, language)}</TableCell>
            <TableCell>{command(last.data?.LASTCMD ?? null)}</TableCell>
            <TableCell>{last.data?.LASTERROR ?? ''}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <DeviceResourceList
        definition={COMMAND_HISTORY}
        {...list}
        onOpen={(record) => {
          if (record.STATE === 'pending')
            setCancelling({ id: Number(record.ID), label: command(String(record.CMD)) });
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {translate('remote.queue.hint')}
      </Typography>
      <CancelQueuedDialog
        database={database}
        command={cancelling}
        onClose={() => setCancelling(null)}
      />
      <DeviceResourceList definition={DEVICE_ERRORS} {...list} />
    </Box>
  );
}
