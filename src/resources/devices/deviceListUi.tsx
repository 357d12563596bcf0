import { createContext, useContext } from 'react';
import type { Identifier } from 'react-admin';
import type { ResourceSchema } from '../../../protocol/resource-schema';
import type { DeviceListRow, DevicePermissions } from '../../dataProvider';

/** A device row as the list holds it: the wire row with react-admin's `id` (= ID). */
export type DeviceRecord = DeviceListRow & { id: Identifier };

/**
 * What the device list's toolbar, table, menu and dialogs share: the project, its schema and
 * permissions, and the screen's own state. Provided above react-admin's <List>, whose toolbar and
 * body are separate trees.
 */
export interface DeviceListUi {
  database: number;
  projectName: string;
  schema: ResourceSchema;
  permissions: DevicePermissions;
  filterRowOpen: boolean;
  toggleFilterRow: () => void;
  /** Opens the edit dialog for a device, or for a new one (null). */
  openEditor: (deviceId: number | null) => void;
  deleteAsked: boolean;
  setDeleteAsked: (asked: boolean) => void;
  /**
   * Rows seen on any page, by id: a selection kept across pages still knows each device's MID,
   * which enable and disable send.
   */
  seenRows: Map<Identifier, DeviceRecord>;
}

export const DeviceListUiContext = createContext<DeviceListUi | null>(null);

export function useDeviceListUi(): DeviceListUi {
  const ui = useContext(DeviceListUiContext);
  if (!ui) throw new Error('useDeviceListUi must be used inside the device list');
  return ui;
}
