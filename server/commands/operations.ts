import { firstOf } from '../services/area-texts';
import { recordAction } from '../actions-log';
import { z } from 'zod';
import { COMMAND_STATES, PUSH_TYPES } from '../../protocol/commands';
import { datatableSchema } from '../../protocol/paging';
import { midListSchema, midSchema } from '../services/devices/fields';
import {
  databaseSchema,
  defineProjectOperation,
  type ProjectAccess,
} from '../services/projects/access';
import { deviceListParameter, listedMid } from '../services/remote/device-list';
import { ServiceError, type OperationContext } from '../services/registry';
import { commandCenterOf } from './center';
import { checkSortName } from '../services/sort-fields';
import { commandHistory, commandLog, HISTORY_SORTABLE, requireDevice } from './history';
import { destSchema, expirySchema, sendToDevices } from './send';
import { commandText } from './texts';

const pageSchema = datatableSchema.default({ start: 0, length: 10, orderDir: 'desc' });

/**
 * Sends a command (001 §9) to devices of a project and answers each device's outcome (001 §3
 * "Device command result"). Commands change devices, so they need write on devices.modify, the
 * node of editing a device (docs/decisions.md, Remote commands).
 */
export const sendCommand = defineProjectOperation({
  name: 'sendCommand',
  parameter: z.object({
    database: databaseSchema,
    cmd: z.string().min(1).max(50),
    dest: destSchema,
    params: z.record(z.string(), z.unknown()).default({}),
    wait: z.boolean().default(false),
    expiry: expirySchema,
  }),
  node: 'devices.modify',
  mode: 'write',
  handler: (parameter, ctx, project) => sendToDevices(parameter, ctx, project, 'console'),
});

export const deviceParameter = z.object({ database: databaseSchema, mid: midSchema });

/**
 * A device's command history, paged, newest first (the edit dialog's logs tab): `{database, mid,
 * datatable}`, or the declared list's `{database, datatable, filter: {mid, CMD, STATE}}`
 * (protocol/resources/command-history.ts), whose `filter` without `mid` lists the project's.
 */
export const deviceCommands = defineProjectOperation({
  name: 'deviceCommands',
  parameter: deviceListParameter(pageSchema, {
    CMD: z.string().max(50).optional(),
    STATE: z.enum(COMMAND_STATES).optional(),
  }),
  node: 'devices.modify',
  mode: 'show',
  async handler(parameter, ctx, project) {
    const mid = listedMid(parameter, ctx);
    if (mid !== null) await requireDevice(ctx.db, project, mid, ctx.user.language);
    const { CMD, STATE } = parameter.filter ?? {};
    checkSortName(ctx.user, HISTORY_SORTABLE, parameter.datatable.orderBy);
    return commandHistory(ctx.db, project, { mid, CMD, STATE }, parameter.datatable);
  },
});

/** The device's last command: {CMDTIME, LASTCMD, LASTERROR} (001 §3 command logs). */
export const deviceCommandLog = defineProjectOperation({
  name: 'deviceCommandLog',
  parameter: deviceParameter,
  node: 'devices.modify',
  mode: 'show',
  async handler({ mid }, { db, user }, project) {
    await requireDevice(db, project, mid, user.language);
    return commandLog(db, project, mid);
  },
});

/**
 * `send push` (001 §7): a message over the device channel to some devices or all of them.
 * Push is always available (001 §6), so reading the project's devices is enough. There is no
 * external push service here: googlesenderid and googleauthkey are accepted and ignored.
 */
export const sendPush = defineProjectOperation({
  name: 'send push',
  parameter: z.object({
    database: databaseSchema,
    devices: z.union([z.literal('all'), midListSchema]),
    type: z.coerce
      .number()
      .int()
      .refine((value) => (PUSH_TYPES as readonly number[]).includes(value), 'must be 0, 1, 2 or 3')
      .default(0),
    message: z.string().max(4000).optional(),
    pid: z.string().max(200).optional(),
    googlesenderid: z.string().max(500).optional(),
    googleauthkey: z.string().max(2000).optional(),
  }),
  node: 'devices',
  mode: 'show',
  async handler({ devices, type, message }, ctx, project) {
    const mids: string[] | 'all' = devices === 'all' ? 'all' : [...new Set(devices)];
    if (mids !== 'all') await requireDevices(ctx.db, project, mids, ctx.user.language);
    return pushToDevices(ctx, project, mids, type, message ?? null);
  },
});

/**
 * A push to some devices of a project (or all of them) as `ctx.user`: recorded in the history,
 * sent to those online, noted in the actions log; `send push`'s and a bot's.
 */
export async function pushToDevices(
  ctx: OperationContext,
  project: ProjectAccess,
  mids: string[] | 'all',
  type: number,
  message: string | null,
): Promise<{ total: number; sent: number; offline: number; failed?: number }> {
  const { user } = ctx;
  const center = commandCenterOf(ctx.db);
  if (!center) throw new ServiceError(commandText(user.language, 'noDeviceApi'));
  const request = {
    numero: project.numero,
    schema: project.schema,
    cmd: 'push',
    params: { pushType: type, ...(message !== null ? { message } : {}) },
    mids,
    sender: { id: user.id, login: user.login, language: user.language },
    source: 'push' as const,
  };
  await center.assertReachable(request);
  const { sent, offline, failed } = await center.push(request, type, message);
  const detail = { project: project.name, database: project.numero, type };
  await recordAction(ctx, 'push_sent', {
    ...detail,
    mids: mids === 'all' ? 'all' : firstOf(mids),
  });
  return { total: sent + offline + failed, sent, offline, ...(failed > 0 && { failed }) };
}

async function requireDevices(
  db: Parameters<typeof requireDevice>[0],
  project: Parameters<typeof requireDevice>[1],
  mids: string[],
  language: string,
): Promise<void> {
  const found = await project
    .db(db)
    .selectFrom('devices')
    .select('MID')
    .where('MID', 'in', mids)
    .execute();
  if (found.length === mids.length) return;
  const known = new Set(found.map((row) => row.MID));
  const missing = mids.filter((mid) => !known.has(mid));
  throw new ServiceError(
    commandText(language, 'unknownDevices', {
      project: project.name,
      mids: firstOf(missing),
    }),
  );
}
