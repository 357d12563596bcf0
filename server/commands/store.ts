import { NODE_EXPIRY_SECONDS } from '../device/node-beat';
import { sql } from 'kysely';
import {
  commandMessageId,
  type CommandResultRow,
  type CommandSource,
  type CommandState,
} from '../../protocol/commands';
import type { Db } from '../db/database';
import { commandsDb } from './table';
import { againAfterDeadlock } from '../db/errors';

/** Who sends, for the history's USERID and LOGIN. */
export interface Sender {
  id: number | null;
  login: string | null;
  language: string | null;
}

export interface NewCommands {
  numero: number;
  schema: string;
  cmd: string;
  params: Record<string, unknown>;
  /** The devices, or every device of the project. */
  mids: string[] | 'all';
  sender: Sender;
  source: CommandSource;
  /**
   * Until when a command for an offline device waits in the queue (core.command_queue): given,
   * such rows are 'pending' and queued; absent (pushes), they are 'offline' and nothing is sent.
   */
  expiresAt?: Date;
  /**
   * Queued even for a device shown online: its socket is about to be replaced (an enrolment
   * again closes the earlier one), and the command waits for its next connection.
   */
  queueOnly?: boolean;
}

export interface InsertedCommand {
  id: number;
  mid: string;
  state: CommandState;
  /** The node holding the device's socket when the row was written ('created' rows only). */
  node?: string | null;
}

/**
 * Writes one history row per device: 'created' when the directory holds it online (a message
 * follows); otherwise 'pending' and queued for the device's next connection when the request
 * has an expiry, 'offline' when it has none (a push: nothing will be sent, 001 §4). One
 * statement for all of them.
 */
export async function insertCommands(db: Db, request: NewCommands): Promise<InsertedCommand[]> {
  const { numero, schema, cmd, params, mids, sender, source } = request;
  const expires = request.expiresAt?.toISOString() ?? null;
  const devices = sql.id(schema, 'devices');
  // Given devices are read one by one by key: a join planned on `= ANY(mids)` read all the
  // project's devices and directory rows for each call (85 of 213 ms for 5,000 of 100,000, and
  // 31 ms planning the 5,000 values; 28 and 5 ms by key). The subqueries are not flattened
  // (a row lock; OFFSET 0), so each stays a lookup by key whatever the planner estimates.
  const from =
    mids === 'all'
      ? sql`${devices} AS d
          LEFT JOIN core.device_directory AS dir ON dir.mid = d."MID" AND dir.numero = ${numero}
          FOR KEY SHARE OF d`
      : sql`unnest(${[...new Set(mids)]}::text[]) AS wanted(mid)
          CROSS JOIN LATERAL (
            SELECT "MID" FROM ${devices} WHERE "MID" = wanted.mid FOR KEY SHARE
          ) AS d
          LEFT JOIN LATERAL (
            SELECT online, revoked_at, node FROM core.device_directory
            WHERE mid = wanted.mid AND numero = ${numero} OFFSET 0
          ) AS dir ON true`;
  // The holding node comes back with each row, so the sender addresses one bus message per node.
  // The row lock on each device stands in for a foreign key (project migration 20261128_0021):
  // a device being removed meanwhile is skipped, or waits for these rows and takes them with it.
  const result = await sql<InsertedCommand>`
    WITH target AS (
      SELECT d."MID" AS mid,
             CASE WHEN ${request.queueOnly ?? false} THEN NULL
                  WHEN dir.online AND dir.revoked_at IS NULL AND EXISTS (
               -- Held by a live node: a dead node's devices are offline before any sweep says so.
               SELECT 1 FROM core.nodes AS n WHERE n.node = dir.node
                 AND n.beat_at > now() - make_interval(secs => ${NODE_EXPIRY_SECONDS})
             ) THEN dir.node END AS node
      FROM ${from}
    ), written AS (
      INSERT INTO ${sql.id(schema, 'device_commands')}
        ("MID", "CMD", "PARAMS", "STATE", "USERID", "LOGIN", "SOURCE", "EXPIRES")
      SELECT mid, ${cmd}, ${JSON.stringify(params)}::jsonb,
             CASE WHEN node IS NOT NULL THEN 'created'
                  WHEN ${expires}::timestamptz IS NULL THEN 'offline' ELSE 'pending' END,
             ${sender.id}, ${sender.login}, ${source},
             CASE WHEN node IS NULL THEN ${expires}::timestamptz END
      FROM target ORDER BY mid
      RETURNING "ID" AS id, "MID" AS mid, "STATE" AS state, "PARAMS" AS params, "EXPIRES" AS expires
    ), queued AS (
      -- Commands for offline devices wait for them (none when every device is online).
      INSERT INTO core.command_queue (mid, id, numero, cmd, params, expires_at)
      SELECT mid, id, ${numero}, ${cmd}, params, expires FROM written WHERE state = 'pending'
    )
    SELECT written.id, written.mid, written.state, target.node
    FROM written JOIN target USING (mid) ORDER BY mid
  `.execute(db);
  return result.rows;
}

/**
 * Commands written to their devices' sockets and not answered within HANDOVER_HOLD_MS (an answer
 * writes SENT itself): SENT is the hand-over date; an ack or a result that came first keeps its
 * state. Rows are locked in ID order, as the recorder locks them, so the two never deadlock; a
 * deadlock with another writer is tried again. The update names its rows by the key as well as
 * by the join on the locked ones: the join alone was planned as a hash join over the whole
 * history (88 of 141 ms for 5,000 rows among 120,000, a cost growing with the history; 74 ms in
 * all by the key).
 */
export async function markSent(
  db: Db,
  schema: string,
  marks: { id: number; at: Date }[],
): Promise<void> {
  if (marks.length === 0) return;
  const table = sql.id(schema, 'device_commands');
  const ids = marks.map((mark) => mark.id);
  await againAfterDeadlock(() =>
    sql`
      WITH v AS (
        SELECT * FROM unnest(${ids}::bigint[],
                             ${marks.map((mark) => mark.at.toISOString())}::timestamptz[]) AS v(id, at)
      ), locked AS (
        SELECT "ID" FROM ${table} WHERE "ID" = ANY(${ids}::bigint[])
        ORDER BY "ID" FOR NO KEY UPDATE
      )
      UPDATE ${table} AS c SET
        "SENT" = COALESCE(c."SENT", v.at),
        "STATE" = CASE WHEN c."STATE" IN ('created', 'pending') THEN 'sent' ELSE c."STATE" END
      FROM locked, v
      WHERE c."ID" = locked."ID" AND c."ID" = v.id AND c."ID" = ANY(${ids}::bigint[])
    `.execute(db),
  );
}

/** Messages the bus did not take: 'failed' with the reason, never 'sent'. */
export async function markUndelivered(
  db: Db,
  schema: string,
  ids: number[],
  description: string,
): Promise<void> {
  await sql`
    UPDATE ${sql.id(schema, 'device_commands')} SET
      "STATE" = 'failed', "ERRORDATE" = now(), "ERRORDESC" = ${description}
    WHERE "ID" = ANY(${ids}::bigint[]) AND "STATE" = 'created'
  `.execute(db);
}

/** How many of the devices (or all of the project's) are online on a node other than `node`. */
export async function devicesOnOtherNodes(
  db: Db,
  numero: number,
  mids: string[] | 'all',
  node: string,
): Promise<number> {
  const which = mids === 'all' ? sql`true` : sql`mid = ANY(${mids}::text[])`;
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM core.device_directory
    WHERE numero = ${numero} AND online AND revoked_at IS NULL AND node <> ${node} AND ${which}
      AND node IN (
        SELECT n.node FROM core.nodes AS n
        WHERE n.beat_at > now() - make_interval(secs => ${NODE_EXPIRY_SECONDS})
      )
  `.execute(db);
  return Number(rows[0].n);
}

/**
 * Which rows a sweep reads, by CREATED: older than `olderThanSeconds`, and when `newerThanSeconds`
 * is given not older than that (through device_commands_created_idx: no index names STATE, so
 * that state changes stay heap-only updates); without it, the whole history.
 */
export interface SweepWindow {
  olderThanSeconds: number;
  newerThanSeconds: number | null;
}

const created = ({ olderThanSeconds, newerThanSeconds }: SweepWindow) =>
  newerThanSeconds === null
    ? sql`"CREATED" < now() - make_interval(secs => ${olderThanSeconds})`
    : sql`"CREATED" < now() - make_interval(secs => ${olderThanSeconds})
          AND "CREATED" >= now() - make_interval(secs => ${newerThanSeconds})`;

/** Ends the commands among `ids`, or those pending of the schema created within the window. */
export async function markTimedOut(
  db: Db,
  schema: string,
  description: string,
  which: { ids: number[] } | SweepWindow,
): Promise<number[]> {
  // A queued command handed over long after it was created counts from its SENT; one still in
  // the queue (not acknowledged) waits for its device's next connection or its expiry.
  const filter =
    'ids' in which
      ? sql`"ID" = ANY(${which.ids}::bigint[])`
      : sql`"SOURCE" <> 'push' AND ${created(which)}
            AND ("SENT" IS NULL OR "SENT" < now() - make_interval(secs => ${which.olderThanSeconds}))`;
  const result = await sql<{ id: number }>`
    UPDATE ${sql.id(schema, 'device_commands')} AS c SET
      "STATE" = 'timeout', "ERRORDATE" = now(), "ERRORDESC" = ${description}
    WHERE "STATE" IN ('created', 'sent', 'confirmed') AND ${filter}
      AND NOT EXISTS (SELECT 1 FROM core.command_queue AS q WHERE q.mid = c."MID" AND q.id = c."ID")
    RETURNING "ID" AS id
  `.execute(db);
  return result.rows.map((row) => row.id);
}

/**
 * Pushes never handed over (a node that stopped between writing the rows and sending them):
 * they end 'failed' with the reason, so every row reaches a final state.
 */
export async function endStalePushes(
  db: Db,
  schema: string,
  description: string,
  window: SweepWindow,
): Promise<number> {
  const result = await sql`
    UPDATE ${sql.id(schema, 'device_commands')} SET
      "STATE" = 'failed', "ERRORDATE" = now(), "ERRORDESC" = ${description}
    WHERE "SOURCE" = 'push' AND "STATE" = 'created' AND ${created(window)}
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The schemas of live projects that have a command history. */
export async function commandSchemas(db: Db): Promise<{ numero: number; schema: string }[]> {
  const result = await sql<{ numero: number; schema: string }>`
    SELECT numero, schema_name AS schema FROM core.projects
    WHERE NOT deleted AND schema_name ~ '^prj_[0-9]+$'
      AND to_regclass(quote_ident(schema_name) || '.device_commands') IS NOT NULL
  `.execute(db);
  return result.rows;
}

type Stored = Record<string, unknown> | null;

const field = <T>(result: Stored, key: string, kind: string): T | null =>
  result && typeof result[key] === kind ? (result[key] as T) : null;

/** The outcomes of history rows, with the fields of 001 §3 "Device command result". */
export async function readOutcomes(
  db: Db,
  schema: string,
  ids: number[],
): Promise<CommandResultRow[]> {
  if (ids.length === 0) return [];
  const rows = await commandsDb(db, schema)
    .selectFrom('device_commands')
    .select(['ID', 'MID', 'CMD', 'STATE', 'RESULT', 'ERRORDESC'])
    // One array parameter: an IN list of 5,000 ids is 5,000 parameters to compile, send and parse.
    .where('ID', '=', sql<number>`ANY(${ids}::bigint[])`)
    .orderBy('MID')
    .execute();
  return rows.map(outcomeOf);
}

/** A history row as the answer of 001 §3 "Device command result". */
export function outcomeOf(row: {
  ID: number;
  MID: string;
  CMD: string;
  STATE: CommandState;
  RESULT: unknown;
  ERRORDESC: string | null;
}): CommandResultRow {
  const result = row.RESULT as Stored;
  return {
    device: row.MID,
    commandId: commandMessageId(row.ID),
    state: row.STATE,
    result: result?.result ?? null,
    fromdevice: result !== null,
    sourceRequest: row.CMD,
    msg: field<string>(result, 'msg', 'string') ?? (result ? null : row.ERRORDESC),
    exceptionMessage: field<string>(result, 'exceptionMessage', 'string'),
    latitude: field<number>(result, 'latitude', 'number'),
    longitude: field<number>(result, 'longitude', 'number'),
    time: field<string>(result, 'time', 'string'),
    QueryResponses: result?.QueryResponses ?? null,
    channel: result ? (field<string>(result, 'channel', 'string') ?? 'websocket') : null,
  };
}
