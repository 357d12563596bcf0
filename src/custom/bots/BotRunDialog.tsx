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
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';

interface BotRunDialogProps {
  bot: { id: number; name: string };
  /** A dry run: the devices it would fire on; otherwise it runs now. */
  dry: boolean;
  onClose(): void;
}

/**
 * A bot tried or run from its row: a dry run says on how many devices it would fire now and
 * the first of them; a run says what it did (the server's words, in the user's language).
 */
export function BotRunDialog({ bot, dry, onClose }: BotRunDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const run = useQuery({
    queryKey: ['flota', 'botRun', bot.id, dry],
    queryFn: () => dataProvider.runBot(bot.id, dry),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const result = run.data;
  const title = translate(dry ? 'bots.dry_title' : 'bots.run_title', { name: bot.name });
  return (
    <Dialog open onClose={onClose} aria-labelledby="bot-run-title">
      <DialogTitle id="bot-run-title">{title}</DialogTitle>
      <DialogContent>
        {run.isPending ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} />
            <DialogContentText>{translate('bots.working')}</DialogContentText>
          </Stack>
        ) : run.isError ? (
          <Alert severity="error">{(run.error as Error).message}</Alert>
        ) : result && dry && result.outcome !== 'refused' ? (
          <>
            <DialogContentText>
              {result.devices > 0
                ? translate('bots.would', { smart_count: result.devices })
                : translate('bots.none')}
            </DialogContentText>
            {result.mids.length > 0 && (
              <DialogContentText sx={{ mt: 1, wordBreak: 'break-word' }}>
                {translate('bots.shown', { mids: result.mids.join(', ') })}
              </DialogContentText>
            )}
          </>
        ) : result ? (
          <Alert
            severity={
              result.outcome === 'done' || result.outcome === 'nothing' ? 'success' : 'warning'
            }
          >
            {result.detail}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('bots.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
