import { z } from 'zod';
import { customFieldOf } from '../../../protocol/custom-entity';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import type { FieldSchema } from '../../../protocol/resource-schema';
import { defineOperation } from '../../services/registry';
import { customCatalogue } from './catalogue';

/**
 * `customDefinitions` {}: what the caller's company added live, for the console: the definitions
 * of its custom entities the caller may read (their lists, forms and routes are made from them),
 * and the custom fields of each resource (added to its declared fields).
 */
export const customDefinitions = defineOperation({
  name: 'customDefinitions',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx) {
    const company = ctx.user.companyId;
    if (company === null) return { entities: [], fields: {} };
    const customs = await customCatalogue(ctx.db).of(company);
    const entities: ResourceDefinition[] = [...customs.entities.values()].map((e) => e.definition);
    const fields: Record<string, FieldSchema[]> = Object.fromEntries(
      [...customs.fields].map(([resource, list]) => [
        resource,
        list.map((f) => customFieldOf(f, true)),
      ]),
    );
    return { entities, fields };
  },
});
