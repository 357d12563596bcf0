import { EDIT_NOW } from './DeviceEditor';
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { DeviceState } from '../../../protocol/devices';
import { PATHS } from '../../paths';
import type { FlotaDataProvider } from '../../dataProvider';
import { useDeviceListUi, type DeviceRecord } from './deviceListUi';
import { deviceActions, type DeviceAction } from './deviceMenuItems';

type DeviceStatus = 'enabled' | 'disabled';

/**
 * The device list's actions on its selection: select all or none, enable or disable (by MID),
 * delete (by ID), open the editor, toggle the filter row; and which of them the caller may use.
 */
export function useDeviceCommands() {
  const ui = useDeviceListUi();
  const { data = [], selectedIds, onSelect, onUnselectItems } = useListContext<DeviceRecord>();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  useEffect(() => {
    for (const row of data) ui.seenRows.set(row.id, row);
  }, [data, ui.seenRows]);

  const selectedRows = selectedIds
    .map((id) => ui.seenRows.get(id) ?? data.find((row) => row.id === id))
    .filter((row): row is DeviceRecord => row !== undefined);
  const allSelected = data.length > 0 && data.every((row) => selectedIds.includes(row.id));
  const enabledRows = selectedRows.filter((row) => row.Estado !== DeviceState.disabled);
  const actions = deviceActions(ui.permissions, {
    selected: selectedIds.length,
    allSelected,
    allDisabled: selectedRows.length > 0 && enabledRows.length === 0,
  });
  const navigate = useNavigate();
  const translate = useTranslate();
  // A licence update for the selected devices that are not disabled (000 §2, 001 §2): the
  // owner's name names one device, a count several.
  const newUpdate = () => {
    const params = new URLSearchParams({ database: String(ui.database) });
    params.set('mid', enabledRows.map((row) => row.MID).join(','));
    const only = enabledRows.length === 1 ? enabledRows[0] : null;
    params.set(
      'name',
      only
        ? String(only.OWNER || only.MID)
        : translate('resources.devicelist.update_name', { smart_count: enabledRows.length }),
    );
    navigate(`${PATHS.updates}?${params}`);
  };

  const onError = (error: Error) => notify(error.message, { type: 'error' });

  const status = useMutation({
    mutationFn: ({ mids, status }: { mids: string[]; status: DeviceStatus }) =>
      dataProvider.setPendingDevices(ui.database, mids, status),
    onSuccess: (result, { mids, status }) => {
      notify(`resources.devicelist.notify.${status}`, {
        type: 'success',
        messageArgs: { smart_count: Number(result?.updated ?? mids.length) },
      });
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => dataProvider.deleteDevices(ui.database, ids),
    onSuccess: (result, ids) => {
      notify('resources.devicelist.notify.deleted', {
        type: 'success',
        messageArgs: { smart_count: Number(result?.deleted ?? ids.length) },
      });
      onUnselectItems();
      ui.setDeleteAsked(false);
      refresh();
    },
    onError,
  });

  const run = (action: DeviceAction) => {
    switch (action) {
      case 'new':
        return ui.openEditor('create');
      case 'update':
        return newUpdate();
      case 'selectAll':
        return onSelect([...new Set([...selectedIds, ...data.map((row) => row.id)])]);
      case 'unselect':
        return onUnselectItems();
      case 'edit':
        // "Editar" opens the form editable at once (a double-click opens it to look).
        return selectedRows[0] && ui.openEditor({ ...selectedRows[0], [EDIT_NOW]: true });
      case 'view':
        return selectedRows[0] && ui.openEditor(selectedRows[0]);
      case 'enable':
      case 'disable':
        return status.mutate({
          mids: selectedRows.map((row) => row.MID),
          status: action === 'enable' ? 'enabled' : 'disabled',
        });
      case 'columnFilter':
        return ui.toggleFilterRow();
      case 'delete':
        return ui.setDeleteAsked(true);
    }
  };

  const confirmDelete = () =>
    remove.mutate(selectedRows.map((row) => Number(row.ID)).sort((a, b) => a - b));

  return {
    actions,
    run,
    selectedRows,
    allSelected,
    confirmDelete,
    busy: status.isPending || remove.isPending,
    deleting: remove.isPending,
  };
}
