import { useQuery } from '@tanstack/react-query';
import { LinearProgress, Stack, Typography } from '@mui/material';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { DASHBOARD_REFRESH_MS, DashboardCard } from './DashboardCard';
import { StatList } from './StatList';

const FIGURES = ['Total', 'Active', 'Disabled', 'Online'] as const;

/** The fleet's summary (`activeDevices`): devices, active, disabled, online, and licences in use. */
export function FleetCard({ database }: { database: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['flota', 'activeDevices', database],
    queryFn: ({ signal }) => dataProvider.activeDevices(database, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const number = (value: number) => value.toLocaleString(locale);

  return (
    <DashboardCard
      id="mam-fleet"
      title={translate('mam.dashboard.fleet.title')}
      error={error}
      isPending={isPending}
    >
      {data && (
        <Stack spacing={3}>
          <StatList
            stats={FIGURES.map((figure) => ({
              key: figure,
              label: translate(`mam.dashboard.fleet.${figure}`),
              value: number(data[figure]),
            }))}
          />
          <div>
            <Typography id="mam-licences" variant="body2" color="text.secondary">
              {translate('mam.dashboard.fleet.licences')}
            </Typography>
            <Typography variant="h6" component="p">
              {translate('mam.dashboard.fleet.licences_value', {
                used: number(data.Licensed),
                max: number(data.MaxLicenses),
              })}
            </Typography>
            {data.MaxLicenses > 0 && (
              <LinearProgress
                variant="determinate"
                aria-labelledby="mam-licences"
                value={Math.min(100, (data.Licensed * 100) / data.MaxLicenses)}
                color={data.Licensed >= data.MaxLicenses ? 'warning' : 'primary'}
              />
            )}
          </div>
        </Stack>
      )}
    </DashboardCard>
  );
}
