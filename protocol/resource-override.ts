import { z } from 'zod';
import { DEVICE_LIST_SCHEMA } from './device-schema';
import type { FieldLabel, FieldSchema } from './resource-schema';
import type { VerbPermission } from './resource-definition';
import { RESOURCE_DEFINITIONS } from './resources';

/**
 * A resource override (docs/resources.md): what a deployment or an operator changes of a
 * resource's fields — hide, order, relabel, flags — and, on the device list, project columns it
 * adds. The same shape is read from the RESOURCE_OVERRIDES file and saved live from the console.
 */

/** PostgreSQL truncates longer identifiers, so a longer name could never match a column. */
const MAX_IDENTIFIER = 63;
const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
const SOURCE = new RegExp(`^${IDENTIFIER}(\\.${IDENTIFIER})?$`);

export const FIELD_FLAGS = [
  'list',
  'filter',
  'sort',
  'export',
  'edit',
  'required',
  'readOnly',
] as const;
export const ADDED_FLAGS = ['list', 'filter', 'sort', 'export'] as const;

const labelSchema = z.strictObject({
  es: z.string().trim().min(1).max(100),
  en: z.string().trim().min(1).max(100),
});
const flag = z.boolean().optional();
const maxLengthSchema = z.number().int().min(1).max(1_000_000).nullable().optional();

const fieldChangeSchema = z.strictObject(
  {
    label: labelSchema.nullable().optional(),
    list: flag,
    filter: flag,
    sort: flag,
    export: flag,
    edit: flag,
    required: flag,
    readOnly: flag,
    maxLength: maxLengthSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `cannot change ${issue.keys.join(', ')} (a field's type and source are fixed; allowed: label, ${FIELD_FLAGS.join(', ')}, maxLength)`
        : undefined,
  },
);

const addedFieldSchema = z.strictObject(
  {
    source: z
      .string()
      .regex(
        SOURCE,
        'must be COLUMN or table.COLUMN (letters, digits and _, not starting with a digit)',
      )
      .refine((source) => source.split('.').every((part) => part.length <= MAX_IDENTIFIER), {
        message: `each name must be at most ${MAX_IDENTIFIER} characters`,
      }),
    label: labelSchema,
    list: flag,
    filter: flag,
    sort: flag,
    export: flag,
    maxLength: maxLengthSchema,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown key ${issue.keys.join(', ')} (an added field is never edited and its type comes from the project's tables; allowed: source, label, ${ADDED_FLAGS.join(', ')}, maxLength)`
        : undefined,
  },
);

export const resourceOverrideSchema = z.strictObject({
  hide: z.array(z.string()).default([]),
  order: z.array(z.string()).default([]),
  fields: z.record(z.string(), fieldChangeSchema).default({}),
  add: z.array(addedFieldSchema).default([]),
});

export type FieldChange = z.infer<typeof fieldChangeSchema>;
export type AddedFieldOverride = z.infer<typeof addedFieldSchema>;
export type ResourceOverride = z.infer<typeof resourceOverrideSchema>;
/** Resource name → its override; a resource without one is used as declared. */
export type ResourceOverrides = Record<string, ResourceOverride>;

/** A resource an override may change: the device list and every declared resource. */
export interface OverrideTarget {
  name: string;
  title: FieldLabel;
  /** project: overrides may also be saved for one project; company: for a company. */
  scope: 'company' | 'project';
  fields: FieldSchema[];
  /** The project table whose columns an override may add (the device list only). */
  table: string | null;
  /** Who may use the list, and so customise it. */
  permission: VerbPermission;
}

const DEVICE_LIST_TARGET: OverrideTarget = {
  name: DEVICE_LIST_SCHEMA.name,
  title: { es: 'Dispositivos', en: 'Devices' },
  scope: 'project',
  fields: DEVICE_LIST_SCHEMA.fields,
  table: 'devices',
  permission: { node: 'devices', mode: 'show' },
};

export const OVERRIDE_TARGETS: Readonly<Record<string, OverrideTarget>> = Object.fromEntries([
  [DEVICE_LIST_TARGET.name, DEVICE_LIST_TARGET],
  // The device list is declared too (protocol/resources/devices.ts); its target, which may add
  // project columns, is the one above.
  ...Object.values(RESOURCE_DEFINITIONS)
    .filter((definition) => definition.name !== DEVICE_LIST_TARGET.name)
    .map((definition) => [
      definition.name,
      {
        name: definition.name,
        title: definition.title.many,
        scope: definition.scope,
        fields: definition.fields,
        table: null,
        permission: definition.verbs.list?.permission ?? { role: 'topadmin' },
      } satisfies OverrideTarget,
    ]),
]);

export function overrideTarget(name: string): OverrideTarget | undefined {
  return Object.hasOwn(OVERRIDE_TARGETS, name) ? OVERRIDE_TARGETS[name] : undefined;
}

/** One problem of an override, by code, so that each side words it in its reader's language. */
export interface OverrideProblem {
  path: (string | number)[];
  code: 'unknownField' | 'alreadyField' | 'ownTable' | 'noAdd';
  vars: Record<string, string>;
}

/**
 * The names an override refers to must exist, or a typo would be silently ignored; added columns
 * exist on the device list only, and never repeat a field.
 */
export function overrideProblems(target: OverrideTarget, override: ResourceOverride) {
  const problems: OverrideProblem[] = [];
  const baseNames = new Set(target.fields.map((field) => field.source));
  const added = new Set<string>();
  override.add.forEach(({ source }, index) => {
    const path = ['add', index, 'source'];
    if (!target.table) {
      problems.push({ path: ['add', index], code: 'noAdd', vars: { resource: target.name } });
      return;
    }
    if (baseNames.has(source) || added.has(source)) {
      problems.push({ path, code: 'alreadyField', vars: { source } });
    }
    const [table, column] = source.split('.');
    if (column !== undefined && table === target.table) {
      problems.push({ path, code: 'ownTable', vars: { table, column } });
    }
    added.add(source);
  });
  const known = (field: string) => baseNames.has(field) || added.has(field);
  const vars = (field: string) => ({
    field: JSON.stringify(field),
    resource: target.name,
    fields: [...baseNames].join(', '),
  });
  const check = (field: string, path: (string | number)[]) => {
    if (!known(field)) problems.push({ path, code: 'unknownField', vars: vars(field) });
  };
  override.hide.forEach((field, index) => check(field, ['hide', index]));
  override.order.forEach((field, index) => check(field, ['order', index]));
  for (const field of Object.keys(override.fields)) check(field, ['fields', field]);
  return problems;
}

/** The empty override: the resource as the layers below it leave it. */
export const NO_OVERRIDE: ResourceOverride = { hide: [], order: [], fields: {}, add: [] };

/**
 * The layers of a resource (the deployment's file, every company's defaults, the company, the
 * project) as one override: hidden fields add up, a later order replaces an earlier one, a
 * field's changes merge key by key with the later layer winning, added columns add up.
 *
 * @example mergeOverrides([{...NO_OVERRIDE, hide: ['PIN2']}, {...NO_OVERRIDE, hide: ['IMEI']}]).hide; // ['PIN2', 'IMEI']
 */
export function mergeOverrides(layers: readonly (ResourceOverride | undefined)[]) {
  const merged: ResourceOverride = { hide: [], order: [], fields: {}, add: [] };
  for (const layer of layers) {
    if (!layer) continue;
    merged.hide = [...new Set([...merged.hide, ...layer.hide])];
    if (layer.order.length > 0) merged.order = [...layer.order];
    for (const [source, change] of Object.entries(layer.fields)) {
      merged.fields[source] = { ...merged.fields[source], ...change };
    }
    const sources = new Set(merged.add.map((added) => added.source));
    merged.add = [...merged.add, ...layer.add.filter((added) => !sources.has(added.source))];
  }
  return merged;
}
