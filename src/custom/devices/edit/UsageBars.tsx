import BatteryChargingFullIcon from '@mui/icons-material/BatteryChargingFull';
import { Stack } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { formatBytes, isNumber, usage } from './inventoryFormat';
import { UsageBar } from './UsageBar';

/** Past this share of RAM or storage in use the bar turns to a warning. */
const NEARLY_FULL = 90;
/** Below this battery level the bar turns red. */
const BATTERY_LOW = 20;

/** Battery, RAM and storage bars of the device information the device reported. */
export function UsageBars({ info }: { info: Record<string, unknown> }) {
  const translate = useTranslate();
  const locale = useLocale();
  const memory = (labelKey: string, total: unknown, available: unknown) => {
    const used = usage(total, available);
    if (!used) return null;
    const detail = translate('device_edit.inventory.used_of', {
      used: formatBytes(used.used, locale),
      total: formatBytes(used.total, locale),
    });
    return (
      <UsageBar
        label={translate(labelKey)}
        value={used.percent}
        detail={detail}
        color={used.percent >= NEARLY_FULL ? 'warning' : 'primary'}
      />
    );
  };
  const battery = isNumber(info.batteryLevel) ? Math.round(info.batteryLevel) : null;
  const charging = translate('device_edit.inventory.charging');

  return (
    <Stack spacing={2}>
      {battery !== null && (
        <UsageBar
          label={translate('device_edit.inventory.battery')}
          value={battery}
          color={battery < BATTERY_LOW ? 'error' : 'success'}
          adornment={
            info.isBatteryCharging === true && (
              <BatteryChargingFullIcon fontSize="small" color="success" titleAccess={charging} />
            )
          }
        />
      )}
      {memory('device_edit.inventory.ram', info.totalRamSize, info.availableRamSize)}
      {memory(
        'device_edit.inventory.internal',
        info.totalInternalMemorySize,
        info.availableInternalMemorySize,
      )}
      {memory(
        'device_edit.inventory.external',
        info.totalExternalMemorySize,
        info.availableExternalMemorySize,
      )}
    </Stack>
  );
}
