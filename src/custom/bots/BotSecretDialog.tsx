import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';

interface BotSecretDialogProps {
  bot: { id: number; name: string };
  onClose(): void;
}

/**
 * The key a bot's webhook requests are signed with (docs/bots.md, "Webhooks"), revealed to the
 * administrators who write the bot, with a button that replaces it.
 */
export function BotSecretDialog({ bot, onClose }: BotSecretDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const client = useQueryClient();
  const key = ['flota', 'botSecret', bot.id];
  const secret = useQuery({
    queryKey: key,
    queryFn: () => dataProvider.botSecret(bot.id, false),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const renew = useMutation({
    mutationFn: () => dataProvider.botSecret(bot.id, true),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  const error = secret.error ?? renew.error;
  return (
    <Dialog open onClose={onClose} aria-labelledby="bot-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="bot-secret-title">
        {translate('bots.secret_title', { name: bot.name })}
      </DialogTitle>
      <DialogContent>
        {secret.isPending ? (
          <CircularProgress size={20} />
        ) : error ? (
          <Alert severity="error">{(error as Error).message}</Alert>
        ) : (
          <>
            <TextField
              value={secret.data?.secret ?? ''}
              label={translate('bots.secret')}
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } } }}
            />
            <DialogContentText sx={{ mt: 1 }}>{translate('bots.secret_help')}</DialogContentText>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => renew.mutate()} disabled={renew.isPending || secret.isPending}>
          {translate('bots.renew')}
        </Button>
        <Button onClick={onClose}>{translate('bots.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
