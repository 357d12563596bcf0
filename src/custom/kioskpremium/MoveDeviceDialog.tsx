import { useState } from 'react';
import { Alert, MenuItem, TextField } from '@mui/material';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { profileName, useKioskProfiles } from './premiumData';
import { PremiumDialog, useResetOn } from './PremiumDialog';

const profileOf = (device: RaRecord) => (device.Idprofile ? String(device.Idprofile) : '');

/**
 * Moves kiosk devices to another profile, or out of their profile (002 §4): kioskDeviceUpdate,
 * which sends each moved device policy, change-policy or invert-policy. One device: the dialog
 * says which first, naming the old profile. Several (the selection): it names how many move and
 * where, and the server moves them in one transaction (docs/kiosk.md).
 */
export function MoveDeviceDialog({
  devices,
  onClose,
}: {
  devices: RaRecord[] | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const profiles = useKioskProfiles();
  const [target, setTarget] = useState('');
  useResetOn(devices, () => setTarget(''));
  const chosen = devices ?? [];
  const one = chosen.length === 1 ? chosen[0] : null;
  const currents = new Set(chosen.map(profileOf));
  // The profile they all are in (offered no move there), else none.
  const current = currents.size === 1 ? [...currents][0] : '';
  const anyInProfile = [...currents].some(Boolean);
  const old = profileName(profiles, current);
  const goal = target === '0' ? '' : target;
  const moving = chosen.filter((device) => profileOf(device) !== goal).length;
  const single = () =>
    target === '0'
      ? translate('kioskpremium.move.confirm_out', { old })
      : old
        ? translate('kioskpremium.move.confirm_from', { old })
        : translate('kioskpremium.move.confirm_new');
  const outcome =
    target === ''
      ? null
      : one
        ? single()
        : target === '0'
          ? translate('kioskpremium.move.confirm_many_out', { smart_count: moving })
          : translate('kioskpremium.move.confirm_many', {
              smart_count: moving,
              profile: profileName(profiles, target) ?? target,
            });
  const move = () =>
    dataProvider.kioskPremium('kioskDeviceUpdate', {
      filter: one
        ? {
            IdDevice: one.id,
            IdProfile: Number(target),
            OldIdProfile: current ? Number(current) : 0,
          }
        : { IdDevice: chosen.map((device) => device.id), IdProfile: Number(target) },
    });
  return (
    <PremiumDialog
      open={devices !== null}
      onClose={onClose}
      title={
        one
          ? translate('kioskpremium.move.title', { name: String(one.Guid ?? '') })
          : translate('kioskpremium.move.title_many', { smart_count: chosen.length })
      }
      save={move}
      saved={one ? 'kioskpremium.move.done' : 'kioskpremium.move.done_many'}
      savedArgs={{ smart_count: moving }}
      saveLabel="kioskpremium.move.move"
      ready={target !== '' && moving > 0}
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
        {anyInProfile && <MenuItem value="0">{translate('kioskpremium.move.none')}</MenuItem>}
        {profiles
          .filter((profile) => String(profile.id) !== current)
          .map((profile) => (
            <MenuItem key={String(profile.id)} value={String(profile.id)}>
              {String(profile.Name)}
            </MenuItem>
          ))}
      </TextField>
      {outcome && (
        <Alert severity={moving ? 'info' : 'warning'} sx={{ mt: 2 }}>
          {outcome}
        </Alert>
      )}
    </PremiumDialog>
  );
}
