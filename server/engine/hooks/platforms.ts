import { sql } from 'kysely';
import type { ResourceHooks } from '../hooks';
import { siblingTable } from '../rows';

/**
 * The platforms of a project (protocol/resources/platforms.ts): the engine lists, shows and
 * switches them on or off; each row counts its models, which the list sorts by.
 */
export const platformsHooks: ResourceHooks = {
  sql: {
    models: (definition) =>
      sql`(SELECT count(*)::int FROM ${siblingTable(definition, 'models')} m WHERE m."IDPLATFORM" = t."ID")`,
  },
};
