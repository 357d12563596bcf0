import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Grid, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../../layout/PageTitle';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { currentEnvironment, subscribeCurrentEnvironment } from '../../environments';
import { dashboardRedirect } from './connectRules';
import { EnvironmentCard } from './EnvironmentCard';
import { NewProjectDialog } from './NewProjectDialog';
import { ENVIRONMENTS_KEY, useEnvironments } from './useEnvironments';
import { useRights } from './useRights';
import { ScreenFallback } from '../../layout/ScreenFallback';

const currentId = () => currentEnvironment()?.id ?? null;

/**
 * app.mam, `/app/mam` (000 §2): the company's environments with their licence gauges, login flag
 * and offline badge, and the new-project button. `redirect`, `serverid` and `database` may send
 * the user straight to the connect screen (connectRules.dashboardRedirect).
 */
export default function EnvironmentsDashboard() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { admin } = useRights();
  const environments = useEnvironments();
  const current = useSyncExternalStore(subscribeCurrentEnvironment, currentId);
  const [creating, setCreating] = useState(false);
  const rows = environments.data?.data;
  const target = dashboardRedirect(
    {
      redirect: params.get('redirect'),
      serverid: params.get('serverid'),
      database: params.get('database'),
    },
    rows?.map((environment) => environment.id),
  );

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (environments.error) return <Alert severity="error">{environments.error.message}</Alert>;
  if (!rows || target) return <ScreenFallback />;
  // Projects are created in this server's own (system) environments.
  const options = rows
    .filter((environment) => environment.system)
    .map(({ id, title, freeLicences }) => ({ id, title, free: freeLicences }));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle title="environments.dashboard.title">
        {admin && options.length > 0 && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('environments.action.new_project')}
          </Button>
        )}
      </PageTitle>
      {rows.length === 0 && (
        <Alert severity="info">{translate('environments.dashboard.empty')}</Alert>
      )}
      <Grid container spacing={2}>
        {rows.map((environment) => (
          <Grid key={environment.id} size={{ xs: 12, md: 6, xl: 4 }}>
            <EnvironmentCard environment={environment} current={environment.id === current} />
          </Grid>
        ))}
      </Grid>
      {creating && (
        <NewProjectDialog
          options={options}
          onClose={(created) => {
            setCreating(false);
            if (created) void queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
          }}
        />
      )}
    </Stack>
  );
}
