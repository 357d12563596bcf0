import { sql } from 'kysely';
import type { FieldType } from '../../protocol/resource-schema';
import type { Db } from '../db/database';
import type { BaseResource } from './base';
import type { AddedFieldOverride } from '../../protocol/resource-override';

/**
 * Added columns are resolved against the project's own tables: a deployment adds a column with
 * `ALTER TABLE`, so only the catalogue knows whether a project has it and of which type.
 */

/** A deployment-added column that exists in a project. */
export interface AddedColumn {
  /** `COLUMN` or `table.COLUMN`, as in the override file; the key of the column in a row. */
  source: string;
  type: FieldType;
  /** The column's type in the catalogue (information_schema.columns.data_type). */
  dataType: string;
  /** The other table it is read from (joined on the resource's join column), or null for its own. */
  table: string | null;
  column: string;
}

/** information_schema's data types as field types; anything unlisted is shown as text. */
export function fieldTypeOf(dataType: string): FieldType {
  switch (dataType) {
    case 'integer':
    case 'bigint':
    case 'smallint':
      return 'int';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'float';
    case 'date':
      return 'date';
    case 'timestamp without time zone':
    case 'timestamp with time zone':
      return 'datetime';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/** table → column → data type, for the named tables of a project schema. */
export type Catalogue = Map<string, Map<string, string>>;

export async function readCatalogue(db: Db, schema: string, tables: string[]): Promise<Catalogue> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    SELECT table_name, column_name, data_type
    FROM information_schema.columns
    WHERE table_schema = ${schema} AND table_name = ANY(${tables}::text[])
  `.execute(db);
  const catalogue: Catalogue = new Map();
  for (const row of rows) {
    let columns = catalogue.get(row.table_name);
    if (!columns) catalogue.set(row.table_name, (columns = new Map()));
    columns.set(row.column_name, row.data_type);
  }
  return catalogue;
}

/** The tables an override's added columns read: the resource's own and the joined ones. */
export function tablesOf(base: BaseResource, add: readonly AddedFieldOverride[]): string[] {
  const tables = new Set([base.table]);
  for (const { source } of add) if (source.includes('.')) tables.add(source.split('.')[0]);
  return [...tables];
}

/**
 * The added columns a project has, typed from its catalogue. A column the project lacks is left
 * out with a warning, never an error: one override file serves projects whose tables differ.
 */
export function resolveAdded(
  add: readonly AddedFieldOverride[],
  catalogue: Catalogue,
  base: BaseResource,
  numero: number,
): { columns: AddedColumn[]; warnings: string[] } {
  const columns: AddedColumn[] = [];
  const warnings: string[] = [];
  for (const { source } of add) {
    const [table, column] = source.includes('.') ? source.split('.') : [null, source];
    const columnsOf = catalogue.get(table ?? base.table);
    const dataType = columnsOf?.get(column);
    if (table && !columnsOf) {
      warnings.push(
        `La columna añadida ${source} no se muestra: la tabla ${table} no existe en el proyecto ${numero}.`,
      );
    } else if (table && !columnsOf?.has(base.joinColumn)) {
      warnings.push(
        `La columna añadida ${source} no se muestra: la tabla ${table} del proyecto ${numero} no tiene la columna ${base.joinColumn} que la une a ${base.table}.`,
      );
    } else if (dataType === undefined) {
      warnings.push(
        `La columna añadida ${source} no se muestra: no existe en la tabla ${table ?? base.table} del proyecto ${numero}.`,
      );
    } else {
      columns.push({ source, type: fieldTypeOf(dataType), dataType, table, column });
    }
  }
  return { columns, warnings };
}
