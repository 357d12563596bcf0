import { z } from 'zod';
import {
  DEVICE_PICKER_COLUMNS,
  deviceState,
  startOfDay,
  type DeviceListColumn,
  type DeviceStatusFilterCode,
} from '../../../protocol/devices';
import { DEVICE_PRESENCE_FIELDS, DEVICE_ROW_ALWAYS } from '../../../protocol/device-schema';
import {
  FilterError,
  MAX_ROW_FILTERS,
  NumericOperator,
  parseRowFilters,
  PICKER_ROW_FILTERS,
  rowFilterOperSchema,
  rowFilterSchema,
  TextOperator,
} from '../../../protocol/filters';
import { isNumericField, type FieldSchema } from '../../../protocol/resource-schema';
import { FLEET_SIGNALS } from '../../../protocol/fleet';
import { datatableSchema } from '../../../protocol/paging';
import { listRules, type ListRules } from '../../resources/list-rules';
import type { EffectiveResource } from '../../resources/resources';
import { withPresence } from '../../device/presence-read';
import { effectiveResource } from '../../resources/operation';
import type { Reader } from '../area-texts';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { countDevices, pageDevices, type DeviceSelection } from './device-query';
import { listTotal } from './list-total';
import { platformSchema } from './fields';
import { deviceRefusal } from './texts';

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

/** `rules` is null for the group picker, whose short row and filters are fixed. */
function filtersOf(
  reader: Reader,
  rowfilter: z.infer<typeof rowFilterSchema>,
  rowfilteroper: z.infer<typeof rowFilterOperSchema>,
  rules: ListRules | null,
) {
  try {
    if (!rules) {
      return parseRowFilters(rowfilter, rowfilteroper, DEVICE_PICKER_COLUMNS, PICKER_ROW_FILTERS);
    }
    for (const column of [...Object.keys(rowfilter), ...Object.keys(rowfilteroper)]) {
      if (rules.fields.has(column) && !Object.hasOwn(rules.filterable, column)) {
        throw deviceRefusal(reader, 'notFilterable', { column });
      }
    }
    return parseRowFilters(rowfilter, rowfilteroper, rules.filterable, MAX_ROW_FILTERS);
  } catch (error) {
    if (error instanceof FilterError) throw deviceRefusal(reader, error.issue, error.values);
    throw error;
  }
}

function checkSort(reader: Reader, orderBy: string, rules: ListRules | null) {
  if (!rules && Object.hasOwn(DEVICE_PICKER_COLUMNS, orderBy)) return;
  // The key is the default order: a console asking for it explicitly is not refused.
  if (rules && (rules.sortable.has(orderBy) || orderBy === rules.key)) return;
  const known = rules?.fields.has(orderBy);
  throw deviceRefusal(reader, known ? 'notSortable' : 'sortUnknownColumn', { column: orderBy });
}

/** The list's rules; the connection fields are read from the directory, not the devices table. */
function deviceListRules(effective: EffectiveResource, schema: string) {
  const rules = listRules<DeviceListColumn>(effective, schema, DEVICE_ROW_ALWAYS);
  const rowColumns = rules.rowColumns.filter(
    (column: string) => !DEVICE_PRESENCE_FIELDS.has(column),
  ) as DeviceListColumn[];
  /** A deployment that hides both connection fields reads no presence. */
  const presence = rowColumns.length < rules.rowColumns.length;
  return { ...rules, rowColumns, presence };
}

/** `filter`: values by field, as declared resources' list calls take them (the REST API's). */
const plainFilterSchema = z
  .record(z.string().min(1).max(64), z.union([z.string().max(200), z.number(), z.boolean()]))
  .default({});

/**
 * A `filter` value joins the row filters with the one operator declared lists mean by it: a
 * number, a code or a yes/no equal, any other text (a day, for dates) contained. A field already
 * in `rowfilter` keeps its own operator.
 */
function withPlainFilter(
  given: { rowfilter: z.infer<typeof rowFilterSchema>; rowfilteroper: Record<string, number> },
  filter: z.infer<typeof plainFilterSchema>,
  fields: readonly FieldSchema[],
) {
  const rowfilter = { ...given.rowfilter };
  const rowfilteroper = { ...given.rowfilteroper };
  for (const [column, value] of Object.entries(filter)) {
    if (Object.hasOwn(rowfilter, column) || value === '') continue;
    const field = fields.find((f) => f.source === column);
    rowfilter[column] = typeof value === 'boolean' ? String(value) : value;
    rowfilteroper[column] =
      field && isNumericField(field)
        ? NumericOperator.equals
        : field?.choices || field?.type === 'boolean'
          ? TextOperator.equals
          : TextOperator.contains;
  }
  return { rowfilter, rowfilteroper };
}

/**
 * The device list (000 §2), server-paged, sorted and filtered; `{data, total}`. What may be
 * sorted and filtered and what a row carries follow the project's effective `devicelist` schema
 * (docs/resources.md); the group picker (`status: 'short'`) keeps its fixed short row.
 */
export const devicesWithPages = defineProjectOperation({
  name: 'devicesWithPages',
  parameter: z.object({
    database: databaseSchema,
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    rowfilter: rowFilterSchema,
    rowfilteroper: rowFilterOperSchema,
    filter: plainFilterSchema,
    platform: platformSchema,
    status: statusSchema,
    /** The home page's links: the devices connected now, or with a low battery. */
    fleet: z.enum(FLEET_SIGNALS).nullish(),
  }),
  node: 'devices',
  mode: 'show',
  async handler({ datatable, filter, platform, status, fleet, ...given }, ctx, project) {
    const effective =
      status === 'short' ? null : await effectiveResource('devicelist', ctx, project);
    const rules = effective ? deviceListRules(effective, project.schema) : null;
    // ID is the default order and every sort's tie-break, whatever the schema says of it.
    const orderBy = datatable.orderBy ?? 'ID';
    checkSort(ctx.user, orderBy, rules);
    const fields = effective?.schema.fields ?? [];
    const { rowfilter, rowfilteroper } = withPlainFilter(given, filter, fields);
    const selection: DeviceSelection = {
      platform,
      status: typeof status === 'number' ? (status as DeviceStatusFilterCode) : null,
      filters: filtersOf(ctx.user, rowfilter, rowfilteroper, rules),
      today: startOfDay(new Date()),
      fleet: fleet ?? null,
      added: rules?.added,
    };
    const pdb = project.db();
    const page = {
      selection,
      orderBy,
      orderDir: datatable.orderDir,
      start: datatable.start,
      length: datatable.length,
      numero: project.numero,
    };
    if (!rules) {
      const [data, total] = await Promise.all([
        pageDevices(pdb, { ...page, columns: PICKER_COLUMN_NAMES }),
        countDevices(pdb, selection),
      ]);
      return { data, total };
    }
    // The total is exact up to a cap, then "more than" it (list-total.ts).
    const [rows, { total, capped }] = await Promise.all([
      pageDevices(pdb, { ...page, columns: rules.rowColumns, added: rules.rowAdded }),
      listTotal(ctx.db, project, selection, page),
    ]);
    const shown = rules.presence ? await withPresence(ctx.db, rows) : rows;
    return {
      data: shown.map((row) => ({ ...row, Estado: deviceState(row, selection.today) })),
      total,
      ...(capped ? { totalCapped: true } : {}),
    };
  },
});
