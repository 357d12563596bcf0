import { customFieldOf, type CustomField } from '../../protocol/custom-entity';
import { withCustomFields as grown, takesCustomFields } from '../../protocol/custom-fields';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { OperationContext } from '../services/registry';
import { customCatalogue } from './custom/catalogue';

/**
 * A definition with the custom fields the caller's company added to it (issue 34, point 7),
 * kept in the owned table's JSON column `custom` (docs/resources.md, "Custom fields").
 */
export async function withCustomFields(
  definition: ResourceDefinition,
  ctx: Pick<OperationContext, 'user' | 'db'>,
): Promise<ResourceDefinition> {
  return grown(
    definition,
    (await addedFields(definition, ctx))?.map((f) => customFieldOf(f, true)),
  );
}

/**
 * The custom fields the caller's company added to a definition, as the node's catalogue keeps
 * them: the same array until a save is announced (or the catalogue's time passes).
 */
export async function addedFields(
  definition: ResourceDefinition,
  ctx: Pick<OperationContext, 'user' | 'db'>,
): Promise<CustomField[] | undefined> {
  const company = ctx.user.companyId;
  if (company === null || !takesCustomFields(definition)) return undefined;
  return (await customCatalogue(ctx.db).of(company)).fields.get(definition.name);
}
