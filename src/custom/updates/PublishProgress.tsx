import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useLocale, useTranslate } from 'react-admin';
import { UPDATE_MESSAGES } from '../../../protocol/updates';
import type { FileProgress, PublishState } from './usePublish';

const percentOf = (file: FileProgress) =>
  file.status === 'done' ? 100 : file.total > 0 ? Math.trunc((file.sent * 100) / file.total) : 0;

/**
 * The publish in progress (000 §4): its step, a progress bar per file, and after a failure the
 * reason with Reintentar (the files not uploaded yet only) and Cancelar.
 */
export function PublishProgress({
  state,
  onRetry,
  onCancel,
}: {
  state: PublishState;
  onRetry(): void;
  onCancel(): void;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  if (state.step === 'idle') return null;
  const status = (file: FileProgress) =>
    file.status === 'done'
      ? UPDATE_MESSAGES[language].uploadedOk
      : translate(`updates.progress.${file.status === 'uploading' ? 'file' : file.status}`, {
          name: file.name,
          percent: percentOf(file),
        });
  return (
    <Box component="section" aria-labelledby="update-progress-title">
      <Typography id="update-progress-title" variant="subtitle1" component="h3">
        {translate('updates.progress.title')}
      </Typography>
      {state.step === 'structure' && (
        <>
          <Typography variant="body2">{translate('updates.progress.structure')}</Typography>
          <LinearProgress aria-label={translate('updates.progress.structure')} />
        </>
      )}
      <Stack spacing={1} sx={{ my: 1 }}>
        {state.files.map((file) => (
          <Box key={file.numero}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {file.name}
              </Typography>
              <Typography
                variant="body2"
                color={file.status === 'failed' ? 'error' : 'text.secondary'}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {file.status === 'uploading' ? `${percentOf(file)} %` : status(file)}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={percentOf(file)}
              color={file.status === 'failed' ? 'error' : 'primary'}
              aria-label={translate('updates.progress.file', {
                name: file.name,
                percent: percentOf(file),
              })}
            />
          </Box>
        ))}
      </Stack>
      {state.step === 'confirm' && (
        <>
          <Typography variant="body2">{translate('updates.progress.confirming')}</Typography>
          <LinearProgress aria-label={translate('updates.progress.confirming')} />
        </>
      )}
      {state.step === 'failed' && (
        // The buttons go under the reason, not beside it: on a phone a side action leaves the
        // text a few letters wide.
        <Alert severity="error">
          {state.error}
          <Typography variant="body2">{translate('updates.progress.failed_help')}</Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button color="inherit" size="small" onClick={onCancel}>
              {translate('updates.new.cancel')}
            </Button>
            <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={onRetry}>
              {translate('updates.new.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Box>
  );
}
