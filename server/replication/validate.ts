import type { UpOperation } from '../../protocol/replication';
import type { Tables } from './tables';
import type { ReplicationTextKey } from './texts';

export interface OperationRefusal {
  key: ReplicationTextKey;
  vars: Record<string, string | number>;
}

const list = (names: Iterable<string>) => [...names].join(', ') || '—';

/**
 * Checks one operation against the project's real `gen_` tables: the table exists, the key is
 * exactly its primary key, every value names one of its columns and none of the key. Answers
 * the first thing wrong, or null.
 */
export function checkOperation(operation: UpOperation, tables: Tables): OperationRefusal | null {
  const { id, op } = operation;
  const table = tables.get(operation.table);
  if (!table)
    return { key: 'badTable', vars: { id, table: operation.table, tables: list(tables.keys()) } };
  const vars = { id, table: table.name };
  if (table.key.length === 0) return { key: 'noKey', vars };
  const keyColumns = Object.keys(operation.key);
  if (keyColumns.length !== table.key.length || !table.key.every((c) => c in operation.key)) {
    return { key: 'badKey', vars: { ...vars, key: list(table.key) } };
  }
  const values = Object.keys(operation.values ?? {});
  if (op === 'delete' && values.length > 0) return { key: 'valuesOnDelete', vars };
  if (op === 'update' && values.length === 0) return { key: 'noValues', vars };
  for (const column of values) {
    if (!table.columns.has(column)) return { key: 'badColumn', vars: { ...vars, column } };
    if (table.key.includes(column)) return { key: 'keyInValues', vars: { ...vars, column } };
  }
  return null;
}

/** The first refusal of a call's operations: ids must increase, each must fit its table. */
export function checkOperations(
  operations: UpOperation[],
  tables: Tables,
): OperationRefusal | null {
  let previous = 0;
  for (const operation of operations) {
    if (operation.id <= previous) return { key: 'unordered', vars: { id: operation.id } };
    previous = operation.id;
    const refusal = checkOperation(operation, tables);
    if (refusal) return refusal;
  }
  return null;
}
