import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { PUSH_TYPES } from '../../../../protocol/commands';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { MailTarget } from './MailDialog';

/** `send push` to the selected devices or all (001 §6: always available), type 0 live, 1–3 log. */
export function PushDialog({
  database,
  target,
  onClose,
}: {
  database: number;
  target: MailTarget | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [type, setType] = useState(0);
  const send = useMutation({
    mutationFn: () =>
      dataProvider.sendPush(database, target === 'all' || !target ? 'all' : target.devices, type),
    onSuccess: (result) => {
      notify('remote.push.done', { type: 'success', messageArgs: { ...result } });
      onClose();
    },
    onError: (error: Error) =>
      notify('remote.push.failed', { type: 'error', messageArgs: { message: error.message } }),
  });
  const title =
    target === 'all' || !target
      ? translate('remote.push.title_all')
      : translate('remote.push.title_selected', { smart_count: target.devices.length });
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={translate('remote.push.type')}
            value={type}
            onChange={(event) => setType(Number(event.target.value))}
          >
            {PUSH_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`remote.push.types.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('remote.command.cancel')}</Button>
        <Button variant="contained" disabled={send.isPending} onClick={() => send.mutate()}>
          {translate('remote.push.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
