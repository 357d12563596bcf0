/**
 * Schema-driven resources (docs/resources.md): a resource is declared once by its fields, and
 * one machinery renders from it the list columns, the per-column filter row, the exports and the
 * edit form, while the server takes from it which columns may be listed, sorted and filtered.
 * A deployment may override a schema from a JSON file (RESOURCE_OVERRIDES); the server sends the
 * effective schema of a project with the `resourceSchema` operation.
 */

/**
 * Column types; int, integer, float, double and number filter with the numeric operators (000 §5).
 * `longtext` is edited in a text area, `choice` shows its codes by their labels, `reference`
 * names a row of another resource, `json` is edited as JSON, `password` is written and never
 * read back, `file` is an upload.
 */
export type FieldType =
  | 'int'
  | 'integer'
  | 'float'
  | 'double'
  | 'number'
  | 'text'
  | 'longtext'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'choice'
  | 'reference'
  | 'json'
  | 'password'
  | 'file';

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
  /** Shortest accepted text (a required field needs at least one character anyway). */
  minLength: number | null;
  /** Smallest and largest accepted number. */
  min: number | null;
  max: number | null;
  /** A regular expression (JavaScript syntax, whole value) a text must match. */
  pattern: string | null;
  /** What the pattern asks for, in words, added to its refusal ("como dd/mm/yyyy"). */
  hint: FieldLabel | null;
  /** The sentence of a missing value, instead of the generic one (a model's configuration.noempty). */
  requiredText?: FieldLabel | null;
  /** A known text format, checked on both sides. */
  format: 'email' | 'url' | null;
  /** The codes a `choice` field takes, each shown by its label; null for other types. */
  choices: FieldChoice[] | null;
  /** The resource a `reference` field points to, shown by that resource's label field. */
  reference: string | null;
  /**
   * A `reference` to a project's resource (scope `project`, as a project's device groups): the
   * field of the same record that names the project (its numero). The form's picker lists that
   * project's rows, and offers none while the field is empty; the record shows the row's label.
   */
  projectField?: string;
  /** A list of values (a `reference` to several rows: picked from a checklist). */
  multiple: boolean;
  /**
   * A services operation that says whether a value is still free (`{value, id?}` answers
   * `{available}`), asked while the value is typed; the server refuses a taken one anyway.
   */
  available: string | null;
  /** A JSON field's keys as a person reads them (`ip` → "IP"), shown in place of the key. */
  keyLabels: Record<string, FieldLabel> | null;
  /** A JSON field's coded values as a person reads them (`FLOTA_PRO` → "Profesional"). */
  valueLabels: Record<string, FieldLabel> | null;
  /** The value a new record starts with. */
  default: string | number | boolean | null;
  /** Shown in the create form (edit says the same of the edit form). */
  create: boolean;
  /** Worked out by the server (counts, states): shown, never sent back. */
  computed: boolean;
  /** No two records of a scope (a company) hold the same value: a unique index of owned storage. */
  unique?: boolean;
  /**
   * A company's custom field (docs/resources.md, "Custom fields"): added live by an operator and
   * kept by the engine in the owned table's JSON column `custom`, not a column of its own.
   */
  custom?: boolean;
  /** Kept on one line in the list (an identifier, an address): the table scrolls instead. */
  noWrap?: boolean;
  /**
   * A text of codes one space apart, each one of `choices` (a managed device's non-compliance
   * reasons): shown by their labels, filtered by one picked from them, as a code it contains.
   */
  codeList?: boolean;
  /** A number shown with its digits as they are, never grouped in thousands (a table's cell). */
  ungrouped?: boolean;
  /**
   * Its value says nothing without its label (a Yes or No): a phone's list writes "Label: value"
   * as it does for numbers.
   */
  labelled?: boolean;
  /**
   * How the value is shown instead of as itself: `relative`, a date as "hace 3 min" with the
   * exact date and time on hover; `presence`, a yes/no as the connection state (online/offline).
   */
  display?: 'relative' | 'presence';
  /**
   * Offered in the forms only while another field holds one of these values (a bot's mail address
   * while its action sends mail). A hidden input keeps its value; the server's rules decide what
   * a record needs (the bots' hook refuses a mail action without its address).
   */
  shownWhen?: { field: string; is: readonly (string | number | boolean)[] };
}

/** One code of a choice list and its label in both languages. */
export interface FieldChoice {
  code: string | number;
  label: FieldLabel;
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

/** The label of a code of a choice field, or the code itself when it has none. */
export function choiceLabel(
  field: Pick<FieldSchema, 'choices'>,
  code: unknown,
  language: 'es' | 'en',
): string {
  const choice = field.choices?.find((c) => String(c.code) === String(code));
  return choice ? choice.label[language] : code == null ? '' : String(code);
}

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
    minLength: null,
    min: null,
    max: null,
    pattern: null,
    hint: null,
    format: null,
    choices: null,
    reference: null,
    multiple: false,
    available: null,
    keyLabels: null,
    valueLabels: null,
    default: null,
    create: false,
    computed: false,
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
