import { Alert, Grid, LinearProgress, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { MDM_DEVICES } from '../../../../protocol/resources/mdm-devices';
import type { DeviceForEdit } from '../../../dataProvider';
import { InventoryTab } from '../../devices/edit/InventoryTab';
import { DefinitionFields } from '../../../resources/factory/DefinitionFields';
import type { ManagedDevice } from './types';

const SHOWN = [
  'mid',
  'owner',
  'model',
  'os',
  'platform',
  'kind',
  'state',
  'enrolledAt',
  'lastSeen',
] as const;

/**
 * The device's details (its MDM columns, as the declared show view has them) above the
 * inventory the device last sent — hardware, software and installed apps — as the device
 * dialog's inventory tab shows it.
 */
export function MdmDetailsTab({
  device,
  row,
}: {
  device: ManagedDevice;
  row: UseQueryResult<DeviceForEdit>;
}) {
  const translate = useTranslate();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12 }}>
        <Typography variant="subtitle2" component="h2">
          {translate('mdm_device.details.device')}
        </Typography>
        <DefinitionFields
          definition={MDM_DEVICES}
          record={device}
          sources={SHOWN}
          label={translate('mdm_device.details.device')}
        />
      </Grid>
      <Grid size={{ xs: 12 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {translate('mdm_device.details.inventory')}
        </Typography>
        {row.isPending && row.fetchStatus !== 'idle' && <LinearProgress />}
        {row.error && (
          <Alert severity="info">
            {translate('mdm_device.details.no_row', { message: row.error.message })}
          </Alert>
        )}
        {row.data && <InventoryTab inventory={row.data.Inventory} position={row.data.Position} />}
      </Grid>
    </Grid>
  );
}
