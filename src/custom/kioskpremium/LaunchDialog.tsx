import { useState } from 'react';
import { Alert, LinearProgress, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { KioskAppRow } from '../../../protocol/kiosk';
import type { FlotaDataProvider } from '../../dataProvider';
import { errorText, useCanChangeKiosk } from './premiumData';
import { PremiumDialog, useResetOn } from './PremiumDialog';

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
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const canChange = useCanChangeKiosk();
  const [chosen, setChosen] = useState('');
  // A profile opened anew starts from its saved app.
  useResetOn(profile, (opened) => opened && setChosen(String(opened.Launchonboot ?? '')));
  const apps = useQuery({
    queryKey: ['kioskpremium', 'ListPackageProfileOnBoot', profile?.id],
    queryFn: () =>
      dataProvider.kioskPremium<KioskAppRow[]>('ListPackageProfileOnBoot', {
        profile: profile!.id,
      }),
    enabled: profile !== null,
  });
  const save = () =>
    dataProvider.kioskPremium('UpdateProfile', {
      profile: { Id: profile!.id, Launchonboot: chosen },
    });
  const list = apps.data ?? [];
  // A package set before it left the profile stays listed, so that the field shows it.
  const known = chosen === '' || list.some((app) => app.Package === chosen);
  const name = String(profile?.Name ?? '');
  return (
    <PremiumDialog
      open={profile !== null}
      onClose={onClose}
      title={translate('kioskpremium.launch.title', { name })}
      save={canChange ? save : undefined}
      saved="kioskpremium.launch.saved"
    >
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
    </PremiumDialog>
  );
}
