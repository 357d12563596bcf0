import { lazy, Suspense } from 'react';
import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCurrentProject } from '../../project/useCurrentProject';
import { FleetBody } from './FleetBody';
import { useFleetSummary } from './useFleetSummary';

// Only callers who reach several projects see the picker: its select (MUI's Select, Menu and
// inputs) is a chunk of its own, fetched with their project list (issue 17, speed).
const ProjectPicker = lazy(() =>
  import('../../project/ProjectPicker').then((module) => ({ default: module.ProjectPicker })),
);

/**
 * The administrator's view of their fleet on the home page (docs/decisions.md, "Home: the fleet
 * at a glance"): the figures of one project at a time, the device screens' current project,
 * with a picker when the caller reaches several. Each figure links to the device list narrowed
 * to it.
 */
export function FleetSection() {
  const translate = useTranslate();
  const { database, setDatabase, projects, isPending, error } = useCurrentProject();
  const summary = useFleetSummary(database);
  const failure = error ?? summary.error;

  return (
    <Stack component="section" aria-labelledby="home-fleet-title" spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography id="home-fleet-title" component="h2" variant="h6" sx={{ flexShrink: 0 }}>
          {translate('home.fleet.title')}
        </Typography>
        {projects.length > 1 && (
          <Suspense fallback={null}>
            <ProjectPicker
              database={database}
              setDatabase={setDatabase}
              projects={projects}
              sx={{ minWidth: 220, width: { sm: 320 }, maxWidth: '100%' }}
            />
          </Suspense>
        )}
      </Stack>
      {(isPending || summary.isFetching) && (
        <LinearProgress aria-label={translate('home.fleet.loading')} />
      )}
      {failure ? (
        <Alert severity="info">{failure.message}</Alert>
      ) : !isPending && database === null ? (
        <Alert severity="info">{translate('home.fleet.no_projects')}</Alert>
      ) : summary.data ? (
        <FleetBody summary={summary.data} />
      ) : null}
    </Stack>
  );
}
