import {
  Alert,
  Grid,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import type { DeviceForEdit } from '../../../dataProvider';
import { InventoryTab } from '../../devices/edit/InventoryTab';
import { deviceField } from './deviceFields';
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
 * The device's details (its MDM columns) above the inventory the device last sent — hardware,
 * software and installed apps — as the device dialog's inventory tab shows it.
 */
export function MdmDetailsTab({
  device,
  row,
}: {
  device: ManagedDevice;
  row: UseQueryResult<DeviceForEdit>;
}) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12 }}>
        <Typography variant="subtitle2" component="h2">
          {translate('mdm_device.details.device')}
        </Typography>
        <Table size="small" aria-label={translate('mdm_device.details.device')}>
          <TableBody>
            {SHOWN.map((source) => {
              const { label, text } = deviceField(device, source, language);
              return (
                <TableRow key={source}>
                  <TableCell component="th" scope="row" sx={{ width: '35%' }}>
                    {label}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{text}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
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
