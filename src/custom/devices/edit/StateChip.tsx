import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DeviceState, type DeviceStateCode } from '../../../../protocol/devices';

/** The colours of 000 §4: green synced today, yellow not synced, red disabled. */
const COLOURS: Record<DeviceStateCode, ChipProps['color']> = {
  [DeviceState.synced]: 'success',
  [DeviceState.notSynced]: 'warning',
  [DeviceState.disabled]: 'error',
  [DeviceState.generatingDb]: 'info',
};

/** The colour state of a device (`Estado`, 001 §3) as a small chip. */
export function StateChip({ state }: { state: DeviceStateCode }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={COLOURS[state]} label={translate(`device_edit.state.${state}`)} />
  );
}
