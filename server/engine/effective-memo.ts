import type { ResourceDefinition } from '../../protocol/resource-definition';

/**
 * The effective definitions the engine made, per declared (or custom) definition and company,
 * with what each was made from (docs/decisions.md, "The engine's write path"). A call whose parts
 * are the very objects of the last one gets the same definition, so what is derived from it (the
 * parameter schema of a create or an edit) is made once. The parts are the company's custom
 * fields and override layers as the node's caches keep them: a save announced on the bus (or
 * their 30 s) replaces those objects, and the next call makes the definition again, on every node.
 */
const made = new WeakMap<
  ResourceDefinition,
  Map<number | undefined, { parts: readonly unknown[]; value: ResourceDefinition }>
>();

export function remembered(
  definition: ResourceDefinition,
  company: number | undefined,
  parts: readonly unknown[],
  make: () => ResourceDefinition,
): ResourceDefinition {
  let byCompany = made.get(definition);
  if (!byCompany) {
    byCompany = new Map();
    made.set(definition, byCompany);
  }
  const kept = byCompany.get(company);
  if (kept && kept.parts.length === parts.length && kept.parts.every((p, i) => p === parts[i])) {
    return kept.value;
  }
  const value = make();
  byCompany.set(company, { parts, value });
  return value;
}
