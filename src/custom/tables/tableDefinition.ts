import { defineResource, type ResourceDefinition } from '../../../protocol/resource-definition';
import { field, type FieldType } from '../../../protocol/resource-schema';
import {
  columnKind,
  isReadOnlyColumn,
  LONG_TEXT,
  type TableColumn,
} from '../../../protocol/table-data';

const TYPES: Record<ReturnType<typeof columnKind>, FieldType> = {
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'datetime',
  text: 'text',
};

/**
 * A resource definition made at run time from a table's column metadata (001 §2 "Record edit
 * dialog", §5): one field per column, named as the column; ID, ROWID, CGSROWID and generated
 * columns read-only and left out of a new record (the server generates them); a NOT NULL column
 * without a default required; date and timestamp columns dates; a text longer than 250
 * characters a text area. The record editor renders it with the factory's form inputs and the
 * data grid's filter row with the schema's filter cells.
 */
export function tableDefinition(table: string, columns: TableColumn[]): ResourceDefinition {
  const key = columns.find((c) => c.PRIMARY_KEY)?.COLUMN_NAME ?? columns[0]?.COLUMN_NAME ?? '';
  return defineResource({
    name: `table_${table}`,
    title: { one: { es: table, en: table }, many: { es: table, en: table } },
    path: '/app/sqltables',
    scope: 'project',
    key,
    node: 'queries',
    fields: columns.map((column) => {
      const readOnly = isReadOnlyColumn(column);
      const type = TYPES[columnKind(column.DATA_TYPE)];
      const long = (column.CHARACTER_MAXIMUM_LENGTH ?? 0) > LONG_TEXT;
      return field(column.COLUMN_NAME, long ? 'longtext' : type, {
        label: { es: column.COLUMN_NAME, en: column.COLUMN_NAME },
        edit: true,
        create: !readOnly,
        readOnly,
        required: !readOnly && column.IS_NULLABLE === 'NO' && column.COLUMN_DEFAULT === null,
        maxLength: column.CHARACTER_MAXIMUM_LENGTH,
        noWrap: true,
      });
    }),
  });
}
