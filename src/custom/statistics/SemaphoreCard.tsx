import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Skeleton, Stack, Typography } from '@mui/material';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import { DEFAULT_REFRESH_SECONDS, semaphorePercent } from '../../../protocol/statistics';
import type { FlotaDataProvider } from '../../dataProvider';
import { DashboardCard } from '../mam/DashboardCard';
import { StatList } from '../mam/StatList';
import { SemaphoreTable } from './SemaphoreTable';

const SemaphoreGauge = lazy(() => import('./SemaphoreGauge'));

/**
 * The semaphore (000 §2, §9): the project's devices by pending operations, as a gauge of the
 * three percentages (green and the devices with none summed) and a table of the four counts.
 */
export function SemaphoreCard({ database }: { database: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['flota', 'getStatisticSemaphore', database],
    queryFn: ({ signal }) => dataProvider.statisticSemaphore(database, signal),
    refetchInterval: DEFAULT_REFRESH_SECONDS * 1000,
  });
  const percent = data ? semaphorePercent(data) : null;

  return (
    <DashboardCard
      id="statistics-semaphore"
      title={translate('statistics.semaphore.title')}
      error={error}
      isPending={isPending}
    >
      {data && percent && data.Total === 0 && (
        <Alert severity="info">{translate('statistics.semaphore.empty')}</Alert>
      )}
      {data && percent && data.Total > 0 && (
        <Stack spacing={2}>
          <Box sx={{ position: 'relative' }}>
            <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
              <SemaphoreGauge percent={percent} />
            </Suspense>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: -1 }}>
              {translate('statistics.semaphore.total', {
                total: data.Total.toLocaleString(locale),
              })}
            </Typography>
          </Box>
          <StatList
            stats={(['green', 'yellow', 'red'] as const).map((colour) => ({
              key: colour,
              label: translate(`statistics.semaphore.${colour}`),
              value: `${percent[colour === 'green' ? 'Green' : colour === 'yellow' ? 'Yellow' : 'Red']} %`,
            }))}
          />
          <SemaphoreTable result={data} />
        </Stack>
      )}
    </DashboardCard>
  );
}
