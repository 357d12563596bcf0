import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  deviceListAddress,
  type FleetListFilter,
  type FleetSummaryResponse,
} from '../../../protocol/fleet';
import { DeviceStatusFilter } from '../../../protocol/devices';
import { formatNumber } from '../../i18n/formats';

type Figure = 'total' | 'online' | 'lowBattery' | 'notSyncedToday';

/** Each figure and the device list filter its link applies. */
const FIGURES: { figure: Figure; filter: FleetListFilter }[] = [
  { figure: 'total', filter: {} },
  { figure: 'online', filter: { connection: 'online' } },
  { figure: 'lowBattery', filter: { fleet: 'lowBattery' } },
  { figure: 'notSyncedToday', filter: { status: DeviceStatusFilter.notSynced } },
];

/** The four headline figures, each a link to the device list narrowed to those devices. */
export function FleetFigures({ summary }: { summary: FleetSummaryResponse }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {FIGURES.map(({ figure, filter }) => (
        <Grid key={figure} size={{ xs: 6, md: 3 }} component="li">
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={Link}
              to={deviceListAddress(summary.database, filter)}
              data-figure={figure}
              sx={{ height: '100%' }}
            >
              <CardContent>
                <Typography component="p" variant="h4" sx={{ fontWeight: 600 }}>
                  {formatNumber(summary[figure], locale)}
                </Typography>
                <Typography component="p" variant="subtitle1">
                  {translate(`home.fleet.figures.${figure}`)}
                </Typography>
                <Typography component="p" variant="body2" color="text.secondary">
                  {translate(`home.fleet.figures.${figure}_hint`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
