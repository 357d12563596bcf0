import { z } from 'zod';
import type { PublishTarget } from '../../../protocol/projects';
import { requireEnvironmentCompany } from '../environments/refuse';
import { defineOperation, ServiceError } from '../registry';
import { databaseSchema, requireProject } from './access';
import { requireEnvironmentRight } from './environment-rights';

/**
 * `publishTargets` {database}: the company's other environments a project could be published
 * to, each with whether this caller may publish there and, when not, the refusal
 * `publishProject` would give (the same rule, environment-rights.ts), so that the publish dialog
 * offers only what the server will do and says why the rest is not offered.
 */
export const publishTargets = defineOperation({
  name: 'publishTargets',
  parameter: z.object({ database: databaseSchema }),
  permission: 'user',
  async handler({ database }, ctx): Promise<PublishTarget[]> {
    const project = await requireProject(ctx, database);
    const companyId = requireEnvironmentCompany(ctx.user);
    const { environment_id: own } = await ctx.db
      .selectFrom('core.projects')
      .select('environment_id')
      .where('numero', '=', project.numero)
      .executeTakeFirstOrThrow();
    const environments = await ctx.db
      .selectFrom('core.environments')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', '!=', own)
      .orderBy('id')
      .execute();
    const targets: PublishTarget[] = [];
    for (const environment of environments) {
      try {
        await requireEnvironmentRight(ctx, project, environment, 'publish');
        targets.push({ id: environment.id, allowed: true, reason: null });
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        targets.push({ id: environment.id, allowed: false, reason: error.message });
      }
    }
    return targets;
  },
});
