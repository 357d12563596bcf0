import { useMemo, useState, type ReactElement } from 'react';
import { DataTable, type RaRecord } from 'react-admin';
import type { BulkAction, ResourceDefinition } from '../../../protocol/resource-definition';
import { InteractiveBody, RowEventsProvider, type RowEvents } from '../schema/RowEvents';
import { BulkActions } from './BulkActions';
import { RowMenu, type RowMenuTarget } from './RowMenu';

type Row = RaRecord;

interface DefinitionTableProps {
  definition: ResourceDefinition;
  columns: ReactElement[];
  rowSx?: (record: Row) => object;
  canEdit: boolean;
  canDelete: boolean;
  /** The bulk actions the caller may use. */
  bulk: BulkAction[];
  database?: number | null;
  onEdit(record: Row): void;
  /** A row clicked or opened by keyboard: its edit dialog, or its show view. */
  onOpen(record: Row): void;
}

/**
 * The table of a declared list: a click (or Enter) opens the row's edit, a right-click (or the
 * row's context-menu key, Shift+F10) its menu, and the selection gets the bulk actions.
 */
export function DefinitionTable(props: DefinitionTableProps) {
  const { definition, columns, rowSx, canEdit, canDelete, bulk, database, onEdit, onOpen } = props;
  const [menu, setMenu] = useState<RowMenuTarget | null>(null);
  const hasBulk = bulk.length > 0 || canDelete;
  const hasMenu = canEdit || hasBulk;
  const events = useMemo<RowEvents>(
    () => ({
      // Without a verb to offer, the browser keeps its own menu.
      onContextMenu: hasMenu ? (record, position) => setMenu({ record, position }) : undefined,
      onOpen,
    }),
    [hasMenu, onOpen],
  );

  return (
    <RowEventsProvider events={events}>
      <DataTable<Row>
        rowSx={rowSx}
        body={InteractiveBody}
        rowClick={(_id, _resource, record) => {
          onOpen(record as Row);
          return false;
        }}
        bulkActionButtons={
          hasBulk ? (
            <BulkActions
              definition={definition}
              actions={bulk}
              canDelete={canDelete}
              database={database}
            />
          ) : (
            false
          )
        }
        // The table scrolls sideways in its wrapper; not the card, whose overflow would
        // clip the bulk actions bar that slides over the list toolbar.
        sx={{
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          '& .MuiTableBody-root .MuiTableCell-root': { verticalAlign: 'top' },
          '& .RaDataTable-row:focus-visible': {
            outline: 2,
            outlineOffset: -2,
            outlineColor: 'primary.main',
          },
        }}
      >
        {columns}
      </DataTable>
      <RowMenu
        definition={definition}
        target={menu}
        canEdit={canEdit}
        canDelete={canDelete}
        actions={bulk}
        database={database}
        onEdit={onEdit}
        onClose={() => setMenu(null)}
      />
    </RowEventsProvider>
  );
}
