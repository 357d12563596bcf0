import { unzipSync } from 'fflate';
import { z } from 'zod';
import { readAll } from '../../files/streams';
import { ICON_PATH } from '../../frameworks/generate';
import { findGeneration } from '../../frameworks/operations';
import { buildKey, frameworkFiles } from '../../frameworks/store';
import { frameworksRefusal } from '../../frameworks/texts';
import { requireEnvironmentRight } from '../projects/environment-rights';
import { defineOperation } from '../registry';
import { admplatforms } from '../settings/platforms';
import { delegate } from './delegate';
import { getDatabaseId } from './manager';

/**
 * `models` {projectid, IdEnv?, Props?, acctkUserEnv?} (002 §7 Manager API "Models"): the
 * project's platforms with their models, as a generation writes them into its build
 * (`models.json`, docs/frameworks.md); `projectid` is the project's pid. Props and acctkUserEnv
 * are accepted and not used (every environment of a company is this server).
 */
export const models = defineOperation({
  name: 'models',
  parameter: z.looseObject({
    projectid: z.string().trim().min(1).max(100),
    IdEnv: z.coerce.number().int().positive().optional(),
  }),
  permission: 'user',
  async handler({ projectid, IdEnv }, ctx) {
    const database = await delegate(getDatabaseId, { projectID: projectid }, ctx, 'models');
    const platforms = await delegate(admplatforms, { oper: 'all', database }, ctx, 'models');
    return { projectid, IdEnv: IdEnv ?? null, database, platforms };
  },
});

/**
 * `icons` {sessionid} (002 §7 Manager API "Icons"): the icons a generation (its id, the session
 * of one generate run) was built with, read from its build: `{sessionid, icons: [{platform, path,
 * png}]}`, `png` base64, an empty list when it was built without one. As downloading the build:
 * the per-environment right `download`, the build finished.
 */
export const icons = defineOperation({
  name: 'icons',
  parameter: z.object({ sessionid: z.coerce.number().int().positive().max(2_147_483_647) }),
  permission: 'user',
  async handler({ sessionid }, ctx) {
    const { row, project, environment, companyId } = await findGeneration(ctx, sessionid);
    await requireEnvironmentRight(ctx, project, environment, 'download');
    if (row.state !== 'done') throw frameworksRefusal(ctx.user, 'notReady', { id: sessionid });
    const opened = await frameworkFiles(ctx).get(buildKey(companyId, sessionid));
    if (!opened) throw frameworksRefusal(ctx.user, 'buildMissing', { id: sessionid });
    const path = ICON_PATH[row.plat];
    const entries = unzipSync(await readAll(opened.stream), {
      filter: (file) => file.name === path,
    });
    const png = entries[path];
    const found = png
      ? [{ platform: row.plat, path, png: Buffer.from(png).toString('base64') }]
      : [];
    return { sessionid, icons: found };
  },
});
