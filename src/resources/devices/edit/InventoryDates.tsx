import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { DeviceInventory, DevicePosition } from '../../../dataProvider';
import { formatDateTime } from './inventoryFormat';

interface InventoryDatesProps {
  inventory: DeviceInventory | null;
  position: DevicePosition | null;
}

/** When the information and the GPS position last arrived (001 §3 LastUpdated), and that position. */
export function InventoryDates({ inventory, position }: InventoryDatesProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const never = translate('device_edit.inventory.never');
  const rows: [string, string][] = [
    [
      translate('device_edit.inventory.last_info'),
      formatDateTime(inventory?.LASTINFO ?? null, locale) ?? never,
    ],
    [
      translate('device_edit.inventory.last_gps'),
      formatDateTime(inventory?.LASTGPS ?? null, locale) ?? never,
    ],
  ];
  if (position && position.LATITUDE !== null && position.LONGITUDE !== null) {
    const number = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'es-ES', {
      maximumFractionDigits: 6,
    });
    rows.push(
      [translate('device_edit.inventory.latitude'), number.format(position.LATITUDE)],
      [translate('device_edit.inventory.longitude'), number.format(position.LONGITUDE)],
    );
    if (position.ACCURACY !== null)
      rows.push([
        translate('device_edit.inventory.accuracy'),
        translate('device_edit.inventory.metres', { value: number.format(position.ACCURACY) }),
      ]);
  }
  return (
    <Box
      component="dl"
      sx={{ mt: 3, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
