import { useQuery } from '@tanstack/react-query';
import { Box, Stack, Typography } from '@mui/material';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import { ACTIVITY_COUNTERS } from '../../../protocol/devices';
import type { FlotaDataProvider } from '../../dataProvider';
import { DASHBOARD_REFRESH_MS, DashboardCard } from './DashboardCard';
import { StatList } from './StatList';

const COUNTERS = ACTIVITY_COUNTERS;

/**
 * The activity counters (`activitydevices`). Those the server names in `unavailable` have no
 * source yet: they are listed apart, muted and without a number, because a 0 there would tell
 * the operator that nothing is pending when nothing is being counted.
 */
export function ActivityCard({ database }: { database: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { data, error, isPending } = useQuery({
    queryKey: ['flota', 'activitydevices', database],
    queryFn: ({ signal }) => dataProvider.activityDevices(database, signal),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const label = (counter: string) => translate(`mam.dashboard.activity.counters.${counter}`);
  // DeviceMoreOpersPending names a device (its MID), '' when no device has operations waiting.
  const figure = (counter: string) =>
    counter === 'DeviceMoreOpersPending'
      ? data?.DeviceMoreOpersPending || translate('mam.dashboard.activity.no_device')
      : Number(data?.[counter as keyof typeof data]).toLocaleString(locale);
  const unavailable = new Set(data?.unavailable ?? []);
  const counted = COUNTERS.filter((counter) => !unavailable.has(counter));
  const notCounted = COUNTERS.filter((counter) => unavailable.has(counter));

  return (
    <DashboardCard
      id="mam-activity"
      title={translate('mam.dashboard.activity.title')}
      error={error}
      isPending={isPending}
    >
      {data && (
        <Stack spacing={3}>
          <StatList
            stats={counted.map((counter) => ({
              key: counter,
              label: label(counter),
              value: figure(counter),
            }))}
          />
          {notCounted.length > 0 && (
            <Box
              component="section"
              aria-labelledby="mam-unavailable"
              sx={{ color: 'text.secondary', borderTop: 1, borderColor: 'divider', pt: 2 }}
            >
              <Typography id="mam-unavailable" variant="subtitle2" component="h3">
                {translate('mam.dashboard.activity.unavailable_title')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate('mam.dashboard.activity.unavailable_help')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2 } }}>
                {notCounted.map((counter) => (
                  <Typography key={counter} component="li" variant="body2">
                    {label(counter)}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
