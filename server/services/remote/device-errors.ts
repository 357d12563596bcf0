import { sql, type ColumnType, type Kysely } from 'kysely';
import { z } from 'zod';
import type { DeviceErrorRow } from '../../../protocol/device-protocol';
import { datatableSchema, type Datatable, type Page } from '../../../protocol/paging';
import { requireDevice } from '../../commands/history';
import type { Db } from '../../db/database';
import type { ProjectDatabase } from '../../db/project-schema';
import { midSchema } from '../devices/fields';
import { databaseSchema, defineProjectOperation, type ProjectAccess } from '../projects/access';

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

/** A device's error logs, newest first unless asked for TIMESTAMP ascending; paged in SQL. */
export async function errorLogs(
  db: Db,
  project: ProjectAccess,
  mid: string,
  page: Pick<Datatable, 'start' | 'length'> & Partial<Pick<Datatable, 'orderBy' | 'orderDir'>>,
): Promise<Page<DeviceErrorRow>> {
  if (!/^prj_\d+$/.test(project.schema)) throw new Error(`Not a project schema: ${project.schema}`);
  const edb = (db as unknown as Kysely<ErrorsDatabase>).withSchema(project.schema);
  const direction = page.orderBy === 'TIMESTAMP' && page.orderDir === 'asc' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    edb
      .selectFrom('device_errors')
      .select(['ID', 'TIMESTAMP', 'CGSSQL', 'DESCRIPTION'])
      .where('MID', '=', mid)
      .orderBy('TIMESTAMP', direction)
      .orderBy('ID', direction)
      .limit(page.length)
      .offset(page.start)
      .execute(),
    // At most 500 rows per device (the check-in writer's cap): counting them is cheap.
    edb
      .selectFrom('device_errors')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('MID', '=', mid)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) => ({ ...row, TIMESTAMP: new Date(row.TIMESTAMP).toISOString() })),
    total: count.n,
  };
}

/**
 * The errors the device's replicator reported (001 §3 error logs), for the edit dialog's logs
 * tab: the same permission as the command history beside them.
 */
export const deviceErrorLogs = defineProjectOperation({
  name: 'deviceErrorLogs',
  parameter: z.object({ database: databaseSchema, mid: midSchema, datatable: pageSchema }),
  node: 'devices.modify',
  mode: 'show',
  async handler({ mid, datatable }, { db, user }, project) {
    await requireDevice(db, project, mid, user.language);
    return errorLogs(db, project, mid, datatable);
  },
});
