import type { RaRecord } from 'ra-core';
import type { Page } from '../../protocol/paging';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { SqlResult } from '../../protocol/reports';

type Values = Record<string, unknown>;

/** The SQL grid a list call answers with `answer: 'grid'` (000 §7, a table's rows). */
export interface GridAnswer extends Pick<SqlResult, 'Columns' | 'Datas'> {
  recordsTotal: number;
  /** recordsTotal is PostgreSQL's estimate, not a count. */
  recordsEstimated?: boolean;
}

/** A list answer as a page: the `{data, total}` it is, or the rows of a grid by column name. */
export function pageOf(
  answer: unknown,
  shape: 'page' | 'grid' = 'page',
): Page<Values> & { estimated?: boolean } {
  if (shape === 'page') return answer as Page<Values>;
  const grid = answer as GridAnswer;
  const names = grid.Columns.map((column) => column.colunName);
  return {
    data: grid.Datas.map((cells) => Object.fromEntries(names.map((name, i) => [name, cells[i]]))),
    total: grid.recordsTotal,
    ...(grid.recordsEstimated ? { estimated: true } : {}),
  };
}

/**
 * A row as react-admin keys it: `id` is the definition's key, or the JSON of its `keyFields`
 * (a table's compound primary key), so that the server's row keeps its own shape.
 */
export function withId(definition: ResourceDefinition, row: Values): RaRecord {
  const id = definition.keyFields
    ? JSON.stringify(definition.keyFields.map((name) => row[name] ?? null))
    : (row[definition.key] ?? row.id);
  return { ...row, id } as RaRecord;
}
