import type { ResourceDefinition } from './resource-definition';
import { engineWrites, operatorsOf } from './resource-entity';
import type { FieldSchema } from './resource-schema';

/** Whether a company may add custom fields to a resource: one the engine stores and writes. */
export function takesCustomFields(definition: ResourceDefinition): boolean {
  return engineWrites(definition);
}

/**
 * A definition with its company's custom fields (as the server adds them,
 * server/engine/custom-fields.ts): after the declared fields, before the engine's `id`, with
 * their types' filter operators.
 */
export function withCustomFields(
  definition: ResourceDefinition,
  fields: FieldSchema[] | undefined,
): ResourceDefinition {
  if (!fields?.length || !takesCustomFields(definition)) return definition;
  const engine = definition.fields.findIndex((f) => f.computed && f.source === 'id');
  const at = engine < 0 ? definition.fields.length : engine;
  const operators = fields.flatMap((f) => {
    const codes = operatorsOf(f);
    return codes ? [[f.source, codes] as const] : [];
  });
  return {
    ...definition,
    fields: [...definition.fields.slice(0, at), ...fields, ...definition.fields.slice(at)],
    filterOperators: { ...definition.filterOperators, ...Object.fromEntries(operators) },
  };
}
