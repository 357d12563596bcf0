import { useMemo, useState, type ReactElement } from 'react';
import { BulkActionsToolbar, DataTable, useListContext, type RaRecord } from 'react-admin';
import type { BulkAction, ResourceDefinition } from '../../../protocol/resource-definition';
import { InteractiveBody, RowEventsProvider, type RowEvents } from '../schema/RowEvents';
import type { ResourceSlots } from '../slots';
import { BulkActions } from './BulkActions';
import { RowMenu, type RowMenuTarget } from './RowMenu';

type Row = RaRecord;

interface DefinitionTableProps {
  definition: ResourceDefinition;
  columns: ReactElement[];
  /** A row's colours, stronger when it is selected. */
  rowSx?: (record: Row, selected?: boolean) => object;
  canEdit: boolean;
  canDelete: boolean;
  /** The bulk actions the caller may use. */
  bulk: BulkAction[];
  database?: number | null;
  onEdit(record: Row): void;
  /** A row clicked or opened by keyboard: its edit dialog, or its show view; absent: none. */
  onOpen?: (record: Row) => void;
  /** The resource's bulk actions and selection menu, when it has its own. */
  slots?: Pick<ResourceSlots, 'bulkActions' | 'selectionMenu'>;
  /** The table's accessible name (an embedded list named by its screen's heading). */
  label?: string;
  /** Where the person's column choice is kept (columnChoice.ts), shared with the chooser. */
  storeKey: string;
}

/**
 * Rows (and a phone's cards) carry the values their colour rules test, as `data-<field>` (lower
 * case): tests and styles read a row's state without knowing its colours.
 */
export function colourAttributes(definition: ResourceDefinition) {
  const fields = [...new Set(definition.rowColours.map((rule) => rule.field))];
  if (fields.length === 0) return undefined;
  return (record: Row) =>
    Object.fromEntries(fields.map((f) => [`data-${f.toLowerCase()}`, String(record[f] ?? '')]));
}

/**
 * The table of a declared list: a click (or Enter) opens the row's edit, a right-click (or the
 * row's context-menu key, Shift+F10) its menu, and the selection gets the bulk actions. A
 * resource with a selection menu works as a file manager does (src/resources/slots.ts).
 */
export function DefinitionTable(props: DefinitionTableProps) {
  const { definition, columns, rowSx, canEdit, canDelete, bulk, database, onEdit, onOpen } = props;
  const { bulkActions: OwnBulkActions, selectionMenu: SelectionMenu } = props.slots ?? {};
  const { selectedIds, onSelect } = useListContext();
  const [menu, setMenu] = useState<RowMenuTarget | null>(null);
  const hasBulk = bulk.length > 0 || canDelete || Boolean(OwnBulkActions);
  // Who may only look is offered "Ver" (view) where an editor is offered "Editar".
  const hasMenu = canEdit || hasBulk || Boolean(onOpen);
  const events = useMemo<RowEvents>(
    () => ({
      // Without a verb to offer, the browser keeps its own menu.
      onContextMenu: SelectionMenu
        ? (record, position) => {
            if (!selectedIds.includes(record.id)) onSelect([record.id]);
            setMenu({ record, position });
          }
        : hasMenu
          ? (record, position) => setMenu({ record, position })
          : undefined,
      onOpen,
      rowAttributes: colourAttributes(definition),
    }),
    [SelectionMenu, selectedIds, onSelect, hasMenu, onOpen, definition],
  );
  const buttons = OwnBulkActions ? (
    <OwnBulkActions database={database} />
  ) : (
    <BulkActions definition={definition} actions={bulk} canDelete={canDelete} database={database} />
  );

  return (
    <RowEventsProvider events={events}>
      <DataTable<Row>
        aria-label={props.label}
        storeKey={props.storeKey}
        hiddenColumns={definition.hiddenColumns ?? NONE}
        rowSx={rowSx && ((record) => rowSx(record, selectedIds.includes(record.id)))}
        body={InteractiveBody}
        rowClick={
          onOpen && !SelectionMenu
            ? (_id, _resource, record) => {
                onOpen(record as Row);
                return false;
              }
            : false
        }
        bulkActionButtons={hasBulk ? buttons : false}
        // A resource's own buttons come without react-admin's "select all" (of every page).
        bulkActionsToolbar={
          OwnBulkActions ? (
            <BulkActionsToolbar selectAllButton={false}>{buttons}</BulkActionsToolbar>
          ) : undefined
        }
        // The table scrolls inside its own box, at most about a screen high, so that its header
        // stays in view and its sideways scrollbar is at the foot of what one sees rather than
        // under a long page (issue 33); not the card, whose overflow would clip the selection bar.
        sx={{
          ...BULK_BAR_OVER_TOOLBAR,
          '& .RaDataTable-tableWrapper': {
            overflow: 'auto',
            maxHeight: 'max(18rem, calc(100dvh - 16rem))',
          },
          '& .MuiTableCell-head': {
            whiteSpace: 'nowrap',
            position: 'sticky',
            top: 0,
            zIndex: 2,
            backgroundColor: 'background.paper',
          },
          '& .MuiTableBody-root .MuiTableCell-root': { verticalAlign: 'top' },
          // Half the usual room between columns: more of them fit.
          '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
          '& .RaDataTable-row:focus-visible': {
            outline: 2,
            outlineOffset: -2,
            outlineColor: 'primary.main',
          },
        }}
      >
        {columns}
      </DataTable>
      {SelectionMenu ? (
        <SelectionMenu position={menu?.position ?? null} onClose={() => setMenu(null)} />
      ) : (
        <RowMenu
          definition={definition}
          target={menu}
          canEdit={canEdit}
          canDelete={canDelete}
          actions={bulk}
          database={database}
          onEdit={onEdit}
          onView={canEdit ? undefined : onOpen}
          onClose={() => setMenu(null)}
        />
      )}
    </RowEventsProvider>
  );
}

const NONE: string[] = [];

/**
 * The selection bar: as tall as its buttons need, wrapped, never wider than the list. It lies
 * over the list's toolbar and filters and grows upwards from the table's top edge, so that a
 * bar of two lines never hides the header or a row (issue 33: 115 px over the first row).
 */
const BULK_BAR_OVER_TOOLBAR = {
  '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
    height: 'auto',
    flexWrap: 'wrap',
    rowGap: 0.5,
    py: 0.5,
    top: 'auto',
    bottom: 0,
    transform: 'none',
  },
  // The buttons go under the count when they do not fit beside it, and wrap among themselves.
  '& .RaBulkActionsToolbar-topToolbar': {
    flexWrap: 'wrap',
    flex: '1 1 auto',
    minWidth: 0,
    maxWidth: '100%',
    justifyContent: 'flex-end',
    gap: 0.5,
  },
} as const;
