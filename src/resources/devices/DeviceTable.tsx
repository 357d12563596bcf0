import { useCallback, useEffect, useMemo, useState } from 'react';
import { BulkActionsToolbar, DataTable, useListContext } from 'react-admin';
import {
  FilterRow,
  InteractiveBody,
  RowEventsProvider,
  useSchemaColumns,
  type RowEvents,
} from '../schema';
import { DeleteDevicesDialog } from './DeleteDevicesDialog';
import { DeviceBulkActions } from './DeviceBulkActions';
import { DeviceContextMenu } from './DeviceContextMenu';
import { useDeviceListUi, type DeviceRecord } from './deviceListUi';
import { deviceRowSx } from './rowColours';
import { StateLegend } from './StateLegend';

const bulkActionsToolbar = (
  <BulkActionsToolbar selectAllButton={false}>
    <DeviceBulkActions />
  </BulkActionsToolbar>
);

/**
 * The device table: the schema's columns, rows coloured by state, the filter row when shown,
 * and the row actions (right-click menu; double-click or Enter opens the device).
 */
export function DeviceTable() {
  const ui = useDeviceListUi();
  const { data, selectedIds, onSelect } = useListContext<DeviceRecord>();
  const columns = useSchemaColumns(ui.schema);
  const [menuAt, setMenuAt] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => {
    for (const row of data ?? []) ui.seenRows.set(row.id, row);
  }, [data, ui.seenRows]);

  const { permissions, openEditor } = ui;
  const events = useMemo<RowEvents<DeviceRecord>>(
    () => ({
      onContextMenu: (record, position) => {
        // As in a file manager: a right-click outside the selection selects that row alone.
        if (!selectedIds.includes(record.id)) onSelect([record.id]);
        setMenuAt(position);
      },
      onOpen: permissions.editDevice ? (record) => openEditor(Number(record.ID)) : undefined,
      rowAttributes: (record) => ({ 'data-estado': String(record.Estado) }),
    }),
    [selectedIds, onSelect, permissions.editDevice, openEditor],
  );
  const rowSx = useCallback(
    (record: DeviceRecord) => deviceRowSx(record.Estado, selectedIds.includes(record.id)),
    [selectedIds],
  );

  return (
    <>
      {ui.filterRowOpen && <FilterRow schema={ui.schema} />}
      <RowEventsProvider events={events}>
        <DataTable<DeviceRecord>
          rowClick={false}
          rowSx={rowSx}
          body={InteractiveBody}
          bulkActionButtons={<DeviceBulkActions />}
          bulkActionsToolbar={bulkActionsToolbar}
          sx={{
            '& .RaDataTable-tableWrapper': { overflowX: 'auto', maxWidth: '100%' },
            '& .RaDataTable-rowCell': { whiteSpace: 'nowrap' },
            '& .RaDataTable-row:focus-visible': {
              outline: 2,
              outlineOffset: -2,
              outlineColor: 'primary.main',
            },
          }}
        >
          {columns}
        </DataTable>
      </RowEventsProvider>
      {/* Below the table: the bar that appears over a selection covers what is above it. */}
      <StateLegend />
      <DeviceContextMenu position={menuAt} onClose={() => setMenuAt(null)} />
      <DeleteDevicesDialog />
    </>
  );
}
