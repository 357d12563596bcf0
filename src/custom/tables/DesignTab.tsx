import { useMemo } from 'react';
import type { TableColumn } from '../../../protocol/table-data';
import { TABLE_COLUMNS } from '../../../protocol/resources/table-columns';
import { DeclaredTabList } from './DeclaredTabList';

interface DesignTabProps {
  database: number;
  table: string;
  columns: TableColumn[];
}

/**
 * Tab 1: the table's column metadata (001 §3), the declared resource `table-columns` listed from
 * the columns the screen has read. Only the key's columns say Key (an empty cell otherwise).
 */
export function DesignTab({ database, table, columns }: DesignTabProps) {
  const rows = useMemo(
    () =>
      columns.map((column) => ({
        ...column,
        id: column.COLUMN_NAME,
        PRIMARY_KEY: column.PRIMARY_KEY || null,
      })),
    [columns],
  );
  return (
    <DeclaredTabList definition={TABLE_COLUMNS} database={database} data={rows} label={table} />
  );
}
