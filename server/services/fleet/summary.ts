import { sql } from 'kysely';
import { z } from 'zod';
import { DeviceStatusFilter, startOfDay } from '../../../protocol/devices';
import { RECENT_ROWS, type FleetSummaryResponse } from '../../../protocol/fleet';
import { FREE_ROLE } from '../../../protocol/roles';
import { countDevices } from '../devices/device-query';
import {
  databaseSchema,
  projectPermission,
  requireProject,
  type ProjectAccess,
} from '../projects/access';
import { defineOperation } from '../registry';
import { lowBatteryInfo } from './signals';
import { heldByLiveNode } from '../../device/presence-read';
import { fleetRefusal } from './texts';

type Row<K extends 'recentErrors' | 'recentCommands'> = FleetSummaryResponse[K][number];

/**
 * The figures' own SQL (the bench EXPLAINs these). Deleting a device deletes its inventory and
 * its directory row in the same transaction (devices/state.ts), so the counts need no join to
 * the devices: each reads its partial index alone.
 */
export function fleetQueries(schema: string, numero: number) {
  const t = (table: string) => sql.id(schema, table);
  return {
    online: sql<{ n: string }>`
      SELECT count(*) AS n FROM core.device_directory AS d
      WHERE d.numero = ${numero} AND ${heldByLiveNode('d')}`,
    lowBattery: sql<{ n: string }>`
      SELECT count(*) AS n FROM ${t('device_info')} WHERE ${lowBatteryInfo}`,
    recentErrors: sql<Row<'recentErrors'>>`
      SELECT e."ID"::int AS "ID", e."MID", e."TIMESTAMP", e."DESCRIPTION"
      FROM ${t('device_errors')} AS e
      ORDER BY e."TIMESTAMP" DESC, e."ID" DESC LIMIT ${RECENT_ROWS}`,
    recentCommands: sql<Row<'recentCommands'>>`
      SELECT c."ID"::int AS "ID", c."MID", c."CMD", c."STATE", c."CREATED"
      FROM ${t('device_commands')} AS c
      ORDER BY c."CREATED" DESC, c."ID" DESC LIMIT ${RECENT_ROWS}`,
  };
}

/**
 * Every figure reads an index made for it, never the whole fleet (docs/decisions.md, "Home:
 * the fleet at a glance"): the trigger-kept per-platform counts, the directory's online devices
 * of the project, the low-battery partial index, the status count of the device list, and the
 * newest rows of the project's errors and commands.
 */
async function figures(project: ProjectAccess) {
  const pdb = project.db();
  const queries = fleetQueries(project.schema, project.numero);
  const count = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);
  const [platforms, online, lowBattery, notSyncedToday, errors, commands] = await Promise.all([
    pdb
      .selectFrom('device_counts')
      .select(['DEVICE_TYPE', 'N'])
      .where('N', '>', sql<number>`0`)
      .orderBy('N', 'desc')
      .orderBy('DEVICE_TYPE')
      .execute(),
    queries.online.execute(pdb),
    queries.lowBattery.execute(pdb),
    countDevices(pdb, {
      platform: null,
      status: DeviceStatusFilter.notSynced,
      filters: [],
      today: startOfDay(new Date()),
    }),
    queries.recentErrors.execute(pdb),
    queries.recentCommands.execute(pdb),
  ]);
  return {
    platforms: platforms.map((row) => ({
      platform: row.DEVICE_TYPE || null,
      devices: Number(row.N),
    })),
    online: count(online.rows),
    lowBattery: count(lowBattery.rows),
    notSyncedToday,
    recentErrors: errors.rows,
    recentCommands: commands.rows,
  };
}

/**
 * The home page's view of a project's fleet (issue 17, defect 10): devices, connected now, by
 * platform, low battery, without a check-in today, and the newest errors and commands. The
 * project must be one the caller reaches (projects/rule.ts) with the device list's permission;
 * a free account has no projects (000 §6).
 */
export const fleetSummary = defineOperation({
  name: 'fleetSummary',
  parameter: z.object({ database: databaseSchema }),
  permission: projectPermission('devices', 'show'),
  async handler({ database }, ctx): Promise<FleetSummaryResponse> {
    // Before the project is looked up: a free account is told why, whichever project it names.
    if (ctx.user.profile.role.toUpperCase() === FREE_ROLE) {
      throw fleetRefusal(ctx.user, 'freeAccount');
    }
    const project = await requireProject(ctx, database);
    const summary = await figures(project);
    const total = summary.platforms.reduce((sum, row) => sum + row.devices, 0);
    return { database: project.numero, name: project.name, total, ...summary };
  },
});
