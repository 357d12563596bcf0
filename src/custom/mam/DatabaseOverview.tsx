import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Grid, Skeleton } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { ProjectScreen } from '../../project/ProjectScreen';
import { DASHBOARD_REFRESH_MS, DashboardCard } from './DashboardCard';
import { platformShares } from './platformShares';
import { PlatformTable } from './PlatformTable';

const PlatformChart = lazy(() => import('./PlatformChart'));

/** `/app/database` (000 §2 "Database overview"): the chosen project's devices per platform. */
export default function DatabaseOverview() {
  return (
    <ProjectScreen title="menu.database">
      {(database) => <PlatformsCard database={database} />}
    </ProjectScreen>
  );
}

function PlatformsCard({ database }: { database: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['flota', 'graph', database],
    queryFn: ({ signal }) => dataProvider.graph(database, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const total = Number(data?.total ?? 0);
  const shares = data ? platformShares(data) : [];

  return (
    <DashboardCard
      id="mam-platforms"
      title={translate('mam.overview.title')}
      error={error}
      isPending={isPending}
    >
      {total === 0 ? (
        <Alert severity="info">{translate('mam.overview.empty')}</Alert>
      ) : (
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Suspense
              fallback={
                <Skeleton variant="circular" width={240} height={240} sx={{ mx: 'auto' }} />
              }
            >
              <PlatformChart shares={shares} />
            </Suspense>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PlatformTable shares={shares} total={total} />
          </Grid>
        </Grid>
      )}
    </DashboardCard>
  );
}
