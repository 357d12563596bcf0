import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LoginIcon from '@mui/icons-material/Login';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageTitle } from '../../layout/PageTitle';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import type { EnvironmentEntry } from '../../../protocol/projects';
import { environmentRef, useEnvironmentSession, useOnline } from '../../environments';
import { PATHS } from '../../paths';
import { DASHBOARD_PATH, redirectPath } from './connectRules';
import { EnvironmentProjects } from './EnvironmentProjects';
import { InfoDialog } from './InfoDialog';
import { useEnvironments } from './useEnvironments';
import { useRemoteEnvironment } from './useRemoteEnvironment';
import { ScreenFallback } from '../../layout/ScreenFallback';

/**
 * app.mamserverconnect, `/app/serverconnect?server=<id>&database=&redirect=` (000 §2): one
 * environment's projects with their licences. No server → home; an offline environment is only
 * shown as offline; an external one asks to connect first.
 */
export default function ServerConnect() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const server = params.get('server');
  const environments = useEnvironments();
  if (!server) return <Navigate to={PATHS.home} replace />;
  if (environments.error) return <Alert severity="error">{environments.error.message}</Alert>;
  if (!environments.data) return <ScreenFallback />;
  const environment = environments.data.data.find((entry) => String(entry.id) === server);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <PageTitle
        title={translate('environments.connect.title', { name: environment?.title ?? server })}
      >
        <Button component={Link} to={DASHBOARD_PATH} startIcon={<ArrowBackIcon />}>
          {translate('environments.action.back')}
        </Button>
      </PageTitle>
      {environment ? (
        <Connection
          environment={environment}
          database={Number(params.get('database')) || null}
          redirect={params.get('redirect')}
        />
      ) : (
        <Alert severity="warning">{translate('environments.connect.not_found')}</Alert>
      )}
    </Stack>
  );
}

interface ConnectionProps {
  environment: EnvironmentEntry;
  database: number | null;
  redirect: string | null;
}

/** Online, signed in, and resolved on its server: then its projects. */
function Connection({ environment, database, redirect }: ConnectionProps) {
  const translate = useTranslate();
  const ref = environmentRef(environment);
  const name = environment.title;
  const { online, checking } = useOnline(ref);
  const session = useEnvironmentSession(ref);
  const remote = useRemoteEnvironment(ref, online === true && session.connected);
  const [failure, setFailure] = useState<string | null>(null);
  const path = redirectPath(redirect);

  if (checking || session.resolving)
    return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (!online) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            component={Link}
            to={`${PATHS.databaseoffline}?server=${environment.id}`}
          >
            {translate('environments.connect.offline_more')}
          </Button>
        }
      >
        {translate('environments.connect.offline', { name })}
      </Alert>
    );
  }
  if (!session.connected) {
    return (
      <>
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<LoginIcon />}
              loading={session.connect.isPending}
              onClick={() =>
                session.connect.mutate(undefined, { onError: (error) => setFailure(error.message) })
              }
            >
              {translate('environments.action.connect')}
            </Button>
          }
        >
          {translate('environments.connect.sign_in', { name })}
        </Alert>
        {failure && (
          <InfoDialog
            title={translate('environments.errors.connection', { name })}
            message={failure}
            onClose={() => setFailure(null)}
          />
        )}
      </>
    );
  }
  if (remote.error) return <Alert severity="error">{translate(remote.error.message)}</Alert>;
  if (remote.isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (remote.data === null) {
    return (
      <Alert severity="warning">{translate('environments.connect.no_environment', { name })}</Alert>
    );
  }
  return (
    <>
      {environment.external && (
        <Typography variant="body2" color="text.secondary">
          {translate('environments.dashboard.user', { name: session.userName ?? '' })}
        </Typography>
      )}
      <EnvironmentProjects
        scope={{ environment: ref, remoteId: remote.data }}
        rights={session.rights}
        pending={database && path ? { database, path } : undefined}
      />
    </>
  );
}
