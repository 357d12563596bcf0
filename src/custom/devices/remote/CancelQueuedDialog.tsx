import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';

/** A queued command (a 'pending' row of the command history) the operator may cancel. */
export interface QueuedCommand {
  id: number;
  /** Its name as the history shows it. */
  label: string;
}

/** Asks whether to cancel a queued command, and cancels it (cancelCommand). */
export function CancelQueuedDialog({
  database,
  command,
  onClose,
}: {
  database: number;
  command: QueuedCommand | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (!command) return;
    setBusy(true);
    try {
      await dataProvider.cancelCommand(database, [command.id]);
      notify('remote.queue.cancelled', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['command-history'] });
      refresh();
    }
  };
  return (
    <Dialog open={command !== null} onClose={onClose}>
      <DialogTitle>{translate('remote.queue.cancel_title')}</DialogTitle>
      <DialogContent>
        {command && translate('remote.queue.cancel_text', { command: command.label })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('remote.queue.keep')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void cancel()}>
          {translate('remote.queue.cancel_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
