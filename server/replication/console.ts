import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema, type Page } from '../../protocol/paging';
import type { ReplicaStatusRow } from '../../protocol/replication';
import { deviceParameter } from '../commands/operations';
import { requireDevice } from '../commands/history';
import { checkSortName } from '../services/sort-fields';
import { defineProjectOperation, type ProjectAccess } from '../services/projects/access';
import { deviceListParameter } from '../services/remote/device-list';
import { remoteRefusal } from '../services/remote/texts';
import type { Db } from '../db/database';

/** A pending operation as the Replica tab lists it (001 §3 "Operations: ID, TIMESTAMP, CGSSQL"). */
export interface ReplicaOperationRow {
  ID: number;
  TIMESTAMP: string;
  CGSSQL: string;
  mid: string;
}

const t = (project: ProjectAccess, table: string) => sql.id(project.schema, table);

export async function replicaStatus(
  db: Db,
  project: ProjectAccess,
  mid: string,
): Promise<ReplicaStatusRow> {
  const row = await sql<ReplicaStatusRow & { SINCRONISMO: Date | null }>`
    SELECT d."SINCRONISMO", coalesce(r."LASTID", 0)::bigint AS "LASTID",
           coalesce(r."LASTDMID", 0)::bigint AS "LASTDMID",
           coalesce(r."LASTCID", 0)::bigint AS "LASTCID",
           (SELECT count(*)::int FROM ${t(project, 'squeue')} s WHERE s."MID" = d."MID") AS "PENDING"
    FROM ${t(project, 'devices')} d
    LEFT JOIN ${t(project, 'replica_status')} r ON r."MID" = d."MID"
    WHERE d."MID" = ${mid}
  `.execute(db);
  const status = row.rows[0];
  return {
    ...status,
    SINCRONISMO: status.SINCRONISMO ? new Date(status.SINCRONISMO).toISOString() : null,
  };
}

const pageSchema = datatableSchema.default({ start: 0, length: 10, orderDir: 'asc' });

/** A device's SQUEUE joined to IQUEUE, paged in SQL, by ID (oldest first unless asked). */
export async function replicaOperations(
  db: Db,
  project: ProjectAccess,
  mid: string,
  page: z.infer<typeof pageSchema>,
): Promise<Page<ReplicaOperationRow>> {
  const direction = page.orderBy === 'ID' && page.orderDir === 'desc' ? sql`DESC` : sql`ASC`;
  const [rows, count] = await Promise.all([
    sql<ReplicaOperationRow & { TIMESTAMP: Date }>`
      SELECT s."ID", i."TIMESTAMP", i."CGSSQL", s."MID" AS mid
      FROM ${t(project, 'squeue')} s JOIN ${t(project, 'iqueue')} i ON i."ID" = s."IQID"
      WHERE s."MID" = ${mid}
      ORDER BY s."ID" ${direction}
      LIMIT ${page.length} OFFSET ${page.start}
    `.execute(db),
    sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${t(project, 'squeue')} WHERE "MID" = ${mid}
    `.execute(db),
  ]);
  return {
    data: rows.rows.map((row) => ({
      ...row,
      ID: Number(row.ID),
      TIMESTAMP: new Date(row.TIMESTAMP).toISOString(),
    })),
    total: count.rows[0].n,
  };
}

/** The Replica tab's status: `{database, mid}`. */
export const deviceReplicaStatus = defineProjectOperation({
  name: 'deviceReplicaStatus',
  parameter: deviceParameter,
  node: 'devices.modify',
  mode: 'show',
  async handler({ mid }, { db, user }, project) {
    await requireDevice(db, project, mid, user.language);
    return replicaStatus(db, project, mid);
  },
});

/**
 * The device's pending operations, paged: `{database, mid, datatable}` or the declared list's
 * `{database, datatable, filter: {mid}}` (protocol/resources/device-replica.ts). Always one
 * device's: the whole project's outgoing queues are the statistics screen's.
 */
export const deviceReplicaOperations = defineProjectOperation({
  name: 'deviceReplicaOperations',
  parameter: deviceListParameter(pageSchema, {}),
  node: 'devices.modify',
  mode: 'show',
  async handler(parameter, ctx, project) {
    const mid = parameter.filter?.mid ?? parameter.mid;
    if (!mid) throw remoteRefusal(ctx.user, 'listDeviceRequired');
    await requireDevice(ctx.db, project, mid, ctx.user.language);
    checkSortName(ctx.user, ['ID'], parameter.datatable.orderBy);
    return replicaOperations(ctx.db, project, mid, parameter.datatable);
  },
});
