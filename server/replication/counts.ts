import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The sums of a project's replica_counts deltas (project migration 20261126_0011_replica_counts). */
export interface ReplicaCounts {
  QUEUE: number;
  IQUEUE: number;
  SQUEUE: number;
  /** Devices with 1 to 99 pending operations. */
  GREEN: number;
  /** 100 to 1000. */
  YELLOW: number;
  /** More than 1000. */
  RED: number;
  /** Devices never synchronised. */
  NOREPLICATE: number;
  /** Devices of the project (the trigger-kept device_counts). */
  DEVICES: number;
}

/** Delta rows above which the engine's sweep folds a project's counters (docs/replication.md). */
export const COMPACT_ABOVE = 1000;

const t = (schema: string, table: string) => sql.id(schema, table);

/** One statement: the counter sums and the device total, a few hundred rows read at most. */
export async function readReplicaCounts(db: Db, schema: string): Promise<ReplicaCounts> {
  const { rows } = await sql<Record<keyof ReplicaCounts, string>>`
    SELECT coalesce(sum("QUEUE"), 0) AS "QUEUE", coalesce(sum("IQUEUE"), 0) AS "IQUEUE",
           coalesce(sum("SQUEUE"), 0) AS "SQUEUE", coalesce(sum("GREEN"), 0) AS "GREEN",
           coalesce(sum("YELLOW"), 0) AS "YELLOW", coalesce(sum("RED"), 0) AS "RED",
           coalesce(sum("NOREPLICATE"), 0) AS "NOREPLICATE",
           (SELECT coalesce(sum("N"), 0) FROM ${t(schema, 'device_counts')}) AS "DEVICES"
    FROM ${t(schema, 'replica_counts')}
  `.execute(db);
  return Object.fromEntries(
    Object.entries(rows[0]).map(([name, value]) => [name, Number(value)]),
  ) as unknown as ReplicaCounts;
}

/** The device with most pending operations (ties: the smallest MID), or null when none wait. */
export async function busiestDevice(
  db: Db,
  schema: string,
): Promise<{ MID: string; PENDING: number } | null> {
  const { rows } = await sql<{ MID: string; PENDING: string }>`
    SELECT "MID", "PENDING" FROM ${t(schema, 'replica_status')}
    WHERE "PENDING" > 0 ORDER BY "PENDING" DESC, "MID" LIMIT 1
  `.execute(db);
  return rows[0] ? { MID: rows[0].MID, PENDING: Number(rows[0].PENDING) } : null;
}

/**
 * Folds a project's counter deltas into one row. Safe beside writers and another fold: the
 * DELETE takes only the rows its snapshot sees, and a concurrent fold skips those already gone.
 */
export async function compactReplicaCounts(db: Db, schema: string): Promise<void> {
  const counts = t(schema, 'replica_counts');
  await sql`
    WITH gone AS (DELETE FROM ${counts} RETURNING *)
    INSERT INTO ${counts} ("QUEUE", "IQUEUE", "SQUEUE", "GREEN", "YELLOW", "RED", "NOREPLICATE")
    SELECT coalesce(sum("QUEUE"), 0), coalesce(sum("IQUEUE"), 0), coalesce(sum("SQUEUE"), 0),
           coalesce(sum("GREEN"), 0), coalesce(sum("YELLOW"), 0), coalesce(sum("RED"), 0),
           coalesce(sum("NOREPLICATE"), 0)
    FROM gone
  `.execute(db);
}
