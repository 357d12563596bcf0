import type { RecordAction, RecordValues, UpdateTableDataResult } from '../../protocol/table-data';
import type { CallService } from './callService';

export interface RecordUpdate {
  table: string;
  action: RecordAction;
  replica: boolean;
  replicaMID: string;
  columns: string[];
  data: RecordValues;
  changes: RecordValues;
  /** A delete of several records: their keys (one transaction). */
  rows?: RecordValues[];
}

/**
 * The record editor's and the grid's multi-select delete call (001 §7 updateTableData); the grid
 * reads its rows as a declared list (tableDefinition.ts, `tablesData`).
 */
export function tableCalls(callService: CallService) {
  return {
    updateTableData: (database: number, { table, ...change }: RecordUpdate) =>
      callService<UpdateTableDataResult>('updateTableData', {
        database,
        filter: table,
        ...change,
      }),
  };
}

export type TableCalls = ReturnType<typeof tableCalls>;
