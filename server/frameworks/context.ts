import { z } from 'zod';
import { seenBy } from '../engine/hooks/certificates';
import { languageOf } from '../messages';
import { menuTreesRefusal } from '../services/access/menu-gate';
import { requireEnvironmentCompany } from '../services/environments/refuse';
import { requireProject } from '../services/projects/access';
import {
  requireEnvironmentRight,
  type EnvironmentRight,
} from '../services/projects/environment-rights';
import { defineOperation, type OperationContext } from '../services/registry';
import { publishRight } from '../updates/permissions';
import { failStaleGenerations } from './stale';

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** What the caller may do with the frameworks of a project in one environment. */
export interface FrameworkEnvironment {
  id: number;
  name: string;
  generate: boolean;
  download: boolean;
  publish: boolean;
  delete: boolean;
}

/** Whether a check that refuses by throwing lets the caller through. */
const passes = (check: Promise<unknown>) =>
  check.then(
    () => true,
    () => false,
  );

/**
 * `frameworksContext` {projectid} (002 §2 "/app/frameworks … load projects, projects in
 * environments and certificates"): what the frameworks page needs to show its buttons as the
 * server decides them — the company's environments, each with the caller's rights generate,
 * download, publish and delete there (the very checks the operations make), and the
 * certificates the company may sign with (own or shared), without their secrets.
 */
export const frameworksContext = defineOperation({
  name: 'frameworksContext',
  parameter: z.object({ projectid: idSchema }),
  permission: 'user',
  async handler({ projectid }, ctx) {
    const companyId = requireEnvironmentCompany(ctx.user);
    const project = await requireProject(ctx, projectid);
    await failStaleGenerations(ctx.db);
    const rows = await ctx.db
      .selectFrom('core.environments')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .limit(200)
      .execute();
    const publishes = (await publishRight(ctx, project)) === 'all';
    const environments: FrameworkEnvironment[] = [];
    for (const environment of rows) {
      const right = (name: EnvironmentRight) =>
        passes(requireEnvironmentRight(ctx, project, environment, name));
      environments.push({
        id: environment.id,
        name: environment.name,
        generate: await right('generate'),
        download: await right('download'),
        publish:
          publishes &&
          (await right('publish')) &&
          (await frameworksMenuRefusal(ctx, 'publish', environment.id)) === null,
        delete: (await frameworksMenuRefusal(ctx, 'delete', environment.id)) === null,
      });
    }
    const certificates = await ctx.db
      .selectFrom('core.certificates as k')
      .select(['k.id', 'k.name', 'k.plat', 'k.type', 'k.expires_at'])
      .where(seenBy(companyId, 'k'))
      .orderBy('k.name')
      .limit(500)
      .execute();
    return { numero: project.numero, environments, certificates };
  },
});

/**
 * Why the caller's menu trees of an environment refuse a node of the frameworks menu
 * (`projects.frameworks.publish`, `.delete`), or null.
 */
export function frameworksMenuRefusal(
  ctx: OperationContext,
  node: 'publish' | 'delete',
  environment: number,
) {
  return menuTreesRefusal(
    ctx,
    { node: { cloud: `projects.frameworks.${node}`, manager: 'devices.mam' }, mode: 'write' },
    async () => environment,
    languageOf(ctx.user.language),
  );
}
