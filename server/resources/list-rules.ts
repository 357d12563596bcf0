import { columnTypes, type FieldType } from '../../protocol/resource-schema';
import { addedSqlColumns, type AddedSqlColumn } from './added-sql';
import type { EffectiveResource } from './resources';

/** What a server-paged list may do, read from a project's effective schema. */
export interface ListRules {
  /** The field that identifies a row: the default order, allowed even when hidden. */
  key: string;
  /** Every field of the effective schema (a hidden field is not one). */
  fields: ReadonlySet<string>;
  sortable: ReadonlySet<string>;
  /** name → type of the filterable fields, the shape parseRowFilters takes. */
  filterable: Record<string, FieldType>;
  /** Base columns each row carries: listed or exported fields, and the always-present ones. */
  rowColumns: string[];
  /** Added columns each row carries. */
  rowAdded: AddedSqlColumn[];
  /** Every added column the project has and the schema shows, by source, as SQL. */
  added: ReadonlyMap<string, AddedSqlColumn>;
}

/**
 * @param always columns every row carries whatever the schema says, for the server's own rules
 *   (the device colour state needs SINCRONISMO, STATUS and PENDIENTE).
 */
export function listRules<C extends string>(
  effective: EffectiveResource,
  schema: string,
  always: readonly C[],
): ListRules & { rowColumns: C[] } {
  const { fields } = effective.schema;
  const added = addedSqlColumns(effective, schema);
  const carried = fields.filter((field) => field.list || field.export).map((f) => f.source);
  const base = carried.filter((source) => !added.has(source));
  return {
    key: effective.schema.key,
    fields: new Set(fields.map((field) => field.source)),
    sortable: new Set(fields.filter((field) => field.sort).map((field) => field.source)),
    filterable: columnTypes(effective.schema, (field) => field.filter),
    rowColumns: [...new Set([...base, ...always])] as C[],
    rowAdded: carried.flatMap((source) => added.get(source) ?? []),
    added,
  };
}
