import type { AddedFieldOverride, FieldChange } from './resource-override';
import { field, type FieldSchema, type FieldType } from './resource-schema';

/** An added field, with the type the project's catalogue gave it (text until resolved). */
export type TypedAddedField = AddedFieldOverride & { type?: FieldType };

export interface OverrideInput {
  hide?: readonly string[];
  order?: readonly string[];
  fields?: Readonly<Record<string, FieldChange>>;
  add?: readonly TypedAddedField[];
}

/** A deployment's column is never written through the form: only its own table's code knows how. */
function addedField({ source, type, label, ...flags }: TypedAddedField): FieldSchema {
  return field(source, type ?? 'text', { ...flags, label, edit: false, readOnly: true });
}

function changed(target: FieldSchema, change: FieldChange | undefined, added: boolean) {
  if (!change) return target;
  const next: FieldSchema = { ...target };
  for (const [key, value] of Object.entries(change)) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  return added ? { ...next, edit: false, readOnly: true, required: false } : next;
}

/** The named fields first, in the order given, then the others in their own order. */
function ordered(fields: FieldSchema[], order: readonly string[]): FieldSchema[] {
  const position = new Map<string, number>();
  for (const source of order) if (!position.has(source)) position.set(source, position.size);
  const named = fields
    .filter((f) => position.has(f.source))
    .sort((a, b) => position.get(a.source)! - position.get(b.source)!);
  return [...named, ...fields.filter((f) => !position.has(f.source))];
}

/** An override that changes nothing: the schema is kept as it is, the same object. */
export function isEmptyOverride(override: OverrideInput): boolean {
  return (
    !override.hide?.length &&
    !override.order?.length &&
    !override.add?.length &&
    Object.keys(override.fields ?? {}).length === 0
  );
}

/**
 * The schema a deployment sees: added fields appended, field changes applied, hidden fields
 * removed, the named fields moved first. Names the schema does not have are ignored here, since
 * every override was checked when read or saved and an added column may be missing from one
 * project only. The console applies it to declared resources, the server to the device list.
 *
 * @example
 * applyOverride(DEVICE_LIST_SCHEMA, { hide: ['PIN2'], order: ['MID'] }).fields[0].source; // 'MID'
 */
export function applyOverride<S extends { fields: FieldSchema[] }>(
  schema: S,
  override?: OverrideInput,
): S {
  if (!override || isEmptyOverride(override)) return schema;
  const added = (override.add ?? []).map(addedField);
  const addedSources = new Set(added.map((f) => f.source));
  const hidden = new Set(override.hide ?? []);
  const changes = override.fields ?? {};
  const fields = [...schema.fields, ...added]
    .filter((f) => !hidden.has(f.source))
    .map((f) =>
      changed(
        f,
        Object.hasOwn(changes, f.source) ? changes[f.source] : undefined,
        addedSources.has(f.source),
      ),
    );
  return { ...schema, fields: ordered(fields, override.order ?? []) };
}
