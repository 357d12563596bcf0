import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';
import type { TableColumn } from '../../../protocol/table-data';

/**
 * What the data grid's slots (tableGridSlots.tsx) share with the grid around the factory's list:
 * the table, the multi-select mode, the statement the server ran last, and the row whose delete
 * the record editor is asking about.
 */
export interface TableGridUi {
  database: number;
  table: string;
  columns: TableColumn[];
  multi: boolean;
  setMulti(multi: boolean): void;
  statement: string | null;
  setStatement(statement: string | null): void;
  deleting: RaRecord | null;
  setDeleting(row: RaRecord | null): void;
}

export const TableGridContext = createContext<TableGridUi | null>(null);

export function useTableGrid(): TableGridUi {
  const ui = useContext(TableGridContext);
  if (!ui) throw new Error('useTableGrid must be used inside the DataGrid');
  return ui;
}

/** The row as the table has it: its columns only, without the list's `id`. */
export function tableRow(columns: TableColumn[], record: RaRecord): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c.COLUMN_NAME, record[c.COLUMN_NAME]]));
}
