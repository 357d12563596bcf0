import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import type { LoginResult } from '../../../protocol/projects';
import { projectEntries } from '../projects/entries';
import { reachableBy } from '../projects/rule';
import { defineOperation } from '../registry';
import { environmentEntries } from './entry';
import { environmentCompany } from './refuse';

/**
 * `loginProjects` (002 §3 Login result, §7 "Project list at login"): this server's environments
 * of the caller's company (its system environments) with the projects the caller can reach there,
 * not marked deleted, by last access (latest first, never opened last), then name in any case.
 * Another Flota's console calls it after the popup sign-in to list this server's projects.
 */
export const loginProjects = defineOperation({
  name: 'loginProjects',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx): Promise<LoginResult> {
    const { db, user } = ctx;
    const companyId = environmentCompany(user);
    const result: LoginResult = { Version: packageJson.version, listOfServers: [] };
    if (companyId === null) return result;
    const rows = await db
      .selectFrom('core.environments')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('system', '=', true)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    if (rows.length === 0) return result;
    const projects = await db
      .selectFrom('core.projects as p')
      .select(['p.numero', 'p.environment_id'])
      .where(
        'p.environment_id',
        'in',
        rows.map((row) => row.id),
      )
      .where('p.deleted', '=', false)
      .where(reachableBy(user))
      .orderBy(
        (eb) =>
          eb
            .selectFrom('core.project_recents as r')
            .select('r.last_access')
            .whereRef('r.numero', '=', 'p.numero')
            .where('r.user_id', '=', user.id),
        (order) => order.desc().nullsLast(),
      )
      .orderBy((eb) => eb.fn('lower', ['p.name']))
      .orderBy('p.numero')
      .execute();
    const [environments, entries] = await Promise.all([
      environmentEntries(db, rows),
      projectEntries(
        ctx,
        projects.map((project) => project.numero),
      ),
    ]);
    result.listOfServers = environments.map((environment) => ({
      id: environment.id,
      name: environment.title,
      maxLic: environment.maxLicences,
      asigLic: environment.assignedLicences,
      envLic: environment.usedLicences,
      serverAddrees: environment.address,
      serverPort: environment.port,
      datemask: environment.datemask,
      databases: entries
        .filter((entry) => entry.environment === environment.id)
        .map((entry) => ({
          numero: entry.numero,
          name: entry.name,
          lastaccess: entry.lastaccess,
          access: entry.jsonAccess,
        })),
    }));
    return result;
  },
});
