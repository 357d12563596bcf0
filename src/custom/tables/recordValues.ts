import { operationSql, type ReplicaValue } from '../../../protocol/replication';
import type { RecordAction, RecordValues, TableColumn } from '../../../protocol/table-data';

export type Row = Record<string, unknown>;

/** A form value as the wire carries it: a picked date as ISO text, nothing as null. */
export function wireValue(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

const same = (a: unknown, b: unknown) =>
  (a == null || a === '' ? null : String(a)) === (b == null || b === '' ? null : String(b));

/** What the record editor sends: the changed columns (edit) or the values typed (insert). */
export function recordChanges(action: RecordAction, row: Row | null, values: Row): RecordValues {
  if (action === 'delete') return {};
  return Object.fromEntries(
    Object.entries(values)
      .filter(([name, value]) =>
        action === 'insert' ? value !== '' && value != null : !same(value, row?.[name]),
      )
      .map(([name, value]) => [name, wireValue(value)]),
  );
}

/** The row's key values (every column when the table has no primary key). */
export function rowKey(columns: TableColumn[], row: Row | null): RecordValues {
  const key = columns.filter((c) => c.PRIMARY_KEY);
  return Object.fromEntries(
    (key.length > 0 ? key : columns).map((c) => [c.COLUMN_NAME, wireValue(row?.[c.COLUMN_NAME])]),
  );
}

/** The statement the server will run, as text, for the dialog (the server answers its own). */
export function previewStatement(
  table: string,
  columns: TableColumn[],
  action: RecordAction,
  row: Row | null,
  values: Row,
): string {
  const op = action === 'edit' ? 'update' : action;
  const changes = recordChanges(action, row, values) as Record<string, ReplicaValue>;
  const key = action === 'insert' ? {} : (rowKey(columns, row) as Record<string, ReplicaValue>);
  if (action === 'edit' && Object.keys(changes).length === 0) return '';
  return operationSql({ table, op, key, values: changes });
}
