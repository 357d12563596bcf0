import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { MDM_ORGANIZATIONS } from '../../../protocol/resources/mdm-organizations';
import type { FlotaDataProvider } from '../../dataProvider';
import { PageTitle } from '../../layout/PageTitle';
import { ScreenFallback } from '../../layout/ScreenFallback';
import { PATHS } from '../../paths';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import { useAndroidOrganization } from './useAndroidOrganization';

/**
 * `/app/mdmafw` (002 §2, issue 36): binds the company's Android enterprise. "Empezar el alta"
 * asks the server for a signup URL (the organization is then `pending`) and goes there; the
 * signup comes back here with `?enterpriseToken=…`, which completes it (`bound`). Against the
 * local AMAPI stand-in or Google's, as the server is configured (docs/mdm.md).
 */
export default function AndroidEnterprisePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const mayWrite = useDefinitionAccess(MDM_ORGANIZATIONS).can('edit');
  const { android, isPending, refetch } = useAndroidOrganization();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const token = params.get('enterpriseToken');
  const completing = useRef(false);

  useEffect(() => {
    if (!token || completing.current) return;
    completing.current = true;
    setBusy(true);
    dataProvider
      .androidComplete(token)
      .then(() => setDone(true))
      .catch((failure: Error) => setError(failure.message))
      .finally(() => {
        setBusy(false);
        setParams({}, { replace: true });
        void refetch();
      });
  }, [token, dataProvider, setParams, refetch]);

  const start = () => {
    setBusy(true);
    setError(null);
    dataProvider
      .androidSignup(email.trim() || undefined)
      .then(({ url }) => window.location.assign(url))
      .catch((failure: Error) => {
        setError(failure.message);
        setBusy(false);
      });
  };

  if (isPending) return <ScreenFallback />;
  const state = android?.state ?? null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <PageTitle title="mdm.afw.title" />
      <Typography sx={{ mb: 2 }}>{translate('mdm.afw.intro')}</Typography>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        {done && <Alert severity="success">{translate('mdm.afw.completed')}</Alert>}
        {state === 'bound' ? (
          <Alert severity="success">
            {translate('mdm.afw.bound', { name: android?.enterpriseName ?? '' })}
          </Alert>
        ) : (
          <Alert severity={state === 'pending' ? 'warning' : 'info'}>
            {translate(state === 'pending' ? 'mdm.afw.pending' : 'mdm.afw.none')}
          </Alert>
        )}
        {android?.contactEmail && (
          <Typography>{translate('mdm.afw.contact', { email: android.contactEmail })}</Typography>
        )}
        {state !== 'bound' && mayWrite && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
            <TextField
              size="small"
              type="email"
              label={translate('mdm.afw.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              sx={{ minWidth: 260 }}
            />
            <Button variant="contained" onClick={start} disabled={busy}>
              {translate(state === 'pending' ? 'mdm.afw.restart' : 'mdm.afw.start')}
            </Button>
          </Stack>
        )}
        {!mayWrite && <Alert severity="info">{translate('mdm.afw.read_only')}</Alert>}
        <Box>
          <Button component={Link} to={PATHS.mdmgeneral}>
            {translate('mdm.afw.back')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
