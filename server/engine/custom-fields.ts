import { customFieldOf } from '../../protocol/custom-entity';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { operatorsOf } from '../../protocol/resource-entity';
import type { OperationContext } from '../services/registry';
import { customCatalogue } from './custom/catalogue';

/**
 * A definition with the custom fields the caller's company added to it (issue 34, point 7),
 * after its declared ones and before the engine's `id`, `version` and `updatedAt`; kept in the
 * owned table's JSON column `custom` (docs/resources.md, "Custom fields").
 */
export async function withCustomFields(
  definition: ResourceDefinition,
  ctx: Pick<OperationContext, 'user' | 'db'>,
): Promise<ResourceDefinition> {
  const company = ctx.user.companyId;
  if (company === null || !definition.storage) return definition;
  const added = (await customCatalogue(ctx.db).of(company)).fields.get(definition.name);
  if (!added?.length) return definition;
  const fields = added.map((f) => customFieldOf(f, true));
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
