import { z } from 'zod';
import { recordAction } from '../../actions-log';
import { BusChannel, busOf, type DevicesDeletedEvent } from '../../bus/index';
import { writeServerLog } from '../../logs/server-log';
import { firstOf } from '../area-texts';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { deviceIdSchema, MAX_DEVICES_AT_ONCE, midListSchema } from './fields';
import { requireDevicesById, requireDevicesByMid } from './repository';

/** The server log's line for each device a person changed (/app/logs). */
function deviceLines(
  project: { companyId: number; numero: number },
  mids: string[],
  event: string,
  by: string,
) {
  return mids.map((mid) => ({
    companyId: project.companyId,
    numero: project.numero,
    mid,
    level: 'info' as const,
    event,
    detail: { by },
  }));
}

/** A device of `dataArray` may be sent as its ID or as its row ({ID, …}). */
const deviceRef = z.union([
  deviceIdSchema,
  z.object({ ID: deviceIdSchema }).transform((row) => row.ID),
]);

/**
 * Deletes one device (`ID`) or several (`dataArray`), in one transaction: all or none. Their
 * information, position and directory entry go with them, so their credential stops working at
 * once (check-ins and new sockets are refused with 401), and after the commit the bus tells
 * every node to close their open WebSockets (4003, reason 'deleted').
 */
export const deviceDelete = defineProjectOperation({
  name: 'deviceDelete',
  parameter: z
    .object({
      database: databaseSchema,
      ID: deviceIdSchema.optional(),
      dataArray: z.array(deviceRef).min(1).max(MAX_DEVICES_AT_ONCE).optional(),
    })
    .refine(
      (value) => (value.ID === undefined) !== (value.dataArray === undefined),
      'give either ID or dataArray',
    ),
  node: 'devices.delete',
  mode: 'write',
  async handler({ ID, dataArray }, ctx, project) {
    const { db, log, user } = ctx;
    const ids = dataArray ?? [ID!];
    const outcome = await db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      const found = await requireDevicesById(pdb, project, ids, user);
      const mids = found.map((device) => device.MID);
      await pdb.deleteFrom('device_info').where('MID', 'in', mids).execute();
      await pdb.deleteFrom('device_positions').where('MID', 'in', mids).execute();
      await trx
        .deleteFrom('core.device_directory')
        .where('numero', '=', project.numero)
        .where('mid', 'in', mids)
        .execute();
      const deleted = await pdb
        .deleteFrom('devices')
        .where(
          'ID',
          'in',
          found.map((device) => device.ID),
        )
        .executeTakeFirst();
      const detail = { project: project.name, database: project.numero, mids: firstOf(mids) };
      await recordAction(ctx, 'devices_deleted', detail, trx);
      await writeServerLog(trx, ...deviceLines(project, mids, 'device_deleted', user.login));
      return { deleted: Number(deleted.numDeletedRows), MID: mids };
    });
    // The deletion is committed whatever the bus does: without it (no device API on this
    // handle, or a transport failing) each node's presence refresh still closes the sockets of
    // devices no longer in the directory, within a minute.
    try {
      await busOf(db)?.publish<DevicesDeletedEvent>(BusChannel.deleted, { mids: outcome.MID });
    } catch (error) {
      log.warn({ err: error }, 'deleted devices not announced on the bus');
    }
    return outcome;
  },
});

/**
 * Enables or disables devices by MID (000 §4, 001 §4): enabling sets PENDIENTE to 0, disabling to 1.
 * Every MID must be a device of the project, or nothing changes.
 */
export const setPendingDevices = defineProjectOperation({
  name: 'setPendingDevices',
  parameter: z.object({
    database: databaseSchema,
    lstMID: midListSchema,
    status: z.enum(['enabled', 'disabled']),
  }),
  node: 'devices.status',
  mode: 'write',
  async handler({ lstMID, status }, ctx, project) {
    const { db, user } = ctx;
    const PENDIENTE = status === 'enabled' ? 0 : 1;
    return db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      const found = await requireDevicesByMid(pdb, project, lstMID, user);
      const updated = await pdb
        .updateTable('devices')
        .set({ PENDIENTE })
        .where(
          'ID',
          'in',
          found.map((device) => device.ID),
        )
        .executeTakeFirst();
      const mids = found.map((device) => device.MID);
      const detail = { project: project.name, database: project.numero, mids: firstOf(mids) };
      await recordAction(ctx, `devices_${status}`, detail, trx);
      const event = status === 'enabled' ? 'device_enabled' : 'device_disabled';
      await writeServerLog(trx, ...deviceLines(project, mids, event, user.login));
      return { updated: Number(updated.numUpdatedRows), PENDIENTE };
    });
  },
});
