import type { SqlResult } from '../../protocol/reports';
import type { TableColumn, TableEntry } from '../../protocol/table-data';
import type { TableSource } from '../../protocol/tables';
import type { CallService } from './callService';

/**
 * The SQL tab's calls (001 §7 tablesData, tables, tablesColumns): free SQL with a result per
 * statement, cancelled by aborting `signal`; the tables and columns its editor completes.
 */
export function sqlConsoleCalls(callService: CallService) {
  return {
    runConsoleSql: (database: number, source: TableSource, sql: string, signal?: AbortSignal) =>
      callService<SqlResult>(
        'tablesData',
        { database, source, filter: sql, limit: -666, each: true },
        signal,
      ),
    consoleTables: (database: number, source: TableSource) =>
      callService<TableEntry[]>('tables', { database, source }),
    consoleColumns: (database: number, source: TableSource, table: string) =>
      callService<TableColumn[]>('tablesColumns', { database, source, filter: table }),
  };
}

export type SqlConsoleCalls = ReturnType<typeof sqlConsoleCalls>;
