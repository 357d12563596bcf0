import { resourceRefusal } from './texts';
import { z } from 'zod';
import type { ResourceSchemaResponse } from '../../protocol/resource-schema';
import type { OperationContext } from '../services/registry';
import {
  databaseSchema,
  defineProjectOperation,
  type ProjectAccess,
  type ProjectNode,
} from '../services/projects/access';
import { BASE_RESOURCES, baseResource } from './base';
import { resourcesFor } from './index';
import type { EffectiveResource } from './resources';

/** A resource as the calling project sees it; an unknown name is a refusal. */
export async function effectiveResource(
  name: string,
  ctx: OperationContext,
  project: ProjectAccess,
): Promise<EffectiveResource> {
  const effective = await resourcesFor(ctx.config).effective(name, {
    db: ctx.db,
    schema: project.schema,
    numero: project.numero,
    company: project.companyId,
  });
  if (!effective) {
    const known = Object.keys(BASE_RESOURCES).join(', ');
    throw resourceRefusal(ctx.user, 'unknownResource', { name, known });
  }
  return effective;
}

/**
 * The effective schema of a resource in a project (docs/resources.md): what the console's list
 * columns, filter row, exports and edit form are rendered from.
 */
export const resourceSchema = defineProjectOperation({
  name: 'resourceSchema',
  parameter: z.object({ database: databaseSchema, resource: z.string().min(1).max(64) }),
  // An unknown resource reaches the handler, which says so; its node would not be checked.
  node: ({ resource }) => (baseResource(resource)?.schema.node ?? 'devices') as ProjectNode,
  mode: 'show',
  async handler({ resource }, ctx, project): Promise<ResourceSchemaResponse> {
    const { schema, warnings } = await effectiveResource(resource, ctx, project);
    return { ...schema, warnings };
  },
});
