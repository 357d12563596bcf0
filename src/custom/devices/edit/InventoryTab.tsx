import {
  Alert,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { DeviceInventory, DevicePosition } from '../../../dataProvider';
import { infoText, reportedKeys } from './inventoryFormat';
import { InventoryDates } from './InventoryDates';
import { UsageBars } from './UsageBars';

interface InventoryTabProps {
  inventory: DeviceInventory | null;
  position: DevicePosition | null;
}

/**
 * The inventory tab (001 §2, §3): the device information as field/description rows, bars for
 * battery, RAM and storage, and when the information and the GPS position last arrived.
 */
export function InventoryTab({ inventory, position }: InventoryTabProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const info = inventory?.INFO ?? {};
  const keys = reportedKeys(info);
  if (keys.length === 0) {
    const located = Boolean(inventory?.LASTGPS) || position !== null;
    return (
      <Stack spacing={2}>
        <Alert severity="info">{translate('device_edit.inventory.empty')}</Alert>
        {located && <InventoryDates inventory={inventory} position={position} />}
      </Stack>
    );
  }
  const words = {
    yes: translate('device_edit.inventory.yes'),
    no: translate('device_edit.inventory.no'),
  };
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Table size="small" aria-label={translate('device_edit.tabs.inventory')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('device_edit.inventory.field')}</TableCell>
              <TableCell>{translate('device_edit.inventory.description')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {translate(`device_edit.inventory.fields.${key}`)}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {infoText(key, info[key], locale, words)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Grid>
      {/* On a phone the bars come first: they are what an operator looks for. */}
      <Grid size={{ xs: 12, md: 5 }} sx={{ order: { xs: -1, md: 0 } }}>
        <UsageBars info={info} />
        <InventoryDates inventory={inventory} position={position} />
      </Grid>
    </Grid>
  );
}
