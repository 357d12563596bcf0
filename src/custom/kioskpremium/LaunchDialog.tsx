import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  LinearProgress,
  MenuItem,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { KioskAppRow } from '../../../protocol/kiosk';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { errorText, useCanChangeKiosk } from './premiumData';

/**
 * The profile's launch-on-boot app (002 §3 Profile Launchonboot), chosen among the profile's
 * apps (ListPackageProfileOnBoot) and saved with UpdateProfile, which sends setLaunchOnBoot to
 * the profile's devices.
 */
export function LaunchDialog({
  profile,
  onClose,
}: {
  profile: RaRecord | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const canChange = useCanChangeKiosk();
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  // A profile opened anew starts from its saved app.
  const [seen, setSeen] = useState(profile);
  if (seen !== profile) {
    setSeen(profile);
    if (profile) setChosen(String(profile.Launchonboot ?? ''));
  }
  const apps = useQuery({
    queryKey: ['kioskpremium', 'ListPackageProfileOnBoot', profile?.id],
    queryFn: () =>
      dataProvider.kioskPremium<KioskAppRow[]>('ListPackageProfileOnBoot', {
        profile: profile!.id,
      }),
    enabled: profile !== null,
  });
  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.kioskPremium('UpdateProfile', {
        profile: { Id: profile!.id, Launchonboot: chosen },
      });
      notify('kioskpremium.launch.saved', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const list = apps.data ?? [];
  // A package set before it left the profile stays listed, so that the field shows it.
  const known = chosen === '' || list.some((app) => app.Package === chosen);
  const name = String(profile?.Name ?? '');
  return (
    <Dialog open={profile !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <ClosableTitle onClose={onClose}>
        {translate('kioskpremium.launch.title', { name })}
      </ClosableTitle>
      <DialogContent>
        {apps.isPending && <LinearProgress />}
        {apps.error && <Alert severity="error">{errorText(apps.error)}</Alert>}
        {apps.data && list.length === 0 && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('kioskpremium.launch.no_apps')}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          size="small"
          label={translate('kioskpremium.launch.app')}
          value={chosen}
          disabled={!canChange}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ mt: 1 }}
        >
          <MenuItem value="">{translate('kioskpremium.launch.none')}</MenuItem>
          {!known && <MenuItem value={chosen}>{chosen}</MenuItem>}
          {list.map((app) => (
            <MenuItem key={app.Id} value={app.Package}>
              {app.Name} ({app.Package})
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        {canChange && (
          <Button variant="contained" disabled={saving} onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
