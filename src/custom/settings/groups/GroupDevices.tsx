import { useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GroupDevice } from '../../../../protocol/groups';
import { GROUP_DEVICES } from '../../../../protocol/resources/group-devices';
import { DeclaredDeviceList } from './DeclaredDeviceList';
import { GroupMembersContext } from './deviceListsContext';

interface GroupDevicesProps {
  database: number;
  devices: GroupDevice[];
  readOnly: boolean;
  onRemove(id: number): void;
}

/**
 * The devices in the group (at most 5,000, held by the editor until it saves), the declared
 * resource `group-devices` listed from memory, 10 to a page, each with its remove button.
 */
export function GroupDevices({ database, devices, readOnly, onRemove }: GroupDevicesProps) {
  const translate = useTranslate();
  const rows = useMemo(() => devices.map((d) => ({ ...d, id: d.IDDEVICE })), [devices]);
  const members = useMemo(() => ({ readOnly, onRemove }), [readOnly, onRemove]);
  const title = translate('groups.editor.devices', { count: devices.length });
  return (
    <Box component="section" aria-labelledby="group-devices-title" sx={{ mt: 2 }}>
      <Typography id="group-devices-title" variant="subtitle1" component="h3">
        {title}
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('groups.editor.no_devices')}
        </Typography>
      ) : (
        <GroupMembersContext.Provider value={members}>
          <DeclaredDeviceList
            definition={GROUP_DEVICES}
            database={database}
            label={title}
            data={rows}
          />
        </GroupMembersContext.Provider>
      )}
    </Box>
  );
}
