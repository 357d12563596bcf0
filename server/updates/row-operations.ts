import { z } from 'zod';
import { INT4_MAX } from '../db/storable';
import { recordAction } from '../actions-log';
import { midSchema } from '../services/devices/fields';
import { databaseSchema, requireProject } from '../services/projects/access';
import { defineOperation, type OperationContext } from '../services/registry';
import {
  cleanUpdatesForMID as clean,
  markToDownloaded as mark,
  resetUpdatesForMID as reset,
} from './device-rows';
import { canWriteDeviceRows } from './permissions';

// The device dialog's Updates tab actions (001 §2, §7): {database, filter}. Changing a device's
// update rows needs the project node `updates` with write (000 §6: read-only otherwise).

const log = (ctx: OperationContext, project: { name: string; numero: number }, detail: object) =>
  recordAction(ctx, 'device_updates_changed', {
    project: project.name,
    database: project.numero,
    ...detail,
  });

/** markToDownloaded {filter: {version, MID}}: the device has this update (device-rows.ts). */
export const markToDownloaded = defineOperation({
  name: 'markToDownloaded',
  parameter: z.object({
    database: databaseSchema,
    filter: z.object({ version: z.number().int().min(1).max(INT4_MAX), MID: midSchema }),
  }),
  permission: canWriteDeviceRows,
  async handler({ database, filter }, ctx) {
    const project = await requireProject(ctx, database);
    const done = await mark(ctx, project, filter.version, filter.MID);
    await log(ctx, project, {
      operation: 'markToDownloaded',
      mid: filter.MID,
      version: filter.version,
    });
    return done;
  },
});

/** cleanUpdatesForMID {filter: mid}: deletes the device's confirmed rows. */
export const cleanUpdatesForMID = defineOperation({
  name: 'cleanUpdatesForMID',
  parameter: z.object({ database: databaseSchema, filter: midSchema }),
  permission: canWriteDeviceRows,
  async handler({ database, filter }, ctx) {
    const project = await requireProject(ctx, database);
    const done = await clean(ctx, project, filter);
    await log(ctx, project, { operation: 'cleanUpdatesForMID', mid: filter });
    return done;
  },
});

/** resetUpdatesForMID {filter: mid}: every row of the device back to pending. */
export const resetUpdatesForMID = defineOperation({
  name: 'resetUpdatesForMID',
  parameter: z.object({ database: databaseSchema, filter: midSchema }),
  permission: canWriteDeviceRows,
  async handler({ database, filter }, ctx) {
    const project = await requireProject(ctx, database);
    const done = await reset(ctx, project, filter);
    await log(ctx, project, { operation: 'resetUpdatesForMID', mid: filter });
    return done;
  },
});
