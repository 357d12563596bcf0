import { sql } from 'kysely';
import type { Db } from '../db/database';
import { againAfterDeadlock } from '../db/errors';

/**
 * Writes device presence to core.device_directory in batches: sockets opening and closing are
 * collected for a few milliseconds and written with one statement, so ten thousand devices
 * reconnecting after a restart cost a few dozen statements, not ten thousand.
 *
 * A node only takes a device offline while the directory still names that node: when the
 * device has meanwhile connected to another node, that node's "online" stands.
 */
export class PresenceWriter {
  private pending = new Map<string, boolean>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly node: string,
    private readonly onError: (error: unknown, devices: number) => void,
    private readonly delayMs = 50,
  ) {}

  mark(mid: string, online: boolean): void {
    this.pending.set(mid, online);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Writes what is pending; resolves when every earlier mark is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.then(() => (batch.size ? this.write(batch) : undefined));
    return this.writing;
  }

  private async write(batch: Map<string, boolean>): Promise<void> {
    const mids = [...batch.keys()];
    const online = [...batch.values()];
    try {
      await againAfterDeadlock(() =>
        sql`
          WITH v AS (
            SELECT * FROM unnest(${mids}::text[], ${online}::boolean[]) AS v(mid, online)
          ), locked AS (
            -- Rows locked in MID order, as check-ins do, so the two never deadlock.
            SELECT d.mid FROM core.device_directory d JOIN v ON v.mid = d.mid
            ORDER BY d.mid FOR UPDATE OF d
          )
          UPDATE core.device_directory AS d SET
            online = v.online,
            last_seen = now(),
            node = CASE WHEN v.online THEN ${this.node} ELSE d.node END,
            connected_at = CASE WHEN v.online THEN now() ELSE d.connected_at END
          FROM v
          WHERE d.mid = v.mid AND d.mid IN (SELECT mid FROM locked)
            AND (v.online OR d.node = ${this.node})
        `.execute(this.db),
      );
    } catch (error) {
      this.onError(error, batch.size);
    }
  }

  /**
   * Refreshes last_seen of the devices connected here, so the sweeper leaves them online, and
   * answers which of them the directory still holds as this node's, enrolled and not revoked.
   * A device the directory names this node for but reads offline (a sweep that took this node
   * for dead while it was only slow) is online again: its socket is here.
   */
  async touch(mids: string[]): Promise<Set<string>> {
    if (mids.length === 0) return new Set();
    const result = await sql<{ mid: string }>`
      UPDATE core.device_directory SET last_seen = now(), online = true
      WHERE mid = ANY(${mids}::text[]) AND node = ${this.node} AND revoked_at IS NULL
      RETURNING mid
    `.execute(this.db);
    return new Set(result.rows.map((row) => row.mid));
  }

  /**
   * Takes offline the devices whose node stopped refreshing them (a node that died without
   * closing its sockets). Any node may run it; it is idempotent.
   */
  async sweep(staleSeconds: number): Promise<number> {
    const result = await sql`
      UPDATE core.device_directory SET online = false
      WHERE online AND (last_seen IS NULL OR last_seen < now() - make_interval(secs => ${staleSeconds}))
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
