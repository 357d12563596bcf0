import { sql, type ColumnType, type Kysely } from 'kysely';
import type { DeviceErrorRow } from '../../../protocol/device-protocol';
import { datatableSchema, type Datatable, type Page } from '../../../protocol/paging';
import { requireDevice } from '../../commands/history';
import { checkSortName } from '../sort-fields';
import type { Db } from '../../db/database';
import type { ProjectDatabase } from '../../db/project-schema';
import { ilike } from '../../db/filter-sql';
import { defineProjectOperation, type ProjectAccess } from '../projects/access';
import { containsPattern, deviceListParameter, listedMid, searchSchema } from './device-list';

/** `prj_<n>.device_errors` (project migration 20261122_0005_device_errors). */
interface DeviceErrorTable {
  ID: ColumnType<number, never, never>;
  MID: string;
  TIMESTAMP: ColumnType<Date, string, string>;
  CGSSQL: string;
  DESCRIPTION: string;
}

interface ErrorsDatabase extends ProjectDatabase {
  device_errors: DeviceErrorTable;
}

/** 001 §9: the error log table shows 5 rows. */
export const ERROR_LOG_ROWS = 5;

const pageSchema = datatableSchema.default({ start: 0, length: ERROR_LOG_ROWS, orderDir: 'desc' });

/** The columns the error logs may be sorted by (protocol/resources/device-errors.ts). */
export const ERROR_LOG_SORTABLE = ['TIMESTAMP', 'DESCRIPTION'] as const;

/** Which rows: one device's (or, null, the project's), and those whose SQL or text has `q`. */
export interface ErrorLogFilter {
  mid: string | null;
  q?: string;
}

/**
 * Error logs, paged, searched and sorted in SQL: newest first unless the caller sorts by a
 * sortable column, with ID breaking ties.
 */
export async function errorLogs(
  db: Db,
  project: ProjectAccess,
  filter: ErrorLogFilter,
  page: Pick<Datatable, 'start' | 'length'> & Partial<Pick<Datatable, 'orderBy' | 'orderDir'>>,
): Promise<Page<DeviceErrorRow & { mid: string }>> {
  if (!/^prj_\d+$/.test(project.schema)) throw new Error(`Not a project schema: ${project.schema}`);
  const edb = (db as unknown as Kysely<ErrorsDatabase>).withSchema(project.schema);
  const column = ERROR_LOG_SORTABLE.find((name) => name === page.orderBy);
  const direction = column ? (page.orderDir ?? 'asc') : 'desc';
  const q = filter.q?.trim() ? containsPattern(filter.q) : null;
  const rows = edb
    .selectFrom('device_errors')
    .$if(filter.mid !== null, (qb) => qb.where('MID', '=', filter.mid!))
    .$if(q !== null, (qb) =>
      qb.where((eb) => eb.or([ilike(eb.ref('CGSSQL'), q!), ilike(eb.ref('DESCRIPTION'), q!)])),
    );
  const [data, count] = await Promise.all([
    rows
      .select(['ID', 'MID as mid', 'TIMESTAMP', 'CGSSQL', 'DESCRIPTION'])
      .orderBy(column ?? 'TIMESTAMP', direction)
      .orderBy('ID', direction)
      .limit(page.length)
      .offset(page.start)
      .execute(),
    // At most 500 rows per device (the check-in writer's cap): counting them is cheap.
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: data.map((row) => ({ ...row, TIMESTAMP: new Date(row.TIMESTAMP).toISOString() })),
    total: count.n,
  };
}

/**
 * The errors the device's replicator reported (001 §3 error logs), for the edit dialog's logs
 * tab: the same permission as the command history beside them. `{database, mid, datatable}`, or
 * the declared list's `{database, datatable, filter: {mid, q}}` (protocol/resources/device-errors.ts),
 * whose `filter` without `mid` lists the project's.
 */
export const deviceErrorLogs = defineProjectOperation({
  name: 'deviceErrorLogs',
  parameter: deviceListParameter(pageSchema, { q: searchSchema }),
  node: 'devices.modify',
  mode: 'show',
  async handler(parameter, ctx, project) {
    const mid = listedMid(parameter, ctx);
    if (mid !== null) await requireDevice(ctx.db, project, mid, ctx.user.language);
    const q = parameter.filter?.q;
    checkSortName(ctx.user, ERROR_LOG_SORTABLE, parameter.datatable.orderBy);
    return errorLogs(ctx.db, project, { mid, q }, parameter.datatable);
  },
});
