import { createContext, useContext } from 'react';
import type { Identifier, RaRecord } from 'react-admin';
import type { DeviceListRow, DevicePermissions } from '../../dataProvider';
import { useDefinitionListUi } from '../../resources/factory/listUi';

/** A device row as the list holds it: the wire row with react-admin's `id` (= ID). */
export type DeviceRecord = DeviceListRow & { id: Identifier };

/**
 * What the device list's own parts (its slots: toolbar, selection menu, selection bar, footer)
 * share beyond the factory's list: the project's device permissions and the screen's state.
 * Provided by the screen around the list (DeviceList).
 */
export interface DeviceListState {
  database: number;
  projectName: string;
  permissions: DevicePermissions;
  deleteAsked: boolean;
  setDeleteAsked: (asked: boolean) => void;
  /**
   * Rows seen on any page, by id: a selection kept across pages still knows each device's MID,
   * which enable and disable send.
   */
  seenRows: Map<Identifier, DeviceRecord>;
}

export const DeviceListContext = createContext<DeviceListState | null>(null);

/** The device list's state, with the factory list's filter row and form it is shown in. */
export function useDeviceListUi() {
  const device = useContext(DeviceListContext);
  const list = useDefinitionListUi();
  if (!device) throw new Error('useDeviceListUi must be used inside the device list');
  return {
    ...device,
    filterRowOpen: list.filterRow?.open ?? false,
    toggleFilterRow: () => list.filterRow?.toggle(),
    /** Opens a device in its dialog, or a new one ('create'). */
    openEditor: (target: RaRecord | 'create') => list.open(target),
  };
}
