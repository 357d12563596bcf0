import type { RowFilter, RowFilterOper } from '../../protocol/filters';
import type { Datatable } from '../../protocol/paging';
import type { SqlResult } from '../../protocol/reports';
import type { RecordAction, RecordValues, UpdateTableDataResult } from '../../protocol/table-data';
import type { TableSource } from '../../protocol/tables';
import type { CallService } from './callService';

/** A page of the data grid: the rows, the total and whether it is PostgreSQL's estimate. */
export interface TablePageResult extends SqlResult {
  recordsTotal: number;
  recordsEstimated: boolean;
}

export interface TablePageQuery {
  datatable: Datatable;
  rowfilter: RowFilter;
  rowfilteroper: RowFilterOper;
}

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

/** The data grid's and the record editor's calls (001 §7 tablesData, updateTableData). */
export function tableCalls(callService: CallService) {
  return {
    tablePage: (
      database: number,
      source: TableSource,
      table: string,
      query: TablePageQuery,
      signal?: AbortSignal,
    ) =>
      callService<TablePageResult>(
        'tablesData',
        { database, source, filter: table, table, ...query },
        signal,
      ),
    updateTableData: (database: number, { table, ...change }: RecordUpdate) =>
      callService<UpdateTableDataResult>('updateTableData', {
        database,
        filter: table,
        ...change,
      }),
  };
}

export type TableCalls = ReturnType<typeof tableCalls>;
