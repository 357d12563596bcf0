import { defineResource, type ResourceDefinition } from '../../../protocol/resource-definition';
import { field, type FieldType } from '../../../protocol/resource-schema';
import {
  columnKind,
  DATA_PAGE_LENGTH,
  DATA_PAGE_LENGTHS,
  isReadOnlyColumn,
  LONG_TEXT,
  type TableColumn,
} from '../../../protocol/table-data';
import { isSystemSource, type TableSource } from '../../../protocol/tables';
import { operatorChoices } from '../../resources/schema/filterRowModel';

const TYPES: Record<ReturnType<typeof columnKind>, FieldType> = {
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'datetime',
  text: 'text',
};

const show = { node: 'queries', mode: 'show' } as const;
const write = { node: 'queries', mode: 'write' } as const;

/**
 * A resource definition made at run time from a table's column metadata (001 §2 "Record edit
 * dialog", §5): one field per column, named as the column; ID, ROWID, CGSROWID and generated
 * columns read-only and left out of a new record (the server generates them); a NOT NULL column
 * without a default required; date and timestamp columns dates; a text longer than 250
 * characters a text area. The data grid lists it with the factory (`tablesData`, paged 001 §9,
 * every column filtered with its type's operators) and the record editor renders its inputs.
 * A row's id is its primary key (every column of a table without one). A system source is read
 * only: it declares no write verb. Create and edit are the record editor's (a slot), which sends
 * `updateTableData` itself with the row as it was.
 */
export function tableDefinition(
  table: string,
  columns: TableColumn[],
  source: TableSource = 'project',
): ResourceDefinition {
  const primary = columns.filter((c) => c.PRIMARY_KEY).map((c) => c.COLUMN_NAME);
  const keyFields = primary.length > 0 ? primary : columns.map((c) => c.COLUMN_NAME);
  const fields = columns.map((column) => {
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
      ungrouped: true,
    });
  });
  const change = (action: 'insert' | 'edit') => ({
    permission: write,
    call: { operation: 'updateTableData', fixed: { filter: table, action } },
  });
  return defineResource({
    name: `table_${source}_${table}`,
    title: { one: { es: table, en: table }, many: { es: table, en: table } },
    path: '/app/sqltables',
    scope: 'project',
    key: keyFields[0] ?? '',
    ...(keyFields.length === 1 ? {} : { keyFields }),
    node: 'queries',
    fields,
    perPage: [DATA_PAGE_LENGTH, ...DATA_PAGE_LENGTHS.filter((n) => n !== DATA_PAGE_LENGTH)],
    filterOperators: Object.fromEntries(fields.map((f) => [f.source, operatorChoices(f)])),
    verbs: {
      list: {
        permission: show,
        call: {
          operation: 'tablesData',
          fixed: { source, table, filter: table },
          answer: 'grid',
        },
      },
      ...(isSystemSource(source) ? {} : { create: change('insert'), edit: change('edit') }),
    },
  });
}
