import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { DeviceInventory, DevicePosition } from '../../../dataProvider';
import { formatCoordinate, formatNumber } from '../../../i18n/formats';
import { inventoryDateTime } from './inventoryFormat';

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
      inventoryDateTime(inventory?.LASTINFO ?? null, locale) ?? never,
    ],
    [
      translate('device_edit.inventory.last_gps'),
      inventoryDateTime(inventory?.LASTGPS ?? null, locale) ?? never,
    ],
  ];
  if (position && position.LATITUDE !== null && position.LONGITUDE !== null) {
    rows.push(
      [translate('device_edit.inventory.latitude'), formatCoordinate(position.LATITUDE, locale)],
      [translate('device_edit.inventory.longitude'), formatCoordinate(position.LONGITUDE, locale)],
    );
    if (position.ACCURACY !== null)
      rows.push([
        translate('device_edit.inventory.accuracy'),
        translate('device_edit.inventory.metres', {
          value: formatNumber(position.ACCURACY, locale, 0),
        }),
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
