import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InstallRequest } from './installRequest';

interface InstallNoticeProps {
  request: InstallRequest | 'invalid';
  /** Only administrators may activate it (000 §4). */
  canActivate: boolean;
  onActivate(request: InstallRequest): void;
}

/** The environment-install notice of `?oper=install&url=<manager>|<authority>`. */
export function InstallNotice({ request, canActivate, onActivate }: InstallNoticeProps) {
  const translate = useTranslate();
  if (request === 'invalid') {
    return <Alert severity="warning">{translate('environments.install.invalid')}</Alert>;
  }
  return (
    <Alert
      severity="info"
      sx={{ '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={!canActivate}
          onClick={() => onActivate(request)}
        >
          {translate('environments.action.activate')}
        </Button>
      }
    >
      <AlertTitle>{translate('environments.install.title')}</AlertTitle>
      {translate('environments.install.message', request)}
      {!canActivate && ` ${translate('environments.install.admins_only')}`}
    </Alert>
  );
}
