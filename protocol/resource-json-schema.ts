import type { ResourceDefinition } from './resource-definition';
import { isDateField, isNumericField, type FieldSchema } from './resource-schema';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it), kept loose: plain objects. */
export type JsonSchema = Record<string, unknown>;

const INTEGER_TYPES = new Set(['int', 'integer']);

function valueSchema(field: FieldSchema): JsonSchema {
  if (field.choices && field.codeList) {
    // Codes one space apart, each one of the choices.
    const labels = Object.fromEntries(field.choices.map((c) => [String(c.code), c.label]));
    return { type: 'string', 'x-choice-labels': labels };
  }
  if (field.choices) {
    const codes = field.choices.map((choice) => choice.code);
    return {
      enum: codes,
      'x-choice-labels': Object.fromEntries(field.choices.map((c) => [String(c.code), c.label])),
    };
  }
  if (isNumericField(field)) {
    return {
      type: INTEGER_TYPES.has(field.type) ? 'integer' : 'number',
      ...(field.min !== null && { minimum: field.min }),
      ...(field.max !== null && { maximum: field.max }),
    };
  }
  if (isDateField(field))
    return { type: 'string', format: field.type === 'date' ? 'date' : 'date-time' };
  switch (field.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'json':
      return { type: 'object' };
    case 'reference':
      return { type: ['integer', 'string'], 'x-reference': field.reference };
    default:
      return {
        type: 'string',
        ...(field.minLength !== null && { minLength: field.minLength }),
        ...(field.maxLength !== null && { maxLength: field.maxLength }),
        ...(field.pattern !== null && { pattern: `^(?:${field.pattern})$` }),
        ...(field.format === 'email' && { format: 'email' }),
        ...(field.format === 'url' && { format: 'uri' }),
        ...(field.type === 'password' && { format: 'password' }),
      };
  }
}

/**
 * The JSON Schema of a declared resource's record: as read (every field, computed and read-only
 * ones marked readOnly, passwords left out), or as a create or an edit sends it (the fields of
 * that form; a create requires the required ones, an edit none). Labels go in `title` (Spanish)
 * and `x-labels`.
 */
export function recordJsonSchema(
  definition: ResourceDefinition,
  mode: 'read' | 'create' | 'edit',
): JsonSchema {
  const fields = definition.fields.filter((f) =>
    mode === 'read'
      ? f.type !== 'password'
      : !f.computed && !f.readOnly && (mode === 'create' ? f.create : f.edit),
  );
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) {
    const value = valueSchema(field);
    properties[field.source] = {
      ...(field.multiple ? { type: 'array', items: value } : value),
      ...(field.label && { title: field.label.es, 'x-labels': field.label }),
      ...(mode === 'read' && (field.computed || field.readOnly) && { readOnly: true }),
      ...(mode !== 'read' && field.default !== null && { default: field.default }),
      ...(field.type === 'password' && { writeOnly: true }),
    };
  }
  if (mode === 'read') properties.id = { type: ['integer', 'string'], readOnly: true };
  const required =
    mode === 'create'
      ? fields.filter((f) => f.required && f.default === null).map((f) => f.source)
      : [];
  return {
    type: 'object',
    title: definition.title.one.es,
    properties,
    ...(required.length > 0 && { required }),
  };
}
