import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BASE_RESOURCES, baseResource } from './base';

/**
 * The deployment's resource overrides (docs/resources.md): a JSON file named by
 * RESOURCE_OVERRIDES, read and validated once at start so that a mistake stops the server with
 * a message instead of surfacing as a broken list later.
 */

/** PostgreSQL truncates longer identifiers, so a longer name could never match a column. */
const MAX_IDENTIFIER = 63;
const IDENTIFIER = '[A-Za-z_][A-Za-z0-9_]*';
const SOURCE = new RegExp(`^${IDENTIFIER}(\\.${IDENTIFIER})?$`);

const FIELD_FLAGS = ['list', 'filter', 'sort', 'export', 'edit', 'required', 'readOnly'] as const;
const ADDED_FLAGS = ['list', 'filter', 'sort', 'export'] as const;

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

const resourceOverrideSchema = z.strictObject({
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

type Issue = { path: (string | number)[]; message: string };

/** The names an override may refer to must exist: a typo would otherwise be silently ignored. */
function checkNames(name: string, override: ResourceOverride): Issue[] {
  const base = baseResource(name);
  if (!base) {
    const known = Object.keys(BASE_RESOURCES).join(', ');
    return [{ path: ['resources', name], message: `unknown resource (known: ${known})` }];
  }
  const issues: Issue[] = [];
  const at = (...rest: (string | number)[]) => ['resources', name, ...rest];
  const baseNames = new Set(base.schema.fields.map((field) => field.source));
  const added = new Set<string>();
  override.add.forEach(({ source }, index) => {
    if (baseNames.has(source) || added.has(source)) {
      issues.push({ path: at('add', index, 'source'), message: `${source} is already a field` });
    }
    const [table, column] = source.split('.');
    if (column !== undefined && table === base.table) {
      issues.push({
        path: at('add', index, 'source'),
        message: `a column of ${base.table} is written ${column}, without the table`,
      });
    }
    added.add(source);
  });
  const known = (field: string) => baseNames.has(field) || added.has(field);
  const fieldList = [...baseNames].join(', ');
  const unknown = (field: string) =>
    `unknown field ${JSON.stringify(field)} (fields of ${name}: ${fieldList}, or a source of add)`;
  override.hide.forEach((field, index) => {
    if (!known(field)) issues.push({ path: at('hide', index), message: unknown(field) });
  });
  override.order.forEach((field, index) => {
    if (!known(field)) issues.push({ path: at('order', index), message: unknown(field) });
  });
  for (const field of Object.keys(override.fields)) {
    if (!known(field)) issues.push({ path: at('fields', field), message: unknown(field) });
  }
  return issues;
}

const fileSchema = z.strictObject({ resources: z.record(z.string(), resourceOverrideSchema) });

/** A refused override file; the message names the file and every problem, one per line. */
export class ResourceOverrideError extends Error {}

/**
 * Validates the parsed JSON of an override file; `origin` names the file in the message. The
 * names are checked once the shape is right, so that they are read from well-formed entries.
 */
export function parseResourceOverrides(json: unknown, origin: string): ResourceOverrides {
  const parsed = fileSchema.safeParse(json);
  const issues: Issue[] = parsed.success
    ? Object.entries(parsed.data.resources).flatMap(([name, override]) =>
        checkNames(name, override),
      )
    : parsed.error.issues.map(({ path, message }) => ({ path: path.map(String), message }));
  if (parsed.success && issues.length === 0) return parsed.data.resources;
  const lines = issues.map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  throw new ResourceOverrideError(
    `Invalid resource overrides in ${origin} (RESOURCE_OVERRIDES):\n${lines.join('\n')}`,
  );
}

/** Reads the file named by RESOURCE_OVERRIDES; no file means no overrides. */
export function loadResourceOverrides(file: string | undefined): ResourceOverrides {
  if (!file) return {};
  const where = path.resolve(file);
  let text: string;
  try {
    text = fs.readFileSync(where, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ResourceOverrideError(
      `Cannot read the resource overrides file ${where} (RESOURCE_OVERRIDES): ${reason}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ResourceOverrideError(
      `The resource overrides file ${where} (RESOURCE_OVERRIDES) is not valid JSON: ${(error as Error).message}`,
    );
  }
  return parseResourceOverrides(json, where);
}
