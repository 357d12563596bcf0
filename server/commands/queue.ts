import { sql } from 'kysely';
import type { Db } from '../db/database';
import { projectSchemaName } from '../db/projects';

/**
 * The queue of commands waiting for offline devices (core.command_queue; docs/device-protocol.md,
 * "Queued commands"). A row lives from the command's sending until its device acknowledges it,
 * it is cancelled or it expires; the history row (prj_<n>.device_commands) says which.
 */
export interface QueuedCommand {
  mid: string;
  id: number;
  numero: number;
  cmd: string;
  params: Record<string, unknown>;
}

/**
 * The queued commands of these devices not expired, by device and in the order they were sent:
 * read through the primary key (mid, id), nothing when none waits.
 */
export async function queuedFor(db: Db, mids: string[]): Promise<QueuedCommand[]> {
  if (mids.length === 0) return [];
  const { rows } = await sql<QueuedCommand>`
    SELECT mid, id::float8 AS id, numero, cmd, params FROM core.command_queue
    WHERE mid = ANY(${mids}::text[]) AND expires_at > now()
    ORDER BY mid, id
  `.execute(db);
  return rows;
}

/**
 * Takes queued commands of a project for delivery: those still waiting ('pending', or sent
 * earlier and not acknowledged) turn 'sent' and are answered, in ID order; the queue rows of the
 * others (cancelled, expired, answered, or gone with their device) are removed. A cancellation
 * racing with this waits for the row and then finds it 'sent', or this finds it 'cancelled'.
 */
export async function claimQueued(db: Db, numero: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const table = sql.id(projectSchemaName(numero), 'device_commands');
  const { rows } = await sql<{ id: number }>`
    WITH claimed AS (
      UPDATE ${table} SET
        "STATE" = CASE WHEN "STATE" = 'pending' THEN 'sent' ELSE "STATE" END,
        "SENT" = COALESCE("SENT", now())
      WHERE "ID" = ANY(${ids}::bigint[]) AND "STATE" IN ('pending', 'sent')
      RETURNING "ID"
    ), gone AS (
      DELETE FROM core.command_queue AS q
      WHERE q.numero = ${numero} AND q.id = ANY(${ids}::bigint[])
        AND q.id NOT IN (SELECT "ID" FROM claimed)
    )
    SELECT "ID"::float8 AS id FROM claimed ORDER BY "ID"
  `.execute(db);
  return rows.map((row) => row.id);
}

/** Removes acknowledged commands from the queue (their device has them). */
export async function dequeue(db: Db, keys: { mid: string; id: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    DELETE FROM core.command_queue AS q
    USING unnest(${keys.map((key) => key.mid)}::text[], ${keys.map((key) => key.id)}::bigint[])
      AS k(mid, id)
    WHERE q.mid = k.mid AND q.id = k.id
  `.execute(db);
}

/**
 * Ends the queued commands whose expiry has come (of one project, or of all): out of the queue,
 * 'expired' in the history unless answered meanwhile. One transaction; with `numero` null (the
 * periodic sweep) only one node at a time does it, the others skip. Answers how many expired.
 */
export async function expireQueued(db: Db, numero: number | null): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (numero === null) {
      const { rows } = await sql<{ got: boolean }>`
        SELECT pg_try_advisory_xact_lock(hashtext('flota.command_queue.expiry')) AS got
      `.execute(trx);
      if (!rows[0].got) return 0;
    }
    const { rows } = await sql<{ numero: number; ids: number[] }>`
      WITH gone AS (
        DELETE FROM core.command_queue
        WHERE expires_at <= now() ${numero === null ? sql`` : sql`AND numero = ${numero}`}
        RETURNING numero, id
      )
      SELECT numero, array_agg(id::float8) AS ids FROM gone GROUP BY numero
    `.execute(trx);
    let expired = 0;
    for (const group of rows) {
      const table = sql.id(projectSchemaName(group.numero), 'device_commands');
      const result = await sql`
        UPDATE ${table} SET "STATE" = 'expired', "ERRORDATE" = now()
        WHERE "ID" = ANY(${group.ids}::bigint[]) AND "STATE" IN ('pending', 'sent')
      `.execute(trx);
      expired += Number(result.numAffectedRows ?? 0);
    }
    return expired;
  });
}

/**
 * Cancels commands still pending (not handed to their device yet): 'cancelled' in the history
 * and out of the queue, in one statement. Answers the IDs cancelled; the others were not pending.
 */
export async function cancelQueued(db: Db, numero: number, ids: number[]): Promise<number[]> {
  const table = sql.id(projectSchemaName(numero), 'device_commands');
  const { rows } = await sql<{ id: number }>`
    WITH done AS (
      UPDATE ${table} SET "STATE" = 'cancelled', "ERRORDATE" = now()
      WHERE "ID" = ANY(${ids}::bigint[]) AND "STATE" = 'pending'
      RETURNING "ID", "MID"
    ), gone AS (
      DELETE FROM core.command_queue AS q USING done WHERE q.mid = done."MID" AND q.id = done."ID"
    )
    SELECT "ID"::float8 AS id FROM done ORDER BY "ID"
  `.execute(db);
  return rows.map((row) => row.id);
}
