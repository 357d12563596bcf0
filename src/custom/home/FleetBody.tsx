import { Alert, Button, Grid, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { COMMAND_STATE_LABELS, HISTORY_COMMAND_LABELS } from '../../../protocol/command-labels';
import { deviceListAddress, type FleetSummaryResponse } from '../../../protocol/fleet';
import { FleetFigures } from './FleetFigures';
import { PlatformCard } from './PlatformCard';
import { RecentCard } from './RecentCard';

/** A project's figures, platforms and recent rows; a project without devices says so instead. */
export function FleetBody({ summary }: { summary: FleetSummaryResponse }) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const label = (labels: Record<string, { es: string; en: string }>, code: string) =>
    labels[code]?.[language] ?? code;

  if (summary.total === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={Link} to={deviceListAddress(summary.database)} color="inherit">
            {translate('home.fleet.see_devices')}
          </Button>
        }
      >
        {translate('home.fleet.empty_project', { name: summary.name })}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {translate('home.fleet.project', { name: summary.name })}
      </Typography>
      <FleetFigures summary={summary} />
      <PlatformCard summary={summary} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentCard
            id="home-errors"
            title={translate('home.fleet.errors.title')}
            empty={translate('home.fleet.errors.empty')}
            database={summary.database}
            rows={summary.recentErrors.map((row) => ({
              key: row.ID,
              mid: row.MID,
              what: row.DESCRIPTION,
              at: row.TIMESTAMP,
            }))}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentCard
            id="home-commands"
            title={translate('home.fleet.commands.title')}
            empty={translate('home.fleet.commands.empty')}
            database={summary.database}
            rows={summary.recentCommands.map((row) => ({
              key: row.ID,
              mid: row.MID,
              what: `${label(HISTORY_COMMAND_LABELS, row.CMD)} · ${label(COMMAND_STATE_LABELS, row.STATE)}`,
              at: row.CREATED,
            }))}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
