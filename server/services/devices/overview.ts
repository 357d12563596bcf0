import { sql } from 'kysely';
import { z } from 'zod';
import type { ActivityCounter } from '../../../protocol/devices';
import { busiestDevice, readReplicaCounts } from '../../replication/counts';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { devicesWithPendingUpdates } from '../../updates/device-rows';

/**
 * Counters of 000 §3 "Activity counters" whose sources (provisioning tasks, selection rules)
 * arrive with later areas: 0 until then, and named in `unavailable` so that the dashboard can
 * say so instead of showing a real zero.
 */
const NOT_YET_COUNTED: ActivityCounter[] = ['PendingProv', 'DevicesPendingSelectividad'];

/**
 * The MAM dashboard's activity counters (000 §3; each defined in docs/replication.md,
 * "Counters"), from the counters the database keeps: no queue or device table is counted here.
 */
export const activitydevices = defineProjectOperation({
  name: 'activitydevices',
  parameter: z.object({ database: databaseSchema }),
  node: 'devices',
  mode: 'show',
  async handler(_parameter, { db }, project) {
    const [counts, busiest, pendingUpdates] = await Promise.all([
      readReplicaCounts(db, project.schema),
      busiestDevice(db, project.schema),
      devicesWithPendingUpdates(db, project.schema),
    ]);
    const zeros = Object.fromEntries(NOT_YET_COUNTED.map((name) => [name, 0]));
    return {
      Total: counts.DEVICES,
      NoReplicate: counts.NOREPLICATE,
      MoreXPendingOps: counts.RED,
      ...zeros,
      PendingUpdates: pendingUpdates,
      DeviceMoreOpersPending: busiest?.MID ?? '',
      ItsOpersPending: busiest?.PENDING ?? 0,
      QUEUEOpers: counts.QUEUE,
      IQUEUEOpers: counts.IQUEUE,
      SQUEUEOpers: counts.SQUEUE,
      unavailable: [...NOT_YET_COUNTED],
    };
  },
});

/**
 * The database overview's chart (002 §7 `graph (device_by_platform, pie)`): devices per platform
 * from the trigger-kept counts, largest first; a device without platform counts under null.
 */
export const graph = defineProjectOperation({
  name: 'graph',
  parameter: z.object({
    database: databaseSchema,
    filter: z.enum(['device_by_platform']).default('device_by_platform'),
    type: z.enum(['pie', 'bar']).default('pie'),
  }),
  node: 'devices',
  mode: 'show',
  async handler({ filter, type }, _ctx, project) {
    const rows = await project
      .db()
      .selectFrom('device_counts')
      .select(['DEVICE_TYPE', 'N'])
      .where('N', '>', sql<number>`0`)
      .orderBy('N', 'desc')
      .orderBy('DEVICE_TYPE')
      .execute();
    const data = rows.map((row) => ({ platform: row.DEVICE_TYPE || null, devices: Number(row.N) }));
    return { filter, type, data, total: data.reduce((sum, row) => sum + row.devices, 0) };
  },
});
