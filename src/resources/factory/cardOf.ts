import type { CardDefinition, ResourceDefinition } from '../../../protocol/resource-definition';
import type { FieldSchema } from '../../../protocol/resource-schema';

/** What a record's card shows, resolved against the fields the list has. */
export interface ResolvedCard {
  title: FieldSchema | undefined;
  status: CardDefinition['status'];
  fields: FieldSchema[];
}

/**
 * A definition's card with its fields looked up: those its `card` names that the list still
 * lists (an override may hide one), else the first three columns shown beside the title.
 * @example cardOf(COMPANIES, []).fields.map((f) => f.source) // ['tier', 'users', 'active']
 */
export function cardOf(definition: ResourceDefinition, hidden: readonly string[]): ResolvedCard {
  const listed = definition.fields.filter((f) => f.list);
  const bySource = (source: string) => listed.find((f) => f.source === source);
  const titleSource = definition.card?.title ?? definition.labelField;
  const title = bySource(titleSource) ?? definition.fields.find((f) => f.source === titleSource);
  const declared = (definition.card?.fields ?? [])
    .map(bySource)
    .filter((f): f is FieldSchema => f !== undefined);
  const shown = listed.filter(
    (f) => f !== title && f.source !== definition.card?.status?.field && !hidden.includes(f.source),
  );
  return {
    title: title ?? listed[0],
    status: definition.card?.status,
    fields: declared.length > 0 ? declared : shown.slice(0, 3),
  };
}
