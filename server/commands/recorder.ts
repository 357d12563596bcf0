import { sql } from 'kysely';
import { commandRowId } from '../../protocol/commands';
import { RESULT_KEEP_SECONDS } from '../../protocol/device-protocol';
import type { Db } from '../db/database';
import { projectSchemaName } from '../db/projects';
import { isDatabaseUnavailable } from '../db/errors';
import type { Handover } from '../device/hub';
import { Handovers, type Mark } from './handovers';
import { markSent } from './store';

/** What a device said about a command: `ack`, or `result` with its fields. */
export interface Report {
  numero: number;
  mid: string;
  type: 'ack' | 'result';
  messageId: string;
  /** The result's fields without `type` and `id`; absent for an ack. */
  result?: Record<string, unknown>;
}

/** A result that was recorded (the first for its command), for whoever waits on it. */
export interface RecordedOutcome {
  numero: number;
  id: number;
  mid: string;
  cmd: string;
  state: string;
}

interface Pending {
  report: Report;
  id: number;
  /** When this node wrote the command to the device's socket, if SENT is still to write. */
  sentAt: Date | null;
}

/**
 * How long a report waits for others before a statement is started for it, once no other has
 * come: a device sends its ack and its result a moment apart, so they share a statement.
 */
const QUIET_MS = 5;

/**
 * The longest the first of a stream of reports waits: 100,000 devices answering one command
 * keep every node's reports coming less than QUIET_MS apart, and are written in statements of a
 * few hundred rows (each statement costs PostgreSQL its planning and its commit, ~0.5 ms and more,
 * whatever its size; docs/operations.md, "What one command to many devices costs").
 */
const GATHER_MAX_MS = 100;

/** How long a write may hang before its results are handed back (a third of the keep). */
const STALLED_WRITE_MS = (RESULT_KEEP_SECONDS * 1000) / 3;

/**
 * Records acks and results in the command history, exactly once per command: an ack only sets
 * CONFIRMED while it is empty, a result only fills RESULT while it is empty, and only for the
 * device the command was for. Reports arriving together are written by one statement per kind
 * and project (10,000 devices answering at once cost a few dozen statements, not 20,000); a
 * statement the database refuses is written again report by report, so one report costs no other.
 * The hand-overs of this node's sockets are held a moment (Handovers): an answer writes SENT with
 * its own columns, and only commands left unanswered have SENT written alone.
 */
export class ReportRecorder {
  private waiting: Pending[] = [];
  private writing = 0;
  private gathering: NodeJS.Timeout | null = null;
  /** When the oldest waiting report and the newest came (performance.now()). */
  private firstAt = 0;
  private lastAt = 0;
  private readonly handovers = new Handovers((marks) => this.writeMarks(marks));

  constructor(
    private readonly db: Db,
    private readonly onRecorded: (outcomes: RecordedOutcome[]) => void,
    /** A write the database refused: the first error, and how many reports it cost. */
    private readonly onError: (error: unknown, reports: number) => void,
    private readonly maxBatch = 1000,
    private readonly maxStatements = 3,
    /**
     * The results of a batch that were not stored because the database was away (or whose fate
     * is unknown): their devices must send them again (docs/device-protocol.md, "At least once").
     */
    private readonly onUnstored: (results: Report[]) => void = () => {},
  ) {}

  /** Commands and pushes this node wrote to its sockets: their SENT. */
  handed(handovers: Handover[]): void {
    this.handovers.add(handovers);
  }

  add(report: Report): void {
    const id = commandRowId(report.messageId);
    if (id === null) return; // not a command of ours (a device echoing something else)
    this.lastAt = performance.now();
    if (this.waiting.length === 0) this.firstAt = this.lastAt;
    this.waiting.push({ report, id, sentAt: this.handovers.answered(id, report.mid) });
    if (this.waiting.length >= this.maxBatch) this.drain();
    else this.gathering ??= setTimeout(() => this.gathered(), QUIET_MS);
  }

  /** Drains once no report came for QUIET_MS, or the oldest has waited GATHER_MAX_MS. */
  private gathered(): void {
    this.gathering = null;
    if (this.waiting.length === 0) return;
    const now = performance.now();
    const quietFor = QUIET_MS - (now - this.lastAt);
    const oldFor = GATHER_MAX_MS - (now - this.firstAt);
    if (quietFor <= 0 || oldFor <= 0) this.drain();
    else this.gathering = setTimeout(() => this.gathered(), Math.min(quietFor, oldFor));
  }

  /** Resolves once every report and hand-over added so far is written. */
  async idle(): Promise<void> {
    this.handovers.flushAll();
    while (this.waiting.length > 0 || this.writing > 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private drain(): void {
    while (this.writing < this.maxStatements && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.firstAt = performance.now();
      this.writing++;
      const unstored = new Set<Pending>();
      let handedBack = false;
      const handBack = (items: Iterable<Pending>) => {
        const results = [...items].filter((item) => item.report.type === 'result');
        if (handedBack || results.length === 0) return;
        handedBack = true;
        this.onUnstored(results.map((item) => item.report));
      };
      // A write still hanging (a database that stalls without refusing) hands its results back
      // well before their devices forget them (RESULT_KEEP_SECONDS).
      const stalled = setTimeout(() => handBack(batch), STALLED_WRITE_MS);
      stalled.unref();
      void this.write(batch, unstored)
        .then(() => handBack(unstored))
        .catch((error: unknown) => {
          this.onError(error, batch.length);
          // Which of them were stored is not known: all are sent again (recording is idempotent).
          handBack(batch);
        })
        .finally(() => {
          clearTimeout(stalled);
          this.writing--;
          this.drain();
        });
    }
  }

  /**
   * SENT of the commands left unanswered, by project. Not written (the database away): the row
   * says 'created' until its timeout, never 'sent' for what no row shows was handed over.
   */
  private writeMarks(marks: Mark[]): void {
    for (const [numero, some] of byProject(marks, (mark) => mark.numero)) {
      this.writing++;
      void markSent(this.db, projectSchemaName(numero), some)
        .catch((error: unknown) => this.onError(error, some.length))
        .finally(() => {
          // It held one of the statements reports wait for.
          this.writing--;
          this.drain();
        });
    }
  }

  private async write(batch: Pending[], unstored: Set<Pending>): Promise<void> {
    for (const [numero, items] of byProject(batch, (item) => item.report.numero)) {
      const schema = projectSchemaName(numero);
      // Acks first: a result in the same batch then finds CONFIRMED set and keeps it. An ack
      // whose result is in the batch needs no statement: the result fills CONFIRMED too.
      const results = items.filter((item) => item.report.type === 'result');
      const answered = new Map(results.map((item) => [`${item.id}:${item.report.mid}`, item]));
      const acks = items.filter((item) => {
        if (item.report.type !== 'ack') return false;
        const result = answered.get(`${item.id}:${item.report.mid}`);
        if (!result) return true;
        result.sentAt ??= item.sentAt; // the hand-over the ack took
        return false;
      });
      await this.isolating(acks, unstored, async (some) => {
        await this.writeAcks(schema, some);
        return [];
      });
      this.onRecorded(
        await this.isolating(results, unstored, (some) => this.writeResults(numero, schema, some)),
      );
    }
  }

  /**
   * Writes the reports with one statement; if the database refuses it, writes them one by one,
   * so that a report it cannot take costs only itself (its command then ends as 'timeout') and
   * never the other devices' reports of its batch. Failures go to onError, once per statement.
   */
  private async isolating<T>(
    items: Pending[],
    unstored: Set<Pending>,
    write: (items: Pending[]) => Promise<T[]>,
  ): Promise<T[]> {
    if (items.length === 0) return [];
    try {
      return await write(items);
    } catch (error) {
      if (items.length === 1) {
        if (isDatabaseUnavailable(error)) unstored.add(items[0]);
        this.onError(error, 1);
        return [];
      }
      const written: T[] = [];
      const failures: unknown[] = [];
      for (const item of items) {
        try {
          written.push(...(await write([item])));
        } catch (single) {
          // The database away: the device keeps the result and sends it again.
          if (isDatabaseUnavailable(single)) unstored.add(item);
          failures.push(single);
        }
      }
      if (failures.length > 0) this.onError(failures[0], failures.length);
      return written;
    }
  }

  private async writeAcks(schema: string, items: Pending[]): Promise<void> {
    const table = sql.id(schema, 'device_commands');
    const ids = items.map((item) => item.id);
    await sql`
      WITH v AS (
        SELECT * FROM unnest(${ids}::bigint[],
                             ${items.map((item) => item.report.mid)}::text[],
                             ${sentDates(items)}::timestamptz[]) AS v(id, mid, sent)
      ), locked AS (
        -- Rows locked in ID order, as markSent does, so the two never deadlock.
        SELECT c."ID" FROM ${table} AS c JOIN v ON c."ID" = v.id AND c."MID" = v.mid
        WHERE ${byId(ids)} AND c."CONFIRMED" IS NULL ORDER BY c."ID" FOR NO KEY UPDATE OF c
      )
      UPDATE ${table} AS c SET
        "CONFIRMED" = now(),
        "SENT" = COALESCE(c."SENT", v.sent),
        "STATE" = CASE WHEN c."STATE" IN ('created', 'pending', 'sent') THEN 'confirmed' ELSE c."STATE" END
      FROM locked, v
      WHERE c."ID" = locked."ID" AND c."ID" = v.id AND c."CONFIRMED" IS NULL
    `.execute(this.db);
  }

  private async writeResults(
    numero: number,
    schema: string,
    items: Pending[],
  ): Promise<RecordedOutcome[]> {
    const ok = items.map((item) => item.report.result?.ok === true);
    const errors = items.map((item, index) => (ok[index] ? null : errorText(item.report.result)));
    const table = sql.id(schema, 'device_commands');
    const ids = items.map((item) => item.id);
    const rows = await sql<{ id: number; mid: string; cmd: string; state: string }>`
      WITH v AS (
        SELECT * FROM unnest(${ids}::bigint[],
                             ${items.map((item) => item.report.mid)}::text[],
                             ${items.map((item) => JSON.stringify(item.report.result ?? {}))}::jsonb[],
                             ${ok}::boolean[], ${errors}::text[],
                             ${sentDates(items)}::timestamptz[]) AS v(id, mid, result, ok, error, sent)
      ), locked AS (
        -- Rows locked in ID order, as markSent does (a device may answer before its command's
        -- SENT is written), so the two never deadlock.
        SELECT c."ID" FROM ${table} AS c JOIN v ON c."ID" = v.id AND c."MID" = v.mid
        WHERE ${byId(ids)} AND c."RESULT" IS NULL ORDER BY c."ID" FOR NO KEY UPDATE OF c
      ), done AS (
        UPDATE ${table} AS c SET
          "RESULT" = v.result,
          "STATE" = CASE WHEN v.ok THEN 'executed' ELSE 'failed' END,
          "CONFIRMED" = COALESCE(c."CONFIRMED", now()),
          "SENT" = COALESCE(c."SENT", v.sent),
          "ERRORDATE" = CASE WHEN v.ok THEN NULL ELSE now() END,
          "ERRORDESC" = CASE WHEN v.ok THEN NULL ELSE v.error END
        FROM v WHERE c."ID" = v.id AND c."MID" = v.mid AND c."RESULT" IS NULL
          AND c."ID" IN (SELECT "ID" FROM locked)
        RETURNING c."ID" AS id, c."MID" AS mid, c."CMD" AS cmd, c."STATE" AS state, v.result
      ), fix AS (
        -- A GPS answer moves the device's last known position, as a check-in would.
        INSERT INTO ${sql.id(schema, 'device_positions')} AS p ("MID", "LATITUDE", "LONGITUDE", "TIME")
        SELECT DISTINCT ON (mid) mid, (result->>'latitude')::float8, (result->>'longitude')::float8,
               now()
        FROM done
        WHERE cmd = 'gps' AND state = 'executed'
          AND jsonb_typeof(result->'latitude') = 'number' AND jsonb_typeof(result->'longitude') = 'number'
        ORDER BY mid, id DESC
        ON CONFLICT ("MID") DO UPDATE SET "LATITUDE" = EXCLUDED."LATITUDE",
          "LONGITUDE" = EXCLUDED."LONGITUDE", "ACCURACY" = NULL, "TIME" = EXCLUDED."TIME"
        RETURNING p."MID"
      ), gps AS (
        INSERT INTO ${sql.id(schema, 'device_info')} AS i ("MID", "LASTGPS")
        SELECT "MID", now() FROM fix
        ON CONFLICT ("MID") DO UPDATE SET "LASTGPS" = EXCLUDED."LASTGPS"
      )
      SELECT id, mid, cmd, state FROM done
    `.execute(this.db);
    return rows.rows.map((row) => ({ numero, ...row }));
  }
}

function byProject<T>(items: T[], numeroOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const numero = numeroOf(item);
    const group = groups.get(numero);
    if (group) group.push(item);
    else groups.set(numero, [item]);
  }
  return groups;
}

const sentDates = (items: Pending[]) => items.map((item) => item.sentAt?.toISOString() ?? null);

/**
 * The rows by their ids as well as by the join on the reports: the join alone leaves the planner
 * to guess how many rows the history holds, and where its statistics are old (a table filled
 * since it was last analysed, or autovacuum off) it read the whole history once per batch, a
 * cost growing with the history (17 ms for 1,000 results among 100,000 rows, against 3 by the
 * primary key). `ID = ANY(ids)` on the primary key is costed as what it is: an index scan.
 */
const byId = (ids: number[]) => sql`c."ID" = ANY(${ids}::bigint[])`;

function errorText(result: Record<string, unknown> | undefined): string | null {
  const text = result?.exceptionMessage ?? result?.msg;
  return typeof text === 'string' && text !== '' ? text.slice(0, 2000) : null;
}
