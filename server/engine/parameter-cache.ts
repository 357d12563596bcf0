import type { z } from 'zod';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { recordParameter } from '../resources/record-parameter';

type Schema = ReturnType<typeof recordParameter>;

/**
 * The parameter schema of a create or an edit, made once per effective definition's fields (the
 * engine keeps those while nothing they come from changes: effective-memo.ts). Making a zod
 * schema and compiling it on its first parse cost more than the rest of an edit's checks.
 */
const schemas = new WeakMap<object, Map<string, Map<unknown, Map<unknown, Schema>>>>();

export function cachedRecordParameter(
  definition: ResourceDefinition,
  mode: 'create' | 'edit',
  extra?: z.ZodRawShape,
  rename?: Readonly<Record<string, string>>,
): Schema {
  const byMode = schemas.get(definition.fields) ?? new Map();
  schemas.set(definition.fields, byMode);
  const byExtra = byMode.get(mode) ?? new Map();
  byMode.set(mode, byExtra);
  const byRename = byExtra.get(extra) ?? new Map();
  byExtra.set(extra, byRename);
  let schema = byRename.get(rename);
  if (!schema) {
    // Read-only is fixed once written: a create sets it, as the console's create form does.
    const writable =
      mode === 'create'
        ? { ...definition, fields: definition.fields.map((f) => ({ ...f, readOnly: false })) }
        : definition;
    schema = recordParameter(writable, mode, extra, rename) as Schema;
    byRename.set(rename, schema);
  }
  return schema;
}
