/**
 * Schema-driven resources (docs/resources.md): a resource is declared once by its fields, and
 * one machinery renders from it the list columns, the per-column filter row, the exports and the
 * edit form, while the server takes from it which columns may be listed, sorted and filtered.
 * A deployment may override a schema from a JSON file (RESOURCE_OVERRIDES); the server sends the
 * effective schema of a project with the `resourceSchema` operation.
 */

/** Column types; int, integer, float, double and number filter with the numeric operators (000 §5). */
export type FieldType =
  'int' | 'integer' | 'float' | 'double' | 'number' | 'text' | 'date' | 'datetime' | 'boolean';

/** A label in both console languages, for fields a deployment adds or relabels. */
export interface FieldLabel {
  es: string;
  en: string;
}

export interface FieldSchema {
  /** The column's name on the wire and in the database (`MID`, `OWNER`), or `table.COLUMN` for an added column of another project table. */
  source: string;
  type: FieldType;
  /** Overrides the i18n label `resources.<resource>.fields.<source>`; added fields always carry one. */
  label: FieldLabel | null;
  /** Shown as a list column. */
  list: boolean;
  /** Offered in the per-column filter row; the operators follow from the type. */
  filter: boolean;
  sort: boolean;
  /** Written by the exports (clipboard, Excel, CSV, PDF). */
  export: boolean;
  /** Shown in the edit form. */
  edit: boolean;
  required: boolean;
  /** Shown in the edit form but not changeable. */
  readOnly: boolean;
  /** Longest accepted text; past 250 characters the form uses a text area. */
  maxLength: number | null;
}

export interface ResourceSchema {
  /** The resource name the console mounts (`devicelist`). */
  name: string;
  /** The project access node the resource needs (000 §6), e.g. `devices`. */
  node: string;
  /** The field that identifies a row. */
  key: string;
  /** In display order. */
  fields: FieldSchema[];
}

/** Past this length a text field is edited in a text area (001 §5). */
export const TEXT_AREA_FROM = 250;

const NUMERIC: ReadonlySet<FieldType> = new Set(['int', 'integer', 'float', 'double', 'number']);

export const isNumericField = (field: Pick<FieldSchema, 'type'>) => NUMERIC.has(field.type);
export const isDateField = (field: Pick<FieldSchema, 'type'>) =>
  field.type === 'date' || field.type === 'datetime';

/** Defaults of a declared field: listed, filtered, sorted and exported; not edited. */
export function field(
  source: string,
  type: FieldType,
  options: Partial<Omit<FieldSchema, 'source' | 'type'>> = {},
): FieldSchema {
  return {
    source,
    type,
    label: null,
    list: true,
    filter: true,
    sort: true,
    export: true,
    edit: false,
    required: false,
    readOnly: false,
    maxLength: null,
    ...options,
  };
}

/** name → type of the fields that pass a test, the shape the row filter parser takes. */
export function columnTypes(
  schema: ResourceSchema,
  test: (field: FieldSchema) => boolean,
): Record<string, FieldType> {
  return Object.fromEntries(schema.fields.filter(test).map((f) => [f.source, f.type]));
}

/**
 * The answer of `resourceSchema`: the effective schema of a project, and the deployment's
 * added columns that project lacks (left out of `fields`), as sentences for the operator.
 */
export interface ResourceSchemaResponse extends ResourceSchema {
  warnings: string[];
}
