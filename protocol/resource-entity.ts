import { operatorsFor, TextOperator } from './filters';
import {
  defineResource,
  type ResourceDefinition,
  type Verb,
  type VerbDefinition,
  type VerbPermission,
} from './resource-definition';
import { field, isNumericField, type FieldSchema } from './resource-schema';

/**
 * An entity whose storage the resource owns (docs/resources.md, "The engine"): its definition is
 * the whole of it. The table `core.<table>` is created and changed by migrations generated from
 * the definition (`npm run resources:migration`), and the server's engine (server/engine/)
 * serves its list, show, create, edit and delete with scoping, permissions, validation, the
 * actions log, revisions and optimistic concurrency.
 */

/** The verbs the engine serves; export is the list, written to a file. */
export type EngineVerb = 'list' | 'show' | 'create' | 'edit' | 'delete';
export const ENGINE_VERBS: readonly EngineVerb[] = ['list', 'show', 'create', 'edit', 'delete'];

export interface OwnedStorage {
  /** The table, in the core schema: lower-case letters, digits and `_`. */
  table: string;
  /** The specification's operation names of some verbs, served beside the derived ones. */
  wireNames: Partial<Record<EngineVerb, string>>;
  /**
   * The parameter names the wire names take for some fields (`{title: 'name'}`: `createEnvironment`
   * takes the title as `name`), as the operations that came before the engine took them.
   */
  wireRename?: Record<string, string>;
  /**
   * An existing table the definition maps rather than owns (docs/resources.md, "Mapped tables"):
   * its hand-written migrations made it, so the generator leaves it alone; `columns` names the
   * column of each field not named as its source.
   */
  mapped?: {
    columns: Record<string, string>;
    /**
     * `project`: the table is in each project's schema (`prj_<numero>.<table>`, made by the project
     * migrations), so the project is its scope and it has no `company_id` (the platforms).
     */
    schema?: 'project';
  };
  /**
   * `text`: the key `id` is a text the create's hook gives (a mapped table keyed by a name, the
   * identity clients' `clientid`), not a number the table generates (docs/resources.md, "Text keys").
   */
  keyType?: 'text';
  /** The actions-log codes of its writes, when not the engine's `record_created`, …. */
  actions?: Partial<Record<'create' | 'edit' | 'delete', string>>;
  /**
   * A project-scoped entity's project for one call (its `numero`): set by the engine when it
   * resolves the definition of a call that named the project (`database`), never declared.
   */
  project?: number;
}

/** Where a resource's menu entry sits: a group of the menu, its icon (a console icon name), its order. */
export interface MenuPlacement {
  section: 'administration' | 'projects' | 'devices';
  icon: string;
  order: number;
}

/** Who may read (list, show, export) and who may write (create, edit, delete). */
export interface EntityPermissions {
  read: VerbPermission;
  write: VerbPermission;
}

/** The columns every owned table has besides its fields; the wire names are these sources. */
export const ENTITY_KEY = 'id';
export const ENTITY_VERSION = 'version';
export const ENTITY_UPDATED = 'updatedAt';

type EntityInput = Pick<ResourceDefinition, 'name' | 'title' | 'path' | 'fields'> &
  Partial<
    Pick<
      ResourceDefinition,
      | 'labelField'
      | 'sort'
      | 'perPage'
      | 'search'
      | 'rowColours'
      | 'form'
      | 'card'
      | 'menu'
      | 'hiddenColumns'
      | 'embedded'
      | 'node'
    >
  > & {
    table: string;
    permissions: EntityPermissions;
  } & Partial<Pick<OwnedStorage, 'wireNames' | 'wireRename' | 'mapped' | 'actions' | 'keyType'>> &
  Partial<Pick<ResourceDefinition, 'undeletable' | 'scope'>>;

/** `managed-apps` → `managedApps`: the stem of the engine's operation names. */
export function operationStem(resource: string): string {
  return resource.replace(/[-_]+([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The engine's operation of a verb: `managedAppsList`, `managedAppsEdit`, … */
export function engineOperationName(resource: string, verb: EngineVerb): string {
  return `${operationStem(resource)}${verb[0].toUpperCase()}${verb.slice(1)}`;
}

/** The filter operators a field's type takes (000 §5). */
export function operatorsOf(f: FieldSchema) {
  if (isNumericField(f)) return operatorsFor('numeric');
  if (f.type === 'date' || f.type === 'datetime')
    return [TextOperator.contains, TextOperator.notContains];
  if (f.type === 'text' || f.type === 'longtext') return operatorsFor('text');
  // A yes/no or a choice takes the one operator "equals", as a plain filter value.
  return undefined;
}

/**
 * An entity with owned storage, company-scoped (or project-scoped: its rows per project too): the declared fields, then the engine's `id`,
 * `version` (hidden) and `updatedAt`; every verb's call is the engine's operation.
 * @example defineEntity({ name: 'managed-apps', table: 'managed_apps', title, path, permissions, fields })
 */
export function defineEntity(input: EntityInput): ResourceDefinition {
  const {
    table,
    permissions,
    wireNames = {},
    wireRename,
    mapped,
    actions,
    keyType,
    scope = 'company',
    ...rest
  } = input;
  const call = (verb: EngineVerb) => ({ operation: engineOperationName(input.name, verb) });
  const read = (verb: EngineVerb): VerbDefinition => ({
    permission: permissions.read,
    call: call(verb),
  });
  const write = (verb: EngineVerb): VerbDefinition => ({
    permission: permissions.write,
    call: { ...call(verb), id: ENTITY_KEY },
  });
  const verbs: Partial<Record<Verb, VerbDefinition>> = {
    list: read('list'),
    export: read('list'),
    show: { ...read('show'), call: { ...call('show'), id: ENTITY_KEY } },
    create: { permission: permissions.write, call: call('create') },
    edit: { ...write('edit'), call: { ...write('edit').call, version: ENTITY_VERSION } },
    delete: write('delete'),
  };
  const fields = [
    ...input.fields,
    field(ENTITY_KEY, keyType ?? 'int', {
      label: { es: 'Id', en: 'Id' },
      list: false,
      computed: true,
    }),
    field(ENTITY_VERSION, 'int', {
      label: { es: 'Versión', en: 'Version' },
      list: false,
      filter: false,
      sort: false,
      export: false,
      computed: true,
    }),
    field(ENTITY_UPDATED, 'datetime', {
      label: { es: 'Modificado', en: 'Changed' },
      computed: true,
      display: 'relative',
    }),
  ];
  const filterOperators = Object.fromEntries(
    fields.filter((f) => f.filter && operatorsOf(f)).map((f) => [f.source, operatorsOf(f)!]),
  );
  return defineResource({
    ...rest,
    key: ENTITY_KEY,
    scope,
    fields,
    verbs,
    filterOperators,
    storage: {
      table,
      wireNames,
      ...(wireRename && { wireRename }),
      ...(mapped && { mapped }),
      ...(actions && { actions }),
      ...(keyType && { keyType }),
    },
  });
}

/**
 * Whether the engine writes a stored definition's records itself: its edit calls the engine's
 * operation (every company's users are a second view of the users' table, written through the
 * users' calls: their history and custom fields are the users').
 */
export function engineWrites(definition: ResourceDefinition): boolean {
  if (!definition.storage) return false;
  const verb = definition.verbs.edit ? 'edit' : 'create';
  const call = definition.verbs[verb]?.call;
  if (!call) return true;
  // A custom entity's calls are the engine's `customRecords*`, with the entity's name.
  const engine = [
    engineOperationName(definition.name, verb),
    engineOperationName('custom-records', verb),
  ];
  return 'operation' in call && engine.includes(call.operation);
}

/** The definitions among these whose storage they own. */
export function ownedDefinitions(definitions: Iterable<ResourceDefinition>): ResourceDefinition[] {
  return [...definitions].filter((definition) => definition.storage);
}
