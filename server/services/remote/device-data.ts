import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { commandLog } from '../../commands/history';
import { listDeviceFiles } from '../../helpdesk/store';
import { midSchema } from '../devices/fields';
import { databaseSchema, defineProjectOperation, type ProjectAccess } from '../projects/access';
import type { OperationContext } from '../registry';
import { ERROR_LOG_ROWS, errorLogs } from './device-errors';
import { helpdeskDevice, pinSchema } from './helpdesk-device';
import { checkSortName } from '../sort-fields';
import { HELPDESK_SORTABLE, helpdeskFilterShape, helpdeskPage } from './helpdesk-list';
import { replicaOperations, replicaStatus } from '../../replication/console';
import { deviceUpdatesOf } from '../../updates/device-rows';
import { provisionTasksOf } from '../../provisioning/operations';
import { deviceInventory } from '../devices/edit';

/** The tabs of the device edit dialog that read through deviceData (001 §7). */
export const DEVICE_DATA_TABS = [
  'updates',
  'replica',
  'logs',
  'provision',
  'inventory',
  'helpdesk',
] as const;

const deviceDataSchema = z.object({
  database: databaseSchema,
  mid: z.string().min(1).max(64).nullish(),
  pin: pinSchema.nullish(),
  pin2: pinSchema.nullish(),
  data: z.enum(DEVICE_DATA_TABS),
  /** The help-desk tab as the declared list `helpdesk-files`: a page of its files. */
  datatable: datatableSchema.optional(),
  filter: z.object({ mid: midSchema.optional(), ...helpdeskFilterShape }).optional(),
});

export type DeviceDataParams = z.infer<typeof deviceDataSchema>;

type DeviceDataSource = (
  parameter: DeviceDataParams,
  ctx: OperationContext,
  project: ProjectAccess,
) => Promise<unknown>;

/** What each tab answers. */
const sources: Record<(typeof DEVICE_DATA_TABS)[number], DeviceDataSource> = {
  /**
   * The updates tab (001 §2): the device's update rows, newest version first, a page of them
   * (5 by default, 001 §9; server/updates/device-rows.ts).
   */
  async updates(parameter, ctx, project) {
    const { MID } = await helpdeskDevice(ctx, project, parameter);
    const datatable = parameter.datatable ?? { start: 0, length: 5, orderDir: 'desc' as const };
    return deviceUpdatesOf(project, MID, datatable);
  },
  /**
   * The five help-desk lists, newest first (server/helpdesk/store.ts); or, called as the
   * declared list `helpdesk-files` (`{database, datatable, filter: {mid, ...}}`), a page of them.
   */
  async helpdesk(parameter, ctx, project) {
    const { MID, files } = await helpdeskDevice(ctx, project, parameter);
    const lists = await listDeviceFiles(files);
    if (!parameter.datatable && !parameter.filter) return lists;
    const datatable = parameter.datatable ?? datatableSchema.parse({});
    checkSortName(ctx.user, HELPDESK_SORTABLE, datatable.orderBy);
    return helpdeskPage(MID, lists, parameter.filter ?? {}, datatable);
  },
  /** The Provision tab (001 §2): the first page of the device's provision tasks, newest first. */
  async provision(parameter, ctx, project) {
    const { MID } = await helpdeskDevice(ctx, project, parameter);
    const datatable = parameter.datatable ?? { start: 0, length: 5, orderDir: 'desc' as const };
    return provisionTasksOf(project, MID, datatable);
  },
  /** The replica tab (001 §3): the replica status and the first page of pending operations. */
  async replica(parameter, ctx, project) {
    const { MID } = await helpdeskDevice(ctx, project, parameter);
    const [status, operations] = await Promise.all([
      replicaStatus(ctx.db, project, MID),
      replicaOperations(ctx.db, project, MID, { start: 0, length: 10, orderDir: 'asc' }),
    ]);
    return { status, operations };
  },
  /**
   * The logs tab (001 §3): the last command, and the first page of error logs; the console
   * pages on with deviceCommands and deviceErrorLogs.
   */
  async logs(parameter, ctx, project) {
    const { MID } = await helpdeskDevice(ctx, project, parameter);
    const [last, errors] = await Promise.all([
      commandLog(ctx.db, project, MID),
      errorLogs(ctx.db, project, { mid: MID }, { start: 0, length: ERROR_LOG_ROWS }),
    ]);
    return { commandLog: last, errors };
  },
  /** The inventory (001 §3 Device information): the last inventory and position it sent. */
  async inventory(parameter, ctx, project) {
    const { MID } = await helpdeskDevice(ctx, project, parameter);
    return deviceInventory(project.db(ctx.db), MID);
  },
};

/** One tab of a device's edit dialog: `{database, mid, pin, pin2, data}`. */
export const deviceData = defineProjectOperation({
  name: 'deviceData',
  parameter: deviceDataSchema,
  node: 'devices',
  mode: 'show',
  async handler(parameter, ctx, project) {
    const source = sources[parameter.data];
    // A declared list names its device in its filter.
    return source({ ...parameter, mid: parameter.filter?.mid ?? parameter.mid }, ctx, project);
  },
});
