import { sql } from 'kysely';
import { z } from 'zod';
import { busiestDevice, readReplicaCounts } from '../../replication/counts';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { devicesWithPendingUpdates } from '../../updates/device-rows';
import { devicesPendingProvision } from '../../provisioning/store';
import { devicesPendingSelection } from '../../selection/counts';

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
    const [counts, busiest, pendingUpdates, pendingProv, pendingSelection] = await Promise.all([
      readReplicaCounts(db, project.schema),
      busiestDevice(db, project.schema),
      devicesWithPendingUpdates(db, project.schema),
      devicesPendingProvision(db, project.schema),
      devicesPendingSelection(db, project.schema),
    ]);
    return {
      Total: counts.DEVICES,
      NoReplicate: counts.NOREPLICATE,
      MoreXPendingOps: counts.RED,
      PendingProv: pendingProv,
      DevicesPendingSelectividad: pendingSelection,
      PendingUpdates: pendingUpdates,
      DeviceMoreOpersPending: busiest?.MID ?? '',
      ItsOpersPending: busiest?.PENDING ?? 0,
      QUEUEOpers: counts.QUEUE,
      IQUEUEOpers: counts.IQUEUE,
      SQUEUEOpers: counts.SQUEUE,
      // Every counter has its source now; the dashboard still lists any a server names here.
      unavailable: [] as string[],
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
