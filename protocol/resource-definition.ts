import type { OperatorCode } from './filters';
import type { FieldLabel, FieldSchema, ResourceSchema } from './resource-schema';
import type { MenuPlacement, OwnedStorage } from './resource-entity';

/**
 * A declared resource (docs/resources.md): the schema of its fields grown with what the console
 * and the server need to offer it without a screen or a handler written for it: its path, its
 * default sort and page sizes, its row colours, and for each verb the permission it needs and
 * the wire call behind it. A verb without a call is not offered, by the console nor the REST API.
 */

/** react-admin's verbs, plus export (the list call, written to a file). */
export type Verb = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';

/** A role of 000 §6, or a project access node with its mode (000 §6 node numbers). */
export type VerbPermission =
  { role: 'user' | 'admin' | 'topadmin' } | { node: string; mode: 'show' | 'write' };

/**
 * The services operation behind a verb and how its parameter is shaped:
 * - list: `{datatable, filter}` (`database` added for project resources); `filter` carries the
 *   list's filter values by source, and `q` for the search box;
 * - show and delete: `{[id]: key}`;
 * - create: the record, spread (`record: null`) or under one name (`record: 'device'`);
 * - edit: `{[id]: key}` and the changed fields, spread or under `record`.
 * `fixed` is merged into every parameter, over what the call would send (a table's rows take
 * the table's name as `filter`); `rename` gives the parameter name of a field whose
 * call names it differently from its row (`title` is sent as `name`); `parameters` names the
 * list's filter values sent as parameters of their own beside `filter` (the device picker's
 * `platform`). `answer: 'grid'`: the list call answers the SQL grid of 000 §7 (`Columns`,
 * `Datas` one array per row, `recordsTotal`, `recordsEstimated`) instead of `{data, total}`
 * (a table's rows through `tablesData`). A kiosk call names its `Actions`/`Actionstable` oper.
 */
export type VerbCall =
  | {
      operation: string;
      id?: string;
      record?: string | null;
      fixed?: Record<string, unknown>;
      rename?: Record<string, string>;
      parameters?: string[];
      answer?: 'page' | 'grid';
      /**
       * An edit's optimistic concurrency: the field whose value the record was read with, sent
       * with every edit (its previous value), so that a stale edit is refused (the engine's `version`).
       */
      version?: string;
    }
  | {
      kiosk: 'Actions' | 'Actionstable';
      oper: string;
      /** The list's filter values sent beside the fixed filter's, as the oper's own parameters. */
      parameters?: string[];
    };

export interface VerbDefinition {
  permission: VerbPermission;
  call: VerbCall;
}

/** An action on the selected rows of a list, offered to those allowed its call. */
export interface BulkAction extends VerbDefinition {
  name: string;
  label: FieldLabel;
}

/** A row painted by the first rule its record matches (000 §4 colour states). */
export interface RowColour {
  field: string;
  equals: string | number | boolean;
  colour: 'error' | 'warning' | 'success' | 'info' | 'disabled';
}

export interface ResourceDefinition extends ResourceSchema {
  /** The resource's name in both languages (singular, plural). */
  title: { one: FieldLabel; many: FieldLabel };
  /** The console path of its list (000 §2), e.g. `/app/xonecias`. */
  path: string;
  /** company: the caller's company; project: a project, the `database` of every call. */
  scope: 'company' | 'project';
  /**
   * A key of several fields (a table's compound primary key, or every column of a table without
   * one): a row's id is the JSON of their values, in this order, instead of its `key` field.
   */
  keyFields?: string[];
  /** The field that names a record to a person (menus, references, confirmations). */
  labelField: string;
  sort: { field: string; order: 'ASC' | 'DESC' };
  /** The page sizes offered; the first is the default. */
  perPage: number[];
  /** A search box sent as `filter.q`, with what it looks in. */
  search: FieldLabel | null;
  rowColours: RowColour[];
  /** Create and edit in a dialog over the list or on their own page. */
  form: 'dialog' | 'page';
  verbs: Partial<Record<Verb, VerbDefinition>>;
  bulk: BulkAction[];
  /**
   * The filter fields whose list call takes the operators of 000 §5, by source: the console's
   * filter row offers these and sends the field as `rowfilter`/`rowfilteroper`. A filter field
   * not named is sent in `filter` as list calls take it (a text contained, any other value
   * equal), and the row offers that one operator.
   */
  filterOperators?: Record<string, OperatorCode[]>;
  /**
   * Shown only inside another screen (a device's files in the device dialog, with the device as
   * its fixed filter): no screen of its own at `path` and no menu entry. The REST API, the
   * OpenAPI document and the "Recursos" screen serve it as any other.
   */
  embedded?: boolean;
  /**
   * Rows that change on their own (a device working through its provision tasks): the console
   * reads the list again this often, in seconds, while it is shown.
   */
  refreshSeconds?: number;
  /**
   * The rows that cannot be deleted (the system environment): those whose `field` equals
   * `equals`. The console offers them no delete (row menu, edit dialog) and a bulk delete leaves
   * them out; the delete operation refuses them anyway, in the caller's language.
   */
  undeletable?: { field: string; equals: string | number | boolean };
  /**
   * The resource's own texts after a delete, instead of the factory's: the success notice, and
   * the words put before the server's description of a failure (000 §8 'GRUPO BORRADO',
   * 'Problemas al borrar grupo.'); `saveFailed` likewise before a refused create or edit
   * (001 §8: user operations say 'Operación fallida' with the server's description).
   */
  notices?: { deleted?: FieldLabel; deleteFailed?: FieldLabel; saveFailed?: FieldLabel };
  /**
   * Listed fields left out of the table until a person picks them in its column chooser, so that
   * the default columns fit a 1280 px screen; each person's choice is kept in their browser.
   */
  hiddenColumns?: string[];
  /** What a record's card shows on a phone, where a list is a card per record. */
  card?: CardDefinition;
  /**
   * A narrowed list of another resource's rows (the MDM kiosk devices of `mdm-devices`): values
   * sent in every list call's `filter`, over the person's own, by the console and the REST API.
   * Such a definition names the other's operations in its verbs and owns no storage.
   */
  fixedFilter?: Record<string, unknown>;
  /**
   * A table the resource owns (protocol/resource-entity.ts, docs/resources.md "The engine"): the
   * server's engine creates it by a generated migration and serves the verbs' operations. Absent:
   * the resource maps rows that hand-written operations serve.
   */
  storage?: OwnedStorage;
  /** Its entry in the console's menu; labelled by its title. */
  menu?: MenuPlacement;
}

/**
 * A record's card on a phone: its title (the label field unless named), a status chip in the
 * row's colour, and two or three fields with their labels. Without one, the card shows the
 * label field and the first three columns shown.
 */
export interface CardDefinition {
  title?: string;
  /**
   * The value shown as the chip: a field's, as the list shows it, or one the row carries beyond
   * its fields (a device's colour state `Estado`) with its label at the i18n key `labels.<value>`.
   */
  status?: { field: string; labels?: string };
  fields: string[];
}

/** A server grid's page sizes (000 §9): 100 rows by default, with choices 10, 20, 50, 100. */
export const DEFAULT_PER_PAGE = [100, 10, 20, 50];

type DefinitionInput = Pick<ResourceDefinition, 'name' | 'title' | 'path' | 'key' | 'fields'> &
  Partial<Omit<ResourceDefinition, 'name' | 'title' | 'path' | 'key' | 'fields'>>;

/**
 * A definition with its defaults: company scope, sorted by its label field, the usual page
 * sizes, no search, no colours, edited in a dialog, no verbs beyond those given.
 * @example defineResource({ name: 'companies', title, path: '/app/xonecias', key: 'id', fields, verbs })
 */
export function defineResource(input: DefinitionInput): ResourceDefinition {
  const labelField = input.labelField ?? input.key;
  return {
    node: '',
    scope: 'company',
    labelField,
    sort: { field: labelField, order: 'ASC' },
    perPage: DEFAULT_PER_PAGE,
    search: null,
    rowColours: [],
    form: 'dialog',
    verbs: {},
    bulk: [],
    ...input,
  };
}

/** The verbs a definition offers: those with a call. */
export function offeredVerbs(definition: ResourceDefinition): Verb[] {
  return (Object.keys(definition.verbs) as Verb[]).filter((verb) => definition.verbs[verb]?.call);
}

/** The fields a form shows: create or edit, never computed ones. */
export function formFields(definition: ResourceDefinition, mode: 'create' | 'edit'): FieldSchema[] {
  return definition.fields.filter((f) => !f.computed && (mode === 'create' ? f.create : f.edit));
}

/** Whether a row is one of the definition's `undeletable` rows. */
export function isUndeletable(
  definition: Pick<ResourceDefinition, 'undeletable'>,
  record: Record<string, unknown>,
): boolean {
  const rule = definition.undeletable;
  return rule !== undefined && record[rule.field] === rule.equals;
}

/** The colour of a row, from the first rule it matches. */
export function rowColourOf(
  definition: Pick<ResourceDefinition, 'rowColours'>,
  record: Record<string, unknown>,
): RowColour['colour'] | null {
  const rule = definition.rowColours.find((r) => record[r.field] === r.equals);
  return rule ? rule.colour : null;
}

/** A field's label in a language: its own, or its source when it has none. */
export function labelOf(field: Pick<FieldSchema, 'label' | 'source'>, language: 'es' | 'en') {
  return field.label ? field.label[language] : field.source;
}
