import { withCustomFields } from '../../protocol/custom-fields';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { FieldSchema } from '../../protocol/resource-schema';

/**
 * A company's custom fields travel from a list or a form to the data provider in `meta` (issue
 * 34, point 7): the data provider knows the declared definition only, and would leave out of a
 * call the values, filters and sorts of fields it does not declare.
 */
export function customFieldsMeta(definition: ResourceDefinition): { customFields?: FieldSchema[] } {
  const customFields = definition.fields.filter((f) => f.custom);
  return customFields.length > 0 ? { customFields } : {};
}

/** The declared definition with the custom fields a list or a form sent in `meta`. */
export function withMetaFields(
  definition: ResourceDefinition,
  meta?: Record<string, unknown>,
): ResourceDefinition {
  return withCustomFields(definition, meta?.customFields as FieldSchema[] | undefined);
}
