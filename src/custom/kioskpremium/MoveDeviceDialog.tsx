import { useState } from 'react';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { profileName, useKioskProfiles } from './premiumData';
import { PremiumDialog, useResetOn } from './PremiumDialog';

/**
 * Moves a kiosk device to another profile, or out of its profile (002 §4): kioskDeviceUpdate,
 * whose hook sends it policy, change-policy or invert-policy. The dialog says which first,
 * naming the old profile.
 */
export function MoveDeviceDialog({
  device,
  onClose,
}: {
  device: RaRecord | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const profiles = useKioskProfiles();
  const [target, setTarget] = useState('');
  const current = device?.Idprofile ? String(device.Idprofile) : '';
  useResetOn(device, () => setTarget(''));
  const old = profileName(profiles, current);
  const outcome =
    target === ''
      ? null
      : target === '0'
        ? translate('kioskpremium.move.confirm_out', { old })
        : old
          ? translate('kioskpremium.move.confirm_from', { old })
          : translate('kioskpremium.move.confirm_new');
  const move = () =>
    dataProvider.kioskPremium('kioskDeviceUpdate', {
      filter: {
        IdDevice: device!.id,
        IdProfile: Number(target),
        OldIdProfile: current ? Number(current) : 0,
      },
    });
  return (
    <PremiumDialog
      open={device !== null}
      onClose={onClose}
      title={translate('kioskpremium.move.title', { name: String(device?.Guid ?? '') })}
      save={move}
      saved="kioskpremium.move.done"
      saveLabel="kioskpremium.move.move"
      ready={target !== ''}
    >
      <TextField
        select
        fullWidth
        size="small"
        label={translate('kioskpremium.move.profile')}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        sx={{ mt: 1 }}
      >
        {current && <MenuItem value="0">{translate('kioskpremium.move.none')}</MenuItem>}
        {profiles
          .filter((profile) => String(profile.id) !== current)
          .map((profile) => (
            <MenuItem key={String(profile.id)} value={String(profile.id)}>
              {String(profile.Name)}
            </MenuItem>
          ))}
      </TextField>
      {outcome && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {outcome}
        </Alert>
      )}
    </PremiumDialog>
  );
}
