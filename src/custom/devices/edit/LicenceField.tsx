import { Button, Chip, Grid, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeviceForEdit } from '../../../dataProvider';

interface LicenceFieldProps {
  device: DeviceForEdit;
  /** The caller may change the device (saveDevice). */
  canSave: boolean;
  /** The form is being edited: a licence is assigned from the saved device, not mid-edit. */
  editing: boolean;
  assigning: boolean;
  onAssign: () => void;
}

/**
 * The device's licence (001 §4): licensed when LIC is not empty. A saved device with an
 * application and a user can be given one; the code itself comes from the server.
 */
export function LicenceField({ device, canSave, editing, assigning, onAssign }: LicenceFieldProps) {
  const translate = useTranslate();
  const canAssign = canSave && !editing && device.ID !== null && !device.Licensed && device.Ready;
  return (
    <Grid size={12}>
      <Stack spacing={0.5} sx={{ py: 1 }}>
        <Typography variant="caption" color="text.secondary" id="device-licence-label">
          {translate('device_edit.fields.licence')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          aria-labelledby="device-licence-label"
        >
          {device.LIC && <Typography sx={{ fontFamily: 'monospace' }}>{device.LIC}</Typography>}
          <Chip
            size="small"
            color={device.Licensed ? 'success' : 'default'}
            label={translate(
              device.Licensed ? 'device_edit.licence.licensed' : 'device_edit.licence.unlicensed',
            )}
          />
          {canAssign && (
            <Button size="small" variant="outlined" onClick={onAssign} disabled={assigning}>
              {translate('device_edit.licence.assign')}
            </Button>
          )}
        </Stack>
        {!device.Licensed && !device.Ready && canSave && (
          <Typography variant="caption" color="text.secondary">
            {translate('device_edit.licence.not_ready')}
          </Typography>
        )}
      </Stack>
    </Grid>
  );
}
