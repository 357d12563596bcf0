import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  MenuItem,
  TextField,
} from '@mui/material';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { errorText, profileName, useKioskProfiles } from './premiumData';

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
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const profiles = useKioskProfiles();
  const [target, setTarget] = useState('');
  const [saving, setSaving] = useState(false);
  const current = device?.Idprofile ? String(device.Idprofile) : '';
  const [seen, setSeen] = useState(device);
  if (seen !== device) {
    setSeen(device);
    setTarget('');
  }
  const old = profileName(profiles, current);
  const outcome =
    target === ''
      ? null
      : target === '0'
        ? translate('kioskpremium.move.confirm_out', { old })
        : old
          ? translate('kioskpremium.move.confirm_from', { old })
          : translate('kioskpremium.move.confirm_new');
  const move = async () => {
    setSaving(true);
    try {
      await dataProvider.kioskPremium('kioskDeviceUpdate', {
        filter: {
          IdDevice: device!.id,
          IdProfile: Number(target),
          OldIdProfile: current ? Number(current) : 0,
        },
      });
      notify('kioskpremium.move.done', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={device !== null} onClose={onClose} maxWidth="xs" fullWidth>
      <ClosableTitle onClose={onClose}>
        {translate('kioskpremium.move.title', { name: String(device?.Guid ?? '') })}
      </ClosableTitle>
      <DialogContent>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={saving || target === ''} onClick={() => void move()}>
          {translate('kioskpremium.move.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
