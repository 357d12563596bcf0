import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { OperationContext } from '../services/registry';

/** The custom fields a company added to a resource (issue 34, point 7): none yet. */
export async function withCustomFields(
  definition: ResourceDefinition,
  _ctx: Pick<OperationContext, 'user' | 'config' | 'db'>,
): Promise<ResourceDefinition> {
  return definition;
}
