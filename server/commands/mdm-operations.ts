import { z } from 'zod';
import { databaseSchema, defineProjectOperation } from '../services/projects/access';
import { requireDevice } from './history';
import { deviceCommands, deviceParameter } from './operations';
import { destSchema, sendToDevices } from './send';

/**
 * The opers of `POST /api/kioskpremium/mdm` (001 §7 "Device commands", 002 §7 "Premium
 * commands"), registered as services operations so both endpoints reach them through one
 * registry (docs/api.md). `data` is the operation's parameter.
 */

/** `data` of a command: {database, cmd, dest, wait?, params?, …the command's fields flat}. */
const commandData = z
  .object({
    database: databaseSchema,
    cmd: z.string().min(1).max(50),
    dest: destSchema,
    wait: z.boolean().default(false),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .catchall(z.unknown())
  .transform(({ database, cmd, dest, wait, params, ...flat }) => ({
    database,
    cmd,
    dest,
    wait,
    params: { ...flat, ...params },
  }));

/** The Device Policy Controller's command: `data` is the command (001 §7). */
export const dpcEmmApi = defineProjectOperation({
  name: 'dpc_emm_api',
  parameter: commandData,
  node: 'devices.modify',
  mode: 'write',
  handler: (parameter, ctx, project) => sendToDevices(parameter, ctx, project, 'mdm'),
});

/**
 * The Android-for-work variant. The agent behind the WebSocket decides how to apply a command
 * (device owner or work profile), so it travels the same way as dpc_emm_api.
 */
export const afwEmmApi = { ...dpcEmmApi, name: 'afw_emm_api' };

/** A device's command history, paged: deviceCommands under its MDM name. */
export const cmdMdmLog = { ...deviceCommands, name: 'cmdMdmLog' };

/** The device's information from its inventory (001 §3 "Device information"). */
export const setDataDevice = defineProjectOperation({
  name: 'setDataDevice',
  parameter: deviceParameter,
  node: 'devices.modify',
  mode: 'show',
  async handler({ mid }, { db, user }, project) {
    await requireDevice(db, project, mid, user.language);
    const row = await project
      .db(db)
      .selectFrom('device_info')
      .select(['INFO', 'LASTINFO', 'LASTGPS'])
      .where('MID', '=', mid)
      .executeTakeFirst();
    return {
      MID: mid,
      INFO: row?.INFO ?? {},
      LASTINFO: row?.LASTINFO ?? null,
      LASTGPS: row?.LASTGPS ?? null,
    };
  },
});

/**
 * Asks the device for a fresh GPS fix and answers its last known position: with `wait`, the
 * fix the device just gave when it answered in time; the map polls for it otherwise.
 */
export const setDataDeviceGPS = defineProjectOperation({
  name: 'setDataDeviceGPS',
  parameter: deviceParameter.extend({ wait: z.boolean().default(false) }),
  node: 'devices.modify',
  mode: 'write',
  async handler({ mid, wait }, ctx, project) {
    const { results } = await sendToDevices(
      { cmd: 'gps', dest: [mid], params: {}, wait },
      ctx,
      project,
      'mdm',
    );
    const position = await project
      .db(ctx.db)
      .selectFrom('device_positions')
      .select(['LATITUDE', 'LONGITUDE', 'ACCURACY', 'TIME'])
      .where('MID', '=', mid)
      .executeTakeFirst();
    return {
      MID: mid,
      command: results[0],
      LATITUDE: position?.LATITUDE ?? null,
      LONGITUDE: position?.LONGITUDE ?? null,
      ACCURACY: position?.ACCURACY ?? null,
      TIME: position?.TIME ?? null,
    };
  },
});

/** The opers the MDM endpoint accepts, all of them registry operations. */
export const MDM_OPERS = [
  'dpc_emm_api',
  'afw_emm_api',
  'cmdMdmLog',
  'setDataDevice',
  'setDataDeviceGPS',
  // The premium kiosk's commands to its devices (server/kiosk/premium/mdm-command.ts).
  'dpc_emm_api_cmd',
] as const;
