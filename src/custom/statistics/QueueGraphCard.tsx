import { lazy, Suspense, useState } from 'react';
import { Box, Button, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useLocale, useTranslate } from 'react-admin';
import {
  DEFAULT_REFRESH_SECONDS,
  QUEUE_SOURCES,
  REFRESH_CHOICES,
  type QueueSource,
} from '../../../protocol/statistics';
import { DashboardCard } from '../mam/DashboardCard';
import { useQueuePoints } from './useQueuePoints';

const QueueChart = lazy(() => import('./QueueChart'));

/**
 * The live graph of a queue's size (000 §2, §9): the last 50 values of SQUEUE or QUEUE, taken
 * every few seconds (5 by default), paused and resumed by the user.
 */
export function QueueGraphCard({ database }: { database: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  const [source, setSource] = useState<QueueSource>('SQUEUE');
  const [period, setPeriod] = useState<number>(DEFAULT_REFRESH_SECONDS);
  const [paused, setPaused] = useState(false);
  const { points, error } = useQueuePoints(database, source, period, paused);
  const last = points.at(-1);

  return (
    <DashboardCard
      id="statistics-graph"
      title={translate('statistics.graph.title')}
      error={null}
      isPending={false}
    >
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <TextField
            select
            size="small"
            id="statistics-source"
            label={translate('statistics.graph.source')}
            value={source}
            onChange={(event) => setSource(event.target.value as QueueSource)}
            fullWidth={false}
            // contain: its long choice never widens a phone's page; the text ellipsizes instead.
            sx={{ width: { xs: '100%', sm: 330 }, contain: 'inline-size' }}
          >
            {QUEUE_SOURCES.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {translate(`statistics.graph.sources.${choice}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            id="statistics-period"
            label={translate('statistics.graph.period')}
            value={period}
            onChange={(event) => setPeriod(Number(event.target.value))}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 160 } }}
          >
            {REFRESH_CHOICES.map((seconds) => (
              <MenuItem key={seconds} value={seconds}>
                {translate('statistics.graph.seconds', { smart_count: seconds })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            onClick={() => setPaused(!paused)}
            startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}
          >
            {translate(paused ? 'statistics.graph.resume' : 'statistics.graph.pause')}
          </Button>
        </Stack>
        <Typography variant="body2" role="status" data-testid="queue-now">
          {last
            ? translate('statistics.graph.now', {
                value: last.value.toLocaleString(locale),
                source: translate(`statistics.graph.sources.${source}`),
              })
            : translate('statistics.graph.waiting')}
          {paused && ` · ${translate('statistics.graph.paused')}`}
        </Typography>
        {error && (
          <Typography variant="body2" color="error">
            {error.message}
          </Typography>
        )}
        <Box data-testid="queue-graph" data-points={points.length}>
          <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
            <QueueChart points={points} source={source} />
          </Suspense>
        </Box>
      </Stack>
    </DashboardCard>
  );
}
