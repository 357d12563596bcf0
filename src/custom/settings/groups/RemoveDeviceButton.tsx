import { useContext } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useRecordContext, useTranslate } from 'react-admin';
import type { GroupDevice } from '../../../../protocol/groups';
import { GroupMembersContext } from './deviceListsContext';

/** The group's devices' row slot: takes the device out of the group (not in read-only mode). */
export function RemoveDeviceButton() {
  const device = useRecordContext<GroupDevice & { id: number }>();
  const members = useContext(GroupMembersContext);
  const translate = useTranslate();
  if (!device || !members || members.readOnly) return null;
  const label = translate('groups.editor.remove_named', { name: device.MID });
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          members.onRemove(device.IDDEVICE);
        }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
