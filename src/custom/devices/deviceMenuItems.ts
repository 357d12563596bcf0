import type { DevicePermissions } from '../../dataProvider';

/**
 * The device actions of the right-click menu and the toolbars (001 §2), each shown only by the
 * caller's permission (001 §6). Provisioning and install mail belong to areas not built yet and
 * are left out rather than shown dead.
 */
export type DeviceAction =
  | 'new'
  | 'update'
  | 'selectAll'
  | 'unselect'
  | 'edit'
  /** Opens the device to look at it: the caller may show it but not save it (issue 33). */
  | 'view'
  | 'enable'
  | 'disable'
  | 'columnFilter'
  | 'delete';

export interface SelectionState {
  /** Devices selected. */
  selected: number;
  /** Every row of the page is selected. */
  allSelected: boolean;
  /** Every selected device is disabled: a new update for them is not offered (001 §2). */
  allDisabled?: boolean;
}

export function deviceActions(
  permissions: DevicePermissions,
  { selected, allSelected, allDisabled = false }: SelectionState,
): DeviceAction[] {
  const actions: DeviceAction[] = [];
  if (permissions.addDevice) actions.push('new');
  if (permissions.addUpdate && selected > 0 && !allDisabled) actions.push('update');
  if (!allSelected) actions.push('selectAll');
  if (selected > 0) actions.push('unselect');
  if (permissions.editDevice && selected === 1)
    actions.push(permissions.saveDevice ? 'edit' : 'view');
  if (permissions.statusDevice && selected > 0) actions.push('enable', 'disable');
  actions.push('columnFilter');
  if (permissions.deleteDevice && selected > 0) actions.push('delete');
  return actions;
}
