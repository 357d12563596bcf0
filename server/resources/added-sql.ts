import { sql, type RawBuilder } from 'kysely';
import { filterKind } from '../../protocol/filters';
import type { BaseResource } from './base';
import type { AddedColumn } from './catalogue';
import type { EffectiveResource } from './resources';

/** A deployment-added column as SQL over the rows of its resource's table. */
export interface AddedSqlColumn {
  source: string;
  type: string;
  /** Selected and sorted on. */
  value: RawBuilder<unknown>;
  /** What the filters compare. */
  filterValue: RawBuilder<unknown>;
}

/**
 * The SQL value of an added column for the current row of `"schema"."table"`, which the queries
 * that use it never alias: a column of the table itself, or a correlated scalar subquery on
 * another table joined on the join column (one row when there are several). Every name is
 * quoted by sql.id/sql.ref and has passed the override file's identifier rule.
 */
export function addedColumnValue(
  column: AddedColumn,
  schema: string,
  base: BaseResource,
): RawBuilder<unknown> {
  const own = (name: string) => sql.id(schema, base.table, name);
  if (!column.table) return sql`${own(column.column)}`;
  return sql`(SELECT ${sql.ref(`t.${column.column}`)} FROM ${sql.id(schema, column.table)} AS t WHERE ${sql.ref(`t.${base.joinColumn}`)} = ${own(base.joinColumn)} LIMIT 1)`;
}

const TEXT_TYPES = new Set(['text', 'character varying', 'character']);

/**
 * The added columns of an effective resource that it still shows (not hidden), as SQL. Text
 * operators on a column that is not text in the database (uuid, boolean, json) compare its text
 * form, as lower() and LIKE exist for text only; a text column is compared as is, so that a
 * trigram index a project put on lower() of it still serves (docs/resources.md).
 */
export function addedSqlColumns(
  effective: EffectiveResource,
  schema: string,
): Map<string, AddedSqlColumn> {
  const shown = new Set(effective.schema.fields.map((field) => field.source));
  const columns = new Map<string, AddedSqlColumn>();
  for (const column of effective.added.values()) {
    if (!shown.has(column.source)) continue;
    const value = addedColumnValue(column, schema, effective.base);
    const asText = filterKind(column.type) === 'text' && !TEXT_TYPES.has(column.dataType);
    const filterValue = asText ? sql`CAST(${value} AS text)` : value;
    columns.set(column.source, { source: column.source, type: column.type, value, filterValue });
  }
  return columns;
}
