import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { freeBannerTone, freeTone, percentOf, usedTone } from '../../../protocol/licences';
import type { EnvironmentEntry, LicenceGauge } from '../../../protocol/projects';

/** A gauge's colour (000 §9): free licences by freeTone, assigned and used by usedTone. */
export const gaugeTone = (gauge: LicenceGauge) => {
  const percent = percentOf(gauge.current, gauge.max);
  return gauge.id === 'free' ? freeTone(percent) : usedTone(percent);
};

/** The environment's licence gauges (assigned, used, free) and the free-licences banner. */
export function LicenceGauges({ environment }: { environment: EnvironmentEntry }) {
  const translate = useTranslate();
  const locale = useLocale();
  const number = (value: number) => value.toLocaleString(locale);
  const { freeLicences, maxLicences } = environment;
  return (
    <Stack spacing={1.5}>
      <Alert severity={freeBannerTone(percentOf(freeLicences, maxLicences))} icon={false}>
        {translate('environments.dashboard.free_banner', {
          free: number(freeLicences),
          max: number(maxLicences),
        })}
      </Alert>
      {environment.graph.map((gauge) => {
        const id = `gauge-${environment.id}-${gauge.id}`;
        return (
          <div key={gauge.id}>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography id={id} variant="body2" color="text.secondary">
                {translate(`environments.gauges.${gauge.title}`)}
              </Typography>
              <Typography variant="body2">
                {translate('environments.gauges.value', {
                  current: number(gauge.current),
                  max: number(gauge.max),
                })}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              aria-labelledby={id}
              value={Math.min(100, percentOf(gauge.current, gauge.max))}
              color={gaugeTone(gauge)}
              sx={{ height: 8, borderRadius: 1 }}
            />
          </div>
        );
      })}
    </Stack>
  );
}
