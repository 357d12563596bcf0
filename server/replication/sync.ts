import { sql } from 'kysely';
import {
  ALL_DEVICES,
  DEFAULT_FETCH_OPERATIONS,
  operationSql,
  type DownOperation,
  type ReplicaRequest,
  type ReplicaResponse,
  type UpOperation,
} from '../../protocol/replication';
import type { Db } from '../db/database';
import type { DeviceHome } from '../device/directory';
import type { Tables } from './tables';
import type { ReplicationTextKey } from './texts';
import { checkOperations } from './validate';

/** A sync refused before anything was written: 400 with this text, or 410 for a removed device. */
export class SyncRefusal extends Error {
  constructor(
    readonly key: ReplicationTextKey | 'deviceGone',
    readonly vars: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

interface StatusRow {
  LASTID: string;
  LASTDMID: string;
  LASTCID: string;
}

interface FetchedRow {
  id: string;
  table: string;
  op: DownOperation['op'];
  key: DownOperation['key'];
  values: DownOperation['values'];
  time: Date;
  sql: string;
}

const t = (home: DeviceHome, table: string) => sql.id(home.schema, table);

/**
 * The columns an operation sets as the applier groups them (apply.ts): sorted, comma-separated.
 * Column names are ASCII (protocol/replication.ts), so this order is PostgreSQL's COLLATE "C".
 */
function columnList(values: UpOperation['values']): string {
  return values ? Object.keys(values).sort().join(',') : '';
}

/**
 * One device's sync, in one transaction of the application's role (docs/replication.md):
 * acknowledge (remove what the device applied), queue its new operations in QUEUE (those whose
 * id is above LASTID; the others arrived before), fetch the next operations of its SQUEUE, and
 * stamp SINCRONISMO. The device's replica_status row is locked first, so two syncs of one device
 * run one after the other. Answers whether operations were queued, for the applier.
 */
export async function syncDevice(
  db: Db,
  home: DeviceHome,
  request: ReplicaRequest,
  tables: () => Promise<Tables>,
): Promise<{ response: ReplicaResponse; queued: number }> {
  const operations = (request.operations ?? []) as UpOperation[];
  if (operations.length > 0) {
    const refusal = checkOperations(operations, await tables());
    if (refusal) throw new SyncRefusal(refusal.key, refusal.vars);
  }
  return db.transaction().execute(async (trx) => {
    const status = await sql<StatusRow>`
      INSERT INTO ${t(home, 'replica_status')} ("MID")
      SELECT "MID" FROM ${t(home, 'devices')} WHERE "MID" = ${home.mid}
      ON CONFLICT ("MID") DO UPDATE SET "LASTID" = ${t(home, 'replica_status')}."LASTID"
      RETURNING "LASTID", "LASTDMID", "LASTCID"
    `.execute(trx);
    const row = status.rows[0];
    if (!row) throw new SyncRefusal('deviceGone');
    let lastId = Number(row.LASTID);
    let lastAck = Number(row.LASTCID);
    const delivered = Number(row.LASTDMID);

    if (request.ack !== undefined && request.ack > lastAck) {
      if (request.ack > delivered) {
        throw new SyncRefusal('ackAhead', { ack: request.ack, last: delivered });
      }
      await sql`
        DELETE FROM ${t(home, 'squeue')} WHERE "MID" = ${home.mid} AND "ID" <= ${request.ack}
      `.execute(trx);
      lastAck = request.ack;
    }

    const fresh = operations.filter((operation) => operation.id > lastId);
    if (fresh.length > 0) {
      const rows = fresh.map((operation) => ({
        id: operation.id,
        time: operation.time,
        table: operation.table,
        op: operation.op,
        key: operation.key,
        values: operation.op === 'delete' ? null : (operation.values ?? {}),
        mid: operation.mid ?? ALL_DEVICES,
        sql: operationSql(operation),
        columns: operation.op === 'delete' ? '' : columnList(operation.values),
      }));
      await sql`
        INSERT INTO ${t(home, 'queue')}
          ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "TARGET", "CGSSQL",
           "COLUMNS")
        SELECT ${home.mid}, o.id, o.time, o.table, o.op, o.key, o.values, o.mid, o.sql, o.columns
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS o(
          id bigint, time timestamptz, "table" text, op text, key jsonb, "values" jsonb,
          mid text, sql text, columns text)
        ORDER BY o.id
      `.execute(trx);
      lastId = fresh[fresh.length - 1].id;
    }

    const limit = request.limit ?? DEFAULT_FETCH_OPERATIONS;
    const fetched =
      limit === 0
        ? []
        : (
            await sql<FetchedRow>`
              SELECT s."ID" AS id, i."TABLENAME" AS table, i."OPERATION" AS op, i."PK" AS key,
                     i."DATA" AS values, i."TIMESTAMP" AS time, i."CGSSQL" AS sql
              FROM ${t(home, 'squeue')} s JOIN ${t(home, 'iqueue')} i ON i."ID" = s."IQID"
              WHERE s."MID" = ${home.mid}
              ORDER BY s."ID"
              LIMIT ${limit + 1}
            `.execute(trx)
          ).rows;
    const more = fetched.length > limit;
    const down: DownOperation[] = fetched.slice(0, limit).map((op) => ({
      ...op,
      id: Number(op.id),
      time: op.time.toISOString(),
    }));
    const lastDelivered = Math.max(delivered, down.at(-1)?.id ?? 0);

    await sql`
      UPDATE ${t(home, 'replica_status')}
      SET "LASTID" = ${lastId}, "LASTCID" = ${lastAck}, "LASTDMID" = ${lastDelivered}
      WHERE "MID" = ${home.mid}
    `.execute(trx);
    await sql`
      UPDATE ${t(home, 'devices')} SET "SINCRONISMO" = now() WHERE "MID" = ${home.mid}
    `.execute(trx);
    return {
      response: {
        accepted: fresh.length,
        duplicates: operations.length - fresh.length,
        lastId,
        lastAck,
        operations: down,
        more,
      },
      queued: fresh.length,
    };
  });
}
