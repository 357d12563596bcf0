import { sql } from 'kysely';
import { z } from 'zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { recents } from '../projects/recents';
import { defineOperation } from '../registry';
import { delegate } from './delegate';
import { readerOf, specRefusal } from './texts';

/**
 * `version` {} (000 §7 "server version get", 002 §7 Manager API "Version"): this server's
 * version, also its API's (000 §9 names both; they are one program here).
 */
export const version = defineOperation({
  name: 'version',
  parameter: z.object({}),
  permission: 'user',
  handler: async () => ({ version: packageJson.version, apiVersion: packageJson.version }),
});

/**
 * `hostType` {} (002 §7 "Host type"): which host flavour this server is, cloud portal or
 * self-hosted manager (002 §1, §6: their menus and trees differ), as `FLAVOUR` configures it.
 */
export const hostType = defineOperation({
  name: 'hostType',
  parameter: z.object({}),
  permission: 'user',
  handler: async (_parameter, { config }) => ({ flavour: config.FLAVOUR }),
});

/**
 * `kioskId` {} (002 §7 "Kiosk … id"): the caller's premium kiosk: its id `Idksk` (the company's,
 * as every premium row carries it) and whether the company has it enabled.
 */
export const kioskId = defineOperation({
  name: 'kioskId',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx) {
    const { db, user } = ctx;
    if (user.companyId === null) throw specRefusal(readerOf(ctx), 'noCompany');
    const { rows } = await sql<{ Enabled: boolean }>`
      SELECT "Enabled" FROM core.kiosk_premium WHERE company_id = ${user.companyId}`.execute(db);
    return { id: user.companyId, Idksk: user.companyId, enabled: rows[0]?.Enabled === true };
  },
});

/**
 * `allProjectsFromStudio` {} (002 §7 "All projects from studio"): the caller's own projects (the
 * shared ones skipped, as the document says) in its shape `{hasError, data: {recents}}`, the
 * last opened first, as `recents` orders them.
 */
export const allProjectsFromStudio = defineOperation({
  name: 'allProjectsFromStudio',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, ctx) {
    const given = { datatable: { start: 0, length: 5000 } };
    const page = (await delegate(recents, given, ctx, 'allProjectsFromStudio')) as {
      data: { owner: boolean }[];
    };
    return { hasError: false, data: { recents: page.data.filter((project) => project.owner) } };
  },
});
