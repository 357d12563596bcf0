import { defineResource } from '../resource-definition';
import { field } from '../resource-schema';

const yes = { es: 'Sí', en: 'Yes' };

/**
 * A table's column metadata (001 §2 tab 1 "Diseño", 000 §3 "Table column metadata"), as
 * `tablesColumns` answers it: the whole table's columns at once, which the tables screen has
 * already read for its grid and record editor, so the tab lists them from memory (DefinitionList's
 * `data`) and the resource has no wire call of its own. A column outside the primary key shows
 * an empty Key, as the metadata is read: only the key's columns say so.
 */
export const TABLE_COLUMNS = defineResource({
  name: 'table-columns',
  title: {
    one: { es: 'Columna', en: 'Column' },
    many: { es: 'Diseño de la tabla', en: 'Table design' },
  },
  path: '/app/sqltables/columns',
  embedded: true,
  scope: 'project',
  node: 'queries',
  key: 'COLUMN_NAME',
  sort: { field: 'ORDINAL_POSITION', order: 'ASC' },
  perPage: [100, 500],
  fields: [
    field('ORDINAL_POSITION', 'int', { label: { es: 'Posición', en: 'Position' }, filter: false }),
    field('COLUMN_NAME', 'text', { label: { es: 'Columna', en: 'Column' }, filter: false }),
    field('DATA_TYPE', 'text', { label: { es: 'Tipo', en: 'Type' }, filter: false, noWrap: true }),
    field('CHARACTER_MAXIMUM_LENGTH', 'int', {
      label: { es: 'Longitud', en: 'Length' },
      filter: false,
    }),
    field('IS_NULLABLE', 'choice', {
      label: { es: 'Admite nulos', en: 'Nullable' },
      choices: [
        { code: 'YES', label: yes },
        { code: 'NO', label: { es: 'No', en: 'No' } },
      ],
      filter: false,
      labelled: true,
    }),
    field('COLUMN_DEFAULT', 'text', {
      label: { es: 'Por defecto', en: 'Default' },
      filter: false,
      noWrap: true,
    }),
    field('PRIMARY_KEY', 'choice', {
      label: { es: 'Clave', en: 'Key' },
      choices: [{ code: 'true', label: yes }],
      filter: false,
      labelled: true,
    }),
  ],
});
