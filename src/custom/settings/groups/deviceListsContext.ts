import { createContext } from 'react';
import type { PickerDevice } from '../../../dataProvider/groupCalls';

/**
 * What the device picker's rows tick in or out (a group's devices, an update's): given by the
 * screen that holds the picker to the picker's row slot (PickDeviceBox).
 */
export interface DevicePick {
  isSelected(device: PickerDevice): boolean;
  onToggle(device: PickerDevice, on: boolean): void;
}

export const DevicePickContext = createContext<DevicePick | null>(null);

/** The group editor's hold on its devices, for each row's remove button (RemoveDeviceButton). */
export interface GroupMembers {
  readOnly: boolean;
  onRemove(id: number): void;
}

export const GroupMembersContext = createContext<GroupMembers | null>(null);
