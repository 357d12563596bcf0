import { useContext } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { useRecordContext, useTranslate } from 'react-admin';
import type { GroupDevice } from '../../../../protocol/groups';
import { RowIconAction } from '../../../resources/factory/RowIconAction';
import { GroupMembersContext } from './deviceListsContext';

/** The group's devices' row slot: takes the device out of the group (not in read-only mode). */
export function RemoveDeviceButton() {
  const device = useRecordContext<GroupDevice & { id: number }>();
  const members = useContext(GroupMembersContext);
  const translate = useTranslate();
  if (!device || !members || members.readOnly) return null;
  return (
    <RowIconAction
      label={translate('groups.editor.remove_named', { name: device.MID })}
      Icon={DeleteIcon}
      onClick={() => members.onRemove(device.IDDEVICE)}
    />
  );
}
