import {
  createContext,
  useContext,
  useMemo,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  DataTableBody,
  DataTableRow,
  useRecordContext,
  type DataTableBodyProps,
  type DataTableRowProps,
  type RaRecord,
} from 'react-admin';

/** What a list does when a person acts on one of its rows. */
export interface RowEvents<RecordType extends RaRecord = RaRecord> {
  /** Right-click, or the keyboard's context-menu key / Shift+F10 on a focused row. */
  onContextMenu?: (record: RecordType, position: { top: number; left: number }) => void;
  /** Double-click, or Enter on a focused row. */
  onOpen?: (record: RecordType) => void;
  /** Extra attributes of the row element, e.g. `data-estado` for tests and styles. */
  rowAttributes?: (record: RecordType) => Record<string, string>;
}

const RowEventsContext = createContext<RowEvents>({});

export function RowEventsProvider<RecordType extends RaRecord>({
  events,
  children,
}: {
  events: RowEvents<RecordType>;
  children: ReactNode;
}) {
  return (
    <RowEventsContext.Provider value={events as RowEvents}>{children}</RowEventsContext.Provider>
  );
}

/** Where a menu opened from the keyboard appears: under the row's first cells. */
function keyboardPosition(row: HTMLElement) {
  const box = row.getBoundingClientRect();
  return { top: box.bottom, left: box.left + 24 };
}

/** A DataTable row that reports right-clicks, double-clicks and keys to its RowEventsProvider. */
function InteractiveRow(props: DataTableRowProps) {
  const record = useRecordContext();
  const { onContextMenu, onOpen, rowAttributes } = useContext(RowEventsContext);
  const attributes = useMemo(
    () => (record && rowAttributes ? rowAttributes(record) : {}),
    [record, rowAttributes],
  );
  if (!record) return null;
  const openMenu = (event: MouseEvent<HTMLTableRowElement>) => {
    if (!onContextMenu) return;
    event.preventDefault();
    // A context-menu key press arrives as a contextmenu event without pointer coordinates.
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    onContextMenu(
      record,
      fromKeyboard
        ? keyboardPosition(event.currentTarget)
        : { top: event.clientY, left: event.clientX },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && onOpen) {
      event.preventDefault();
      onOpen(record);
    } else if (event.key === 'F10' && event.shiftKey && onContextMenu) {
      event.preventDefault();
      onContextMenu(record, keyboardPosition(event.currentTarget));
    }
  };
  return (
    <DataTableRow
      {...props}
      {...attributes}
      tabIndex={0}
      onContextMenu={openMenu}
      onDoubleClick={onOpen ? () => onOpen(record) : undefined}
      onKeyDown={onKeyDown}
    />
  );
}

/** DataTable `body` whose rows answer to the RowEventsProvider above the table. */
export function InteractiveBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={InteractiveRow} />;
}
