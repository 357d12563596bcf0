import { useEffect, useRef } from 'react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { GENERATION_STATES } from '../../../protocol/frameworks';
import type { FlotaDataProvider } from '../../dataProvider';
import { useChoiceLabel } from './choiceLabel';

interface GenerationProgressProps {
  projectid: number;
  environment: number;
  id: number;
  onDone(message: string): void;
}

/** A generation's job as it goes: its state and progress, read every second until it ends. */
export function GenerationProgress({
  projectid,
  environment,
  id,
  onDone,
}: GenerationProgressProps) {
  const translate = useTranslate();
  const label = useChoiceLabel();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const told = useRef(false);
  const rows = useQuery({
    queryKey: ['flota', 'generation', id],
    queryFn: ({ signal }) => dataProvider.generations(projectid, environment, signal),
    refetchInterval: (query) => {
      const row = query.state.data?.find((entry) => entry.id === id);
      return row && (row.state === 'done' || row.state === 'failed') ? false : 1000;
    },
  });
  const row = rows.data?.find((entry) => entry.id === id);
  const ended = row?.state === 'done' || row?.state === 'failed';
  useEffect(() => {
    if (!row || !ended || told.current) return;
    told.current = true;
    onDone(row.state === 'done' ? translate('frameworks.generated') : (row.detail ?? ''));
  }, [row, ended, onDone, translate]);
  const state = GENERATION_STATES.find((entry) => entry.code === (row?.state ?? 'queued'))!;
  return (
    <Box aria-live="polite">
      <Typography sx={{ mb: 1 }}>{translate('frameworks.started', { id })}</Typography>
      <LinearProgress
        variant="determinate"
        value={row?.progress ?? 0}
        aria-label={translate('frameworks.progress', {
          state: label(state),
          progress: row?.progress ?? 0,
        })}
      />
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="generation-progress">
        {translate('frameworks.progress', { state: label(state), progress: row?.progress ?? 0 })}
        {row?.detail && row.state !== 'failed' ? ` — ${row.detail}` : ''}
      </Typography>
      {row?.state === 'done' && (
        <Alert severity="success" sx={{ mt: 2 }}>
          {translate('frameworks.generated')}
        </Alert>
      )}
      {row?.state === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {row.detail}
        </Alert>
      )}
      {rows.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {rows.error.message}
        </Alert>
      )}
    </Box>
  );
}
