import pg from 'pg';
import type { OperationKind, ReplicaValue } from '../../protocol/replication';
import type { SandboxProject, SandboxSession } from '../db/sandbox';
import { applySql, idArray } from './apply-sql';
import { corrections, type Refused } from './corrections';
import { fanOutBySelection, moveAndFanOut } from '../selection/fan-out';
import { readTables, type ReplicatedTable, type Tables } from './tables';
import { ERROR_LOG_LANGUAGE, replicationText } from './texts';

/** Advisory lock class of a project's applier; the second key is the project's numero. */
export const APPLY_LOCK = 727003;
/** Error logs kept per device, as for those reported in check-ins (server/device/checkin.ts). */
const MAX_ERRORS_PER_DEVICE = 500;

/** What the project's replicator settings change in a batch (server/replication/settings.ts). */
export interface ApplyOptions {
  /** A device whose operation was refused receives the row as the server has it. */
  corrections: boolean;
  /** Newest error-log rows kept per device. */
  errorsKept: number;
}

/**
 * An operation of a batch as the applier reads it: what groups it. Its values stay in QUEUE,
 * where the statements read them (apply-sql.ts).
 */
export interface BatchOperation {
  ID: string;
  TABLENAME: string;
  OPERATION: OperationKind;
  PK: Record<string, ReplicaValue>;
  /** The columns it sets, sorted and comma-separated; '' for a delete. */
  COLUMNS: string;
}

/** A refused operation with what its device's error log shows. */
export interface QueuedOperation extends BatchOperation {
  MID: string;
  TIMESTAMP: Date;
  CGSSQL: string;
}

export interface BatchOutcome {
  /** Another node (or loop) holds the project's applier lock: nothing was done. */
  busy: boolean;
  applied: number;
  refused: number;
  /** Rows added to the devices' outgoing queues. */
  queuedOut: number;
  /** More operations wait in QUEUE. */
  more: boolean;
}

const text = (key: Parameters<typeof replicationText>[1], vars: Record<string, string | number>) =>
  replicationText(ERROR_LOG_LANGUAGE, key, vars);

const keyText = (key: Record<string, ReplicaValue>) =>
  Object.entries(key)
    .map(([column, value]) => `${column}=${JSON.stringify(value)}`)
    .join(', ');

/**
 * A row's key as text: two operations on one row must give the same text (two rows may share
 * one: they only go to different waves). A one-column key (most tables) is its value as text,
 * which also puts 1 and "1" together, as the column's type will.
 */
function rowKey(key: string[], pk: Record<string, ReplicaValue>): string {
  return key.length === 1 ? String(pk[key[0]]) : JSON.stringify(key.map((k) => pk[k]));
}

/**
 * Orders a batch into waves: the k-th operation on a row goes into wave k. Within a wave no row
 * appears twice, so its operations can be grouped by table, kind and columns and applied by one
 * statement per group, in any order, with the same result as one by one in arrival order.
 */
function groupsInWaves(batch: BatchOperation[], tables: Tables): Map<string, number[]>[] {
  const seen = new Map<string, number>();
  const waves: Map<string, number[]>[] = [];
  batch.forEach((operation, index) => {
    const table = tables.get(operation.TABLENAME)!;
    const row = `${operation.TABLENAME}\0${rowKey(table.key, operation.PK)}`;
    const wave = seen.get(row) ?? 0;
    seen.set(row, wave + 1);
    waves[wave] ??= new Map();
    const columns = operation.OPERATION === 'delete' ? '' : operation.COLUMNS;
    const group = `${operation.TABLENAME}\0${operation.OPERATION}\0${columns}`;
    const members = waves[wave].get(group) ?? [];
    members.push(index);
    waves[wave].set(group, members);
  });
  return waves;
}

const NEXT_GROUP = 'RELEASE SAVEPOINT flota_group; SAVEPOINT flota_group';

/** Applies one group (`first`: the batch's first); answers each member's error text, null when applied. */
async function applyGroup(
  session: SandboxSession,
  schema: string,
  table: ReplicatedTable,
  members: BatchOperation[],
  first: boolean,
): Promise<(string | null)[]> {
  const { OPERATION: op, COLUMNS } = members[0];
  const columns = op === 'delete' || COLUMNS === '' ? [] : COLUMNS.split(',');
  const statement = applySql(schema, table, op, columns);
  const notDone = (m: BatchOperation) =>
    text(op === 'insert' ? 'duplicate' : 'missing', { key: keyText(m.PK), table: table.name });
  const run = async (list: BatchOperation[]) => {
    const result = await session.query<{ id: string }>(statement, [idArray(list.map((m) => m.ID))]);
    const done = new Set(result.rows.map((row) => row.id));
    return list.map((m) => (done.has(m.ID) ? null : notDone(m)));
  };
  // The previous group's savepoint is released as this one is taken (one round trip, no
  // parameters: a simple query may hold two statements); the last one goes with the commit.
  await session.query(first ? 'SAVEPOINT flota_group' : NEXT_GROUP);
  try {
    return await run(members);
  } catch {
    // A value the column refuses (type, NOT NULL, CHECK, foreign key…) fails the whole
    // statement: find which, one operation at a time. Rare, so the slow path is fine.
    await session.query('ROLLBACK TO SAVEPOINT flota_group');
  }
  const outcome: (string | null)[] = [];
  for (const member of members) {
    await session.query('SAVEPOINT flota_one');
    try {
      outcome.push((await run([member]))[0]);
      await session.query('RELEASE SAVEPOINT flota_one');
    } catch (error) {
      await session.query('ROLLBACK TO SAVEPOINT flota_one');
      const { code = '?', message = String(error) } = error as { code?: string; message?: string };
      outcome.push(text('failed', { code, message }));
    }
  }
  return outcome;
}

/**
 * Applies the oldest operations of a project's QUEUE, at most `max`, in one transaction of the
 * project's own role (docs/replication.md): applied operations move to IQUEUE, refused ones go
 * to their device's error log with a correction for that device, and every new IQUEUE row is
 * fanned out to its recipients' SQUEUE. Holds the project's applier lock for the transaction,
 * so operations are applied in arrival order by one applier at a time, on any node.
 */
export async function applyBatch(
  session: SandboxSession,
  project: SandboxProject,
  max: number,
  options: Partial<ApplyOptions> = {},
): Promise<BatchOutcome> {
  const idle = { busy: false, applied: 0, refused: 0, queuedOut: 0, more: false };
  const t = (table: string) =>
    `${pg.escapeIdentifier(project.schema)}.${pg.escapeIdentifier(table)}`;
  // The lock, then the batch, in one round trip: one row says whether the lock was taken (its
  // "locked" not null), and the queue is read only then. The columns in code-point order
  // (COLLATE "C"), the same set always the same text: written by the sync that queued the
  // operation (sync.ts), read from DATA for a row queued without.
  const read = await session.query<BatchOperation & { locked: boolean | null }>(
    `WITH flota_lock AS MATERIALIZED (
       SELECT pg_try_advisory_xact_lock($2::int, $3::int) AS ok,
              set_config('synchronous_commit', 'off', true) AS relaxed)
     SELECT ok AS locked, NULL::bigint AS "ID", NULL::text AS "TABLENAME",
            NULL::text AS "OPERATION", NULL::jsonb AS "PK", NULL::text AS "COLUMNS"
     FROM flota_lock
     UNION ALL
     (SELECT NULL, "ID", "TABLENAME", "OPERATION", "PK",
             coalesce("COLUMNS", (SELECT coalesce(string_agg(c, ',' ORDER BY c COLLATE "C"), '')
                                  FROM jsonb_object_keys("DATA") c))
      FROM ${t('queue')} WHERE (SELECT ok FROM flota_lock) ORDER BY "ID" LIMIT $1)`,
    [max + 1, APPLY_LOCK, project.numero],
  );
  if (!read.rows.some((row) => row.locked)) return { ...idle, busy: true };
  const queued = read.rows.filter((row) => row.locked === null);
  if (queued.length === 0) return idle;
  const batch = queued.slice(0, max);
  const tables = await readTables(
    async (sql, values) => (await session.query(sql, values)).rows as never[],
    project.schema,
  );

  const errors: (string | null)[] = batch.map(() => null);
  // A table dropped or changed since its operations were queued refuses them here.
  const runnable = batch.filter((operation, index) => {
    const table = tables.get(operation.TABLENAME);
    if (table && table.key.length > 0 && table.key.every((k) => k in operation.PK)) return true;
    errors[index] = text('failed', {
      code: '42P01',
      message: `${operation.TABLENAME}: not a replicated table with this key any more`,
    });
    return false;
  });
  const positions = new Map(batch.map((operation, index) => [operation, index]));
  let first = true;
  for (const wave of groupsInWaves(runnable, tables)) {
    for (const members of wave.values()) {
      const operations = members.map((i) => runnable[i]);
      const table = tables.get(operations[0].TABLENAME)!;
      const outcome = await applyGroup(session, project.schema, table, operations, first);
      first = false;
      operations.forEach((operation, i) => (errors[positions.get(operation)!] = outcome[i]));
    }
  }

  const appliedIds = batch.filter((_, i) => errors[i] === null).map((o) => o.ID);
  const refused = await refusedOperations(session, t, batch, errors);
  const fanned = await moveAndFanOut(session, project.schema, tables, moveSql(t), [
    idArray(batch.map((o) => o.ID)),
    idArray(appliedIds),
  ]);
  let queuedOut = fanned.rowCount ?? 0;
  if (refused.length > 0) {
    await logErrors(session, t, refused, options.errorsKept ?? MAX_ERRORS_PER_DEVICE);
    const corrected =
      options.corrections === false
        ? []
        : await corrections(session, project.schema, tables, refused);
    // After the batch's rows: each device's SQUEUE stays in IQUEUE order.
    if (corrected.length > 0) {
      const out = await fanOutBySelection(session, project.schema, tables, corrected);
      queuedOut += out.rowCount ?? 0;
    }
  }
  return {
    busy: false,
    applied: appliedIds.length,
    refused: refused.length,
    queuedOut,
    more: queued.length > max,
  };
}

/**
 * The batch leaves QUEUE ($1, every operation of the batch) and the applied ones ($2) are
 * written to IQUEUE in QUEUE order, as the CTE flota_batch of the fan-out (recipients.ts), so
 * one statement moves and fans out and IQUEUE is not read back. The copy reads the applied rows
 * from QUEUE while a second CTE deletes the batch (one snapshot), instead of a DELETE …
 * RETURNING * whose rows, all columns of every one, were held in memory and filtered.
 */
function moveSql(t: (table: string) => string): string {
  return `flota_gone AS (DELETE FROM ${t('queue')} WHERE "ID" = ANY($1::bigint[])),
    flota_batch AS (
      INSERT INTO ${t('iqueue')}
        ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "TARGET", "CGSSQL")
      SELECT "MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "TARGET", "CGSSQL"
      FROM ${t('queue')} WHERE "ID" = ANY($2::bigint[]) ORDER BY "ID"
      RETURNING "ID", "MID", "TARGET", "TABLENAME", "OPERATION", "PK")`;
}

/** The refused operations of a batch, with what their error logs show, read before they leave QUEUE. */
async function refusedOperations(
  session: SandboxSession,
  t: (table: string) => string,
  batch: BatchOperation[],
  errors: (string | null)[],
): Promise<Refused[]> {
  const refused = batch.flatMap((operation, i) => {
    const description = errors[i];
    return description === null ? [] : [{ operation, description }];
  });
  if (refused.length === 0) return [];
  const logged = await session.query<{ ID: string; MID: string; TIMESTAMP: Date; CGSSQL: string }>(
    `SELECT "ID", "MID", "TIMESTAMP", "CGSSQL" FROM ${t('queue')} WHERE "ID" = ANY($1::bigint[])`,
    [idArray(refused.map((r) => r.operation.ID))],
  );
  const byId = new Map(logged.rows.map((row) => [row.ID, row]));
  return refused.map(({ operation, description }) => ({
    operation: { ...operation, ...byId.get(operation.ID)! },
    description,
  }));
}

/** The refused operations into their devices' error logs, trimmed to the newest per device. */
async function logErrors(
  session: SandboxSession,
  t: (table: string) => string,
  refused: Refused[],
  kept: number,
): Promise<void> {
  await session.query(
    `INSERT INTO ${t('device_errors')} ("MID", "TIMESTAMP", "CGSSQL", "DESCRIPTION")
     SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[])`,
    [
      refused.map((r) => r.operation.MID),
      refused.map((r) => r.operation.TIMESTAMP),
      refused.map((r) => r.operation.CGSSQL),
      refused.map((r) => r.description),
    ],
  );
  await session.query(
    `DELETE FROM ${t('device_errors')} e USING (
       SELECT "ID" FROM (
         SELECT "ID", row_number() OVER (PARTITION BY "MID" ORDER BY "TIMESTAMP" DESC, "ID" DESC) AS k
         FROM ${t('device_errors')} WHERE "MID" = ANY($1::text[])) ranked
       WHERE k > $2) old
     WHERE e."ID" = old."ID"`,
    [[...new Set(refused.map((r) => r.operation.MID))], kept],
  );
}
