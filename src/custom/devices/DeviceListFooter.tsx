import { DeleteDevicesDialog } from './DeleteDevicesDialog';
import { StateLegend } from './StateLegend';

/**
 * Below the device table (its `footer` slot): what the row colours mean, and the confirmation
 * the selection menu and the selection bar ask before deleting.
 */
export function DeviceListFooter() {
  return (
    <>
      <StateLegend />
      <DeleteDevicesDialog />
    </>
  );
}
