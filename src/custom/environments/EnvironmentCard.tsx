import { useState } from 'react';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { EnvironmentEntry } from '../../../protocol/projects';
import { environmentRef, useEnvironmentSession, useOnline } from '../../environments';
import { PATHS } from '../../paths';
import { connectPath } from './connectRules';
import { InfoDialog } from './InfoDialog';
import { LicenceGauges } from './LicenceGauges';
import { useEnvironmentFigures } from './useRemoteEnvironment';

interface EnvironmentCardProps {
  environment: EnvironmentEntry;
  current: boolean;
}

/**
 * One environment on the dashboard: its kind, whether it is the current one, offline badge, the
 * login flag with the user name, licence gauges, and connect or log out for an external one.
 */
export function EnvironmentCard({ environment, current }: EnvironmentCardProps) {
  const translate = useTranslate();
  const ref = environmentRef(environment);
  const { online } = useOnline(ref);
  const session = useEnvironmentSession(ref);
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = `environment-${environment.id}`;
  const offline = online === false;
  const figures = useEnvironmentFigures(environment, session.connected && online === true);

  const connect = () =>
    session.connect.mutate(undefined, {
      onError: (error) => setFailure(error.message),
    });

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%' }}>
      <CardHeader
        title={environment.title}
        subheader={environment.address}
        slotProps={{
          title: { component: 'h2', variant: 'h6', id: headingId },
          subheader: { sx: { overflowWrap: 'anywhere' } },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip
              size="small"
              variant="outlined"
              color={environment.system ? 'primary' : 'secondary'}
              label={translate(`environments.kind.${environment.system ? 'system' : 'external'}`)}
            />
            {current && (
              <Chip
                size="small"
                color="primary"
                label={translate('environments.dashboard.current')}
              />
            )}
            {offline && (
              <Chip
                size="small"
                color="error"
                icon={<CloudOffIcon />}
                label={translate('environments.dashboard.offline')}
              />
            )}
            <Chip
              size="small"
              variant="outlined"
              label={translate('environments.dashboard.projects', {
                smart_count: figures.projects,
              })}
            />
          </Stack>
          <Typography variant="body2" data-connected={session.connected}>
            {translate('environments.dashboard.user', {
              name: session.userName ?? translate('environments.not_connected'),
            })}
          </Typography>
          <LicenceGauges environment={figures} />
        </Stack>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {offline ? (
          <Button component={Link} to={`${PATHS.databaseoffline}?server=${environment.id}`}>
            {translate('environments.connect.offline_more')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={connectPath({ server: String(environment.id) })}
            variant="contained"
            disabled={!session.connected}
          >
            {translate('environments.action.projects')}
          </Button>
        )}
        {environment.external && !offline && !session.connected && (
          <Button startIcon={<LoginIcon />} onClick={connect} loading={session.connect.isPending}>
            {translate('environments.action.connect')}
          </Button>
        )}
        {environment.external && session.connected && (
          <Button
            startIcon={<LogoutIcon />}
            onClick={() => session.disconnect.mutate()}
            loading={session.disconnect.isPending}
          >
            {translate('environments.action.disconnect')}
          </Button>
        )}
      </CardActions>
      {failure && (
        <InfoDialog
          title={translate('environments.errors.connection', { name: environment.title })}
          message={failure}
          onClose={() => setFailure(null)}
        />
      )}
    </Card>
  );
}
