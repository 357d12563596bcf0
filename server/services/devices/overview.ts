import { sql } from 'kysely';
import { z } from 'zod';
import { ACTIVITY_COUNTERS } from '../../../protocol/devices';
import { databaseSchema, defineProjectOperation } from '../projects/access';

/**
 * Counters of 000 §3 "Activity counters" whose sources (replication queues, provisioning tasks,
 * updates, selection rules) arrive with later areas: 0 until then, and named in `unavailable`
 * so that the dashboard can say so instead of showing a real zero.
 */
const NOT_YET_COUNTED = ACTIVITY_COUNTERS.filter(
  (name) => name !== 'Total' && name !== 'NoReplicate',
);

/** The MAM dashboard's activity counters (000 §3): Total, NoReplicate (never synchronised), and the rest. */
export const activitydevices = defineProjectOperation({
  name: 'activitydevices',
  parameter: z.object({ database: databaseSchema }),
  node: 'devices',
  mode: 'show',
  async handler(_parameter, _ctx, project) {
    const { Total, NoReplicate } = await project
      .db()
      .selectFrom('devices')
      .select((eb) => [
        eb.fn.countAll<number>().as('Total'),
        eb.fn.countAll<number>().filterWhere('SINCRONISMO', 'is', null).as('NoReplicate'),
      ])
      .executeTakeFirstOrThrow();
    const zeros = Object.fromEntries(NOT_YET_COUNTED.map((name) => [name, 0]));
    return { Total, NoReplicate, ...zeros, unavailable: [...NOT_YET_COUNTED] };
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
