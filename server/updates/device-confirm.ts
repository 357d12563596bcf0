import { sql } from 'kysely';
import type { UpdateConfirm } from '../../protocol/device-protocol';
import type { Db } from '../db/database';

interface PendingConfirm extends UpdateConfirm {
  mid: string;
  resolve(recorded: boolean): void;
  reject(error: unknown): void;
}

interface SchemaQueue {
  waiting: PendingConfirm[];
  writing: boolean;
}

/**
 * Records devices' update outcomes (docs/device-protocol.md, "Updates"). The confirms of one
 * project that arrive while a statement of it runs are written together by the next one, as
 * check-ins are: one set-based statement marks the device rows and moves updates.STATISTICOK by
 * the rows it confirmed, so 10,000 devices confirming at once cost a few dozen statements.
 * One statement per project at a time: the STATISTICOK row it updates is then never contended.
 */
export class ConfirmWriter {
  private readonly queues = new Map<string, SchemaQueue>();

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 2000,
  ) {}

  /**
   * Resolves whether the row changed: false when the device has no such pending update. A
   * failure must carry its text (the caller gives one in the device's language when it sent
   * none): a failed row without one would count as pending again.
   */
  confirm(schema: string, mid: string, outcome: UpdateConfirm): Promise<boolean> {
    let queue = this.queues.get(schema);
    if (!queue) this.queues.set(schema, (queue = { waiting: [], writing: false }));
    const target = queue;
    return new Promise((resolve, reject) => {
      target.waiting.push({ ...outcome, mid, resolve, reject });
      this.drain(schema, target);
    });
  }

  private drain(schema: string, queue: SchemaQueue): void {
    if (queue.writing || queue.waiting.length === 0) return;
    const batch = queue.waiting.splice(0, this.maxBatch);
    queue.writing = true;
    void this.write(schema, batch).finally(() => {
      queue.writing = false;
      this.drain(schema, queue);
    });
  }

  private async write(schema: string, batch: PendingConfirm[]): Promise<void> {
    try {
      const recorded = await this.statement(schema, batch);
      for (const item of batch) item.resolve(recorded.has(`${item.mid}/${item.version}`));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }

  private async statement(schema: string, batch: PendingConfirm[]): Promise<Set<string>> {
    const column = <K extends keyof PendingConfirm>(key: K) => batch.map((item) => item[key]);
    // A failure's text is kept; a success clears an earlier one. CONFIRMED is when the device
    // reported, either way; only rows still unconfirmed change, so a repeated confirm is a no-op.
    const { rows } = await sql<{ mid: string; version: number }>`
      WITH input AS (
        SELECT DISTINCT ON (v.mid, v.version) v.*
        FROM unnest(${column('mid')}::text[], ${column('version')}::int[],
                    ${column('ok')}::bool[], ${batch.map((item) => item.error ?? null)}::text[])
          AS v(mid, version, ok, error)
      ), target AS (
        SELECT u."ID" AS update_id, v.*
        FROM input v JOIN ${sql.id(schema, 'updates')} AS u ON u."VERSION" = v.version
      ), changed AS (
        UPDATE ${sql.id(schema, 'device_updates')} AS d SET
          "CONFIRMADA" = t.ok,
          "DOWNLOADED" = COALESCE(d."DOWNLOADED", now()),
          "CONFIRMED" = now(),
          "ERROR" = CASE WHEN t.ok THEN NULL ELSE t.error END
        FROM target t
        WHERE d."UPDATE_ID" = t.update_id AND d."MID" = t.mid AND NOT d."CONFIRMADA"
        RETURNING d."UPDATE_ID" AS update_id, d."MID" AS mid, t.version, t.ok
      ), counted AS (
        UPDATE ${sql.id(schema, 'updates')} AS u SET "STATISTICOK" = u."STATISTICOK" + c.n
        FROM (SELECT update_id, count(*)::int AS n FROM changed WHERE ok GROUP BY update_id) AS c
        WHERE u."ID" = c.update_id
      )
      SELECT mid, version FROM changed
    `.execute(this.db);
    return new Set(rows.map((row) => `${row.mid}/${row.version}`));
  }
}
