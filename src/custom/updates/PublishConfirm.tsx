import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PublishPayload } from '../../../protocol/updates';
import type { FlotaDataProvider } from '../../dataProvider';

export type PublishTarget = Pick<PublishPayload, 'Type' | 'lstMID' | 'Platform'>;

interface PublishConfirmProps {
  database: number;
  /** The update about to be published; null: closed. */
  target: PublishTarget | null;
  /** The update goes to the project's repository too (devices enrolled later get it). */
  repository: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asked before an update is published (issue 33, point 15): how many devices will receive it,
 * counted on the server by the publish's own targeting (countUpdateTargets), and, when it goes
 * to the repository, that devices enrolled later receive it too. A refusal of the count (the
 * server's text) leaves nothing to confirm.
 */
export function PublishConfirm({
  database,
  target,
  repository,
  onConfirm,
  onClose,
}: PublishConfirmProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const count = useQuery({
    queryKey: ['flota', 'updateTargets', database, target],
    queryFn: ({ signal }) => dataProvider.countUpdateTargets(database, target!, signal),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const devices = count.data?.devices;
  return (
    <Dialog open={target !== null} onClose={onClose} aria-labelledby="publish-confirm-title">
      <DialogTitle id="publish-confirm-title">{translate('updates.confirm.title')}</DialogTitle>
      <DialogContent>
        {count.isPending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} />
            <DialogContentText>{translate('updates.confirm.counting')}</DialogContentText>
          </Stack>
        ) : count.error ? (
          <Alert severity="error">{count.error.message}</Alert>
        ) : (
          <Stack spacing={1}>
            <DialogContentText sx={{ fontWeight: 500, color: 'text.primary' }}>
              {devices
                ? translate('updates.confirm.devices', { smart_count: devices })
                : translate('updates.confirm.none')}
            </DialogContentText>
            {repository && (
              <DialogContentText>{translate('updates.confirm.later')}</DialogContentText>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('updates.confirm.cancel')}</Button>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          disabled={devices === undefined || Boolean(count.error)}
          onClick={onConfirm}
        >
          {translate('updates.confirm.publish')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
