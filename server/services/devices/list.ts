import { z } from 'zod';
import {
  DEVICE_LIST_COLUMNS,
  DEVICE_PICKER_COLUMNS,
  deviceState,
  startOfDay,
  type DeviceStatusFilterCode,
} from '../../../protocol/devices';
import {
  FilterError,
  MAX_ROW_FILTERS,
  parseRowFilters,
  PICKER_ROW_FILTERS,
  rowFilterOperSchema,
  rowFilterSchema,
} from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { ServiceError } from '../registry';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { countDevices, FULL_COLUMNS, pageDevices, type DeviceSelection } from './device-query';
import { platformSchema } from './fields';

/**
 * `status`: 'all' (or empty), a status filter code 0–4 (000 §2), or 'short' for the group
 * editor's device picker, which pages a short row and has 4 filter slots.
 */
const statusSchema = z
  .union(
    [
      z.enum(['all', 'short', '']),
      z.number().int().min(0).max(4),
      z
        .string()
        .regex(/^[0-4]$/)
        .transform(Number),
    ],
    { error: 'must be all, short or a status 0 to 4' },
  )
  .default('all');

const PICKER_COLUMN_NAMES = Object.keys(
  DEVICE_PICKER_COLUMNS,
) as (keyof typeof DEVICE_PICKER_COLUMNS)[];

function filtersOf(
  rowfilter: z.infer<typeof rowFilterSchema>,
  rowfilteroper: z.infer<typeof rowFilterOperSchema>,
  short: boolean,
) {
  try {
    return short
      ? parseRowFilters(rowfilter, rowfilteroper, DEVICE_PICKER_COLUMNS, PICKER_ROW_FILTERS)
      : parseRowFilters(rowfilter, rowfilteroper, DEVICE_LIST_COLUMNS, MAX_ROW_FILTERS);
  } catch (error) {
    if (error instanceof FilterError) throw new ServiceError(error.message);
    throw error;
  }
}

/** The device list (000 §2), server-paged, sorted and filtered; `{data, total}`. */
export const devicesWithPages = defineProjectOperation({
  name: 'devicesWithPages',
  parameter: z.object({
    database: databaseSchema,
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    rowfilter: rowFilterSchema,
    rowfilteroper: rowFilterOperSchema,
    platform: platformSchema,
    status: statusSchema,
  }),
  node: 'devices',
  mode: 'show',
  async handler({ datatable, rowfilter, rowfilteroper, platform, status }, _ctx, project) {
    const short = status === 'short';
    const sortable: Record<string, string> = short ? DEVICE_PICKER_COLUMNS : DEVICE_LIST_COLUMNS;
    const orderBy = datatable.orderBy ?? 'ID';
    if (!Object.hasOwn(sortable, orderBy)) {
      throw new ServiceError(
        `No se puede ordenar por la columna ${orderBy}: no existe en esta lista.`,
      );
    }
    const selection: DeviceSelection = {
      platform,
      status: typeof status === 'number' ? (status as DeviceStatusFilterCode) : null,
      filters: filtersOf(rowfilter, rowfilteroper, short),
      today: startOfDay(new Date()),
    };
    const pdb = project.db();
    const page = {
      selection,
      orderBy: orderBy as keyof typeof DEVICE_LIST_COLUMNS,
      orderDir: datatable.orderDir,
      start: datatable.start,
      length: datatable.length,
    };
    if (short) {
      const [data, total] = await Promise.all([
        pageDevices(pdb, { ...page, columns: PICKER_COLUMN_NAMES }),
        countDevices(pdb, selection),
      ]);
      return { data, total };
    }
    const [rows, total] = await Promise.all([
      pageDevices(pdb, { ...page, columns: FULL_COLUMNS }),
      countDevices(pdb, selection),
    ]);
    return {
      data: rows.map((row) => ({ ...row, Estado: deviceState(row, selection.today) })),
      total,
    };
  },
});
