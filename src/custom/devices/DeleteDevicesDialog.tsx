import { Confirm } from 'react-admin';
import { useDeviceListUi } from './deviceListUi';
import { useDeviceCommands } from './useDeviceCommands';

/** "Delete" asks first, naming the device when there is one, else how many (001 §5). */
export function DeleteDevicesDialog() {
  const { deleteAsked, setDeleteAsked } = useDeviceListUi();
  const { selectedRows, confirmDelete, deleting } = useDeviceCommands();
  const one = selectedRows.length === 1;
  return (
    <Confirm
      isOpen={deleteAsked && selectedRows.length > 0}
      loading={deleting}
      title="resources.devicelist.delete.title"
      content={one ? 'resources.devicelist.delete.one' : 'resources.devicelist.delete.many'}
      translateOptions={{}}
      contentTranslateOptions={
        one ? { mid: selectedRows[0].MID } : { smart_count: selectedRows.length }
      }
      confirm="resources.devicelist.action.delete"
      confirmColor="warning"
      onConfirm={confirmDelete}
      onClose={() => setDeleteAsked(false)}
    />
  );
}
