import { useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GROUP_PICKER } from '../../../../protocol/resources/group-picker';
import type { PickerDevice } from '../../../dataProvider/groupCalls';
import { DeclaredDeviceList } from './DeclaredDeviceList';
import { DevicePickContext } from './deviceListsContext';

interface DevicePickerProps {
  database: number;
  /** Whether a row is ticked (by its ID in a group; by ID or MID for an update's devices). */
  isSelected(device: PickerDevice): boolean;
  /** The platform it opens on: the group's, once it has devices. */
  platform: string;
  onToggle(device: PickerDevice, on: boolean): void;
  /** i18n keys of its heading and help, when it picks for something else than a group. */
  texts?: { title: string; help: string };
}

/**
 * The group editor's device picker (000 §2, devicesWithPages with status short), the declared
 * resource `group-picker`: 10 rows a page, sorted, filtered on four columns and by platform on
 * the server, each row ticked in or out of what the screen builds.
 */
export function DevicePicker({
  database,
  isSelected,
  platform,
  onToggle,
  texts = { title: 'groups.editor.picker', help: 'groups.editor.picker_help' },
}: DevicePickerProps) {
  const translate = useTranslate();
  const pick = useMemo(() => ({ isSelected, onToggle }), [isSelected, onToggle]);
  // The platform it opens on, not the one the group has later: the person may change it.
  const [initialFilter] = useState(() => (platform ? { platform } : undefined));
  const title = translate(texts.title);
  return (
    <Box component="section" aria-labelledby="group-picker-title" sx={{ mt: 2 }}>
      <Typography id="group-picker-title" variant="subtitle1" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(texts.help)}
      </Typography>
      <DevicePickContext.Provider value={pick}>
        <DeclaredDeviceList
          definition={GROUP_PICKER}
          database={database}
          label={title}
          initialFilter={initialFilter}
          onOpen={(row) => {
            const device = row as unknown as PickerDevice;
            onToggle(device, !isSelected(device));
          }}
        />
      </DevicePickContext.Provider>
    </Box>
  );
}
