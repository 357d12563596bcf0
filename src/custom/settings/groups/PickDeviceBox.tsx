import { useContext } from 'react';
import { Checkbox } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { PickerDevice } from '../../../dataProvider/groupCalls';
import { DevicePickContext } from './deviceListsContext';

/** The device picker's row slot: ticks the row's device in or out of what the screen builds. */
export function PickDeviceBox() {
  const device = useRecordContext<PickerDevice & { id: number }>();
  const pick = useContext(DevicePickContext);
  const translate = useTranslate();
  if (!device || !pick) return null;
  return (
    <Checkbox
      size="small"
      checked={pick.isSelected(device)}
      // The row's click ticks it too (DevicePicker): the box's own click must not count twice.
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => pick.onToggle(device, event.target.checked)}
      slotProps={{
        input: { 'aria-label': translate('groups.editor.select_named', { name: device.MID }) },
      }}
    />
  );
}
