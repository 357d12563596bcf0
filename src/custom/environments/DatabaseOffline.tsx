import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { environmentKey, environmentRef, useOnline } from '../../environments';
import { connectPath, DASHBOARD_PATH } from './connectRules';
import { useEnvironments } from './useEnvironments';

/**
 * `/app/databaseoffline?server=<id>` (000 §2): why an environment's projects cannot be shown, a
 * way back to the environments, and a new try that goes on to its projects once it answers.
 */
export default function DatabaseOffline() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const server = params.get('server');
  const environments = useEnvironments();
  const environment = environments.data?.data.find((entry) => String(entry.id) === server);
  const ref = environment ? environmentRef(environment) : undefined;
  const { online, probing } = useOnline(ref);

  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="environments.offline.title" />
      {online ? (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={Link} to={connectPath({ server })}>
              {translate('environments.action.projects')}
            </Button>
          }
        >
          {translate('environments.offline.back_online')}
        </Alert>
      ) : (
        <Alert severity="warning">
          <AlertTitle component="h1">{translate('environments.offline.title')}</AlertTitle>
          {environment
            ? translate('environments.offline.message', { name: environment.title })
            : translate('environments.offline.message_unknown')}{' '}
          {translate('environments.offline.hint')}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component={Link}
          to={DASHBOARD_PATH}
          variant="contained"
          startIcon={<ArrowBackIcon />}
        >
          {translate('environments.action.back')}
        </Button>
        {ref && !online && (
          <Button
            startIcon={<RefreshIcon />}
            loading={probing}
            onClick={() => queryClient.invalidateQueries({ queryKey: environmentKey(ref.id) })}
          >
            {translate('environments.action.retry')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
