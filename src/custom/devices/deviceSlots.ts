import type { ResourceSlots } from '../../resources/slots';
import { DeviceBulkActions } from './DeviceBulkActions';
import { DeviceContextMenu } from './DeviceContextMenu';
import { DeviceEditor } from './DeviceEditor';
import { deviceFilters } from './deviceFilters';
import { DeviceListFooter } from './DeviceListFooter';
import { DevicePagination } from './DevicePagination';
import { DeviceSchemaWarnings } from './DeviceSchemaWarnings';
import { DeviceToolbar } from './DeviceToolbar';

/**
 * The device list's own parts in the factory's list (src/resources/slots.ts). They read the
 * project's device permissions and the screen's state from DeviceListContext, which the device
 * screen (DeviceList) provides around the list.
 */
export const DEVICE_LIST_SLOTS: ResourceSlots = {
  header: DeviceSchemaWarnings,
  toolbar: DeviceToolbar,
  footer: DeviceListFooter,
  empty: false,
  filters: deviceFilters,
  pagination: DevicePagination,
  bulkActions: DeviceBulkActions,
  selectionMenu: DeviceContextMenu,
  editor: DeviceEditor,
};
