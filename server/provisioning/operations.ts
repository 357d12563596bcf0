import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../protocol/paging';
import {
  FLAG_OF_KEY,
  MAX_PROVISION_DEVICES,
  PROVISION_KEYS,
  provisionDeviceSchema,
  type ProvisionAnswer,
  type ProvisionFlag,
  type ProvisionKey,
  type ProvisionLogRow,
  type ProvisionTaskRow,
} from '../../protocol/provisioning';
import { loggedProvisionKey } from '../../protocol/resources/action-detail-labels';
import { logAction } from '../actions-log';
import { languageOf } from '../messages';
import { BusChannel, busOf, type DeviceDelivery } from '../bus/index';
import { firstOf } from '../services/area-texts';
import {
  databaseSchema,
  defineProjectOperation,
  type ProjectAccess,
  type ProjectNode,
} from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { deviceListParameter, listedMid } from '../services/remote/device-list';
import { helpdeskDevice } from '../services/remote/helpdesk-device';
import { sendInstallMail } from './install-mail';
import { orderSafeDeletion, orderTasks } from './store';
import { isLogLine, logLineText, provisionRefusal } from './texts';

/** The access-tree node of each permission flag (001 §6, protocol/access-tree.ts). */
export const NODE_OF_FLAG: Record<ProvisionFlag, ProjectNode> = {
  provisioningUpdate: 'devices.provisioning.install',
  provisioningConfig: 'devices.provisioning.config',
  provisioningDb: 'devices.provisioning.database',
};

const nodeOfKey = (key: ProvisionKey) => NODE_OF_FLAG[FLAG_OF_KEY[key]];

/** Devices told at once over their WebSocket; a longer list learns at its next check-in. */
const MAX_TOLD = 2000;

const provisioningParameter = z
  .object({
    database: databaseSchema,
    key: z.enum(PROVISION_KEYS),
    devices: z
      .array(z.union([provisionDeviceSchema, provisionDeviceSchema.shape.MID]))
      .max(MAX_PROVISION_DEVICES)
      .default([]),
    /** "Send install mail to all" (001 §2): every device of the project with an address. */
    all: z.boolean().default(false),
  })
  .refine((p) => p.key === 'provSendMailInstall' || !p.all, {
    message: 'all is for provSendMailInstall only',
    path: ['all'],
  });

/** The MIDs named, each once; refused when one is not a device of the project. */
async function devicesOf(
  ctx: OperationContext,
  project: ProjectAccess,
  devices: z.infer<typeof provisioningParameter>['devices'],
): Promise<string[]> {
  const mids = [
    ...new Set(devices.map((device) => (typeof device === 'string' ? device : device.MID))),
  ];
  if (mids.length === 0) throw provisionRefusal(ctx.user, 'noDevices');
  const found = await project
    .db()
    .selectFrom('devices')
    .select('MID')
    .where('MID', 'in', mids)
    .execute();
  if (found.length !== mids.length) {
    const known = new Set(found.map((row) => row.MID));
    throw provisionRefusal(ctx.user, 'devicesNotFound', {
      project: project.name,
      mids: firstOf(mids.filter((mid) => !known.has(mid))),
    });
  }
  return mids;
}

/** Tells the connected devices, on whichever node, that a task waits: `{type: 'provision'}`. */
async function tell(ctx: OperationContext, mids: string[]): Promise<void> {
  const bus = busOf(ctx.db);
  if (!bus || mids.length > MAX_TOLD) return;
  try {
    await Promise.all(
      mids.map((mid) =>
        bus.publish<DeviceDelivery>(BusChannel.deliver, { mid, message: { type: 'provision' } }),
      ),
    );
  } catch (error) {
    ctx.log.warn({ err: error }, 'provision announcement failed');
  }
}

/**
 * `provisioningDevice` {database, devices: [{ID, MID, LIC, DEVICE_TYPE, MODEL, EMAIL,
 * versionPublish}] or [MID], key} (001 §7, 000 §7): the six keys of the device list's
 * provisioning submenu, each under its permission flag (001 §6); the install mail also to every
 * device (`all`). Answers each device's STATUS (001 §4, protocol/provisioning.ts ProvisionResult).
 */
export const provisioningDevice = defineProjectOperation({
  name: 'provisioningDevice',
  parameter: provisioningParameter,
  node: (parameter) => nodeOfKey(parameter.key),
  mode: 'write',
  async handler({ key, devices, all }, ctx, project): Promise<ProvisionAnswer> {
    if (key === 'provSendMailInstall') {
      const mids = all ? null : await devicesOf(ctx, project, devices);
      const sent = await sendInstallMail(ctx, project, mids);
      await audit(ctx, project, key, sent.devices.length);
      return { key, ...sent };
    }
    const mids = await devicesOf(ctx, project, devices);
    const results = await ctx.db
      .transaction()
      .execute((trx) =>
        key === 'provDeleteDatabaseSafe'
          ? orderSafeDeletion(trx, project.schema, mids, ctx.user.login)
          : orderTasks(trx, project.schema, key, mids, ctx.user.login),
      );
    await audit(ctx, project, key, mids.length);
    await tell(
      ctx,
      results.filter((row) => row.task !== null).map((row) => row.MID),
    );
    return { key, devices: results };
  },
});

async function audit(ctx: OperationContext, project: ProjectAccess, key: string, devices: number) {
  await logAction(ctx.db, {
    companyId: ctx.user.companyId,
    userId: ctx.user.id,
    login: ctx.user.login,
    action: 'devices_provisioned',
    detail: { project: project.numero, key: loggedProvisionKey(key), devices },
  });
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The Provision tab's first page (deviceData 'provision'), and deviceProvisionTask's list. */
export async function provisionTasksOf(
  project: ProjectAccess,
  mid: string,
  datatable: { start: number; length: number; orderDir: 'asc' | 'desc' },
) {
  const rows = project.db().selectFrom('provision_tasks').where('MID', '=', mid);
  const [page, count] = await Promise.all([
    rows
      .select(['ID', 'KIND', 'STARTED', 'ENDED', 'STATUS', 'USERDATA'])
      .orderBy('ID', datatable.orderDir)
      .limit(datatable.length)
      .offset(datatable.start)
      .execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const data: ProvisionTaskRow[] = page.map((row) => ({
    ...row,
    STARTED: iso(row.STARTED),
    ENDED: iso(row.ENDED),
  }));
  return { data, total: count.n };
}

const taskSchema = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1)
  .optional();

/**
 * `deviceProvisionTask` {database, mid, oper: 'list' | 'log', task, datatable} (001 §7): a page
 * of the device's provision tasks, newest first, or of one task's log, oldest first. The declared
 * list provision-log names its device and task in its filter instead.
 */
export const deviceProvisionTask = defineProjectOperation({
  name: 'deviceProvisionTask',
  parameter: deviceListParameter(datatableSchema.optional(), { task: taskSchema }).extend({
    oper: z.enum(['list', 'log']).default('list'),
    task: taskSchema,
  }),
  node: 'devices',
  mode: 'show',
  async handler(parameter, ctx, project) {
    const { oper, datatable } = parameter;
    const task = parameter.filter?.task ?? parameter.task;
    const listed = listedMid(parameter, ctx) ?? undefined;
    const { MID: mid } = await helpdeskDevice(ctx, project, { mid: listed });
    if (oper === 'list') {
      return provisionTasksOf(project, mid, datatable ?? { start: 0, length: 5, orderDir: 'desc' });
    }
    if (task === undefined) throw provisionRefusal(ctx.user, 'noTask');
    const owned = await project
      .db()
      .selectFrom('provision_tasks')
      .select('ID')
      .where('ID', '=', task)
      .where('MID', '=', mid)
      .executeTakeFirst();
    if (!owned) throw provisionRefusal(ctx.user, 'taskNotFound', { mid, task });
    const page = datatable ?? { start: 0, length: 10, orderDir: 'asc' as const };
    const language = languageOf(ctx.user.language);
    const rows = project.db().selectFrom('provision_log').where('TASK', '=', task);
    const [lines, count] = await Promise.all([
      rows
        .select(['ID', 'LOGCREATED', 'LOGTYPE', 'LOGMESSAGE', 'LINE', 'VARS'])
        .orderBy('ID', page.orderDir)
        .limit(page.length)
        .offset(page.start)
        .execute(),
      rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const data: ProvisionLogRow[] = lines.map((line) => ({
      ID: Number(line.ID),
      LOGCREATED: new Date(line.LOGCREATED).toISOString(),
      LOGTYPE: line.LOGTYPE,
      LOGMESSAGE: isLogLine(line.LINE)
        ? logLineText(language, line.LINE, line.VARS ?? {})
        : line.LOGMESSAGE,
    }));
    return { data, total: count.n };
  },
});
