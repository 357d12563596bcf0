/** How many rows a node keeps (the oldest is dropped first). */
export const SESSION_ROWS_KEPT = 10_000;
/** How long a row is kept at most: the backstop should a notification be lost. */
export const SESSION_ROW_TTL_MS = 60_000;

/** When a read began: the cache's generation then; null when what it reads may not be kept. */
export type ReadMoment = number | null;

/**
 * The rows every authenticated call reads (the user with their company, the token's registered
 * client), kept per node (docs/decisions.md, "The session user's cache, forgotten by
 * PostgreSQL"). Only the reads are kept: loadSessionUser applies every check to them on every
 * call.
 *
 * A kept row is only true until one of its tables is written, and it is forgotten at once:
 * - on this node, a write of core.users, core.companies, core.identity_clients or core.projects
 *   clears everything when it is sent, and again when its connection is released (after its
 *   commit); while it is in flight (`writing`) nothing is kept (server/db/watched-writes.ts);
 * - on any node, PostgreSQL's notification `flota_sessions` after the commit clears everything
 *   (server/session-listener.ts). While the listener is not connected the cache is off: every
 *   call reads the database.
 * Every clear counts a generation: a read that began before it does not keep its row.
 */
export class SessionCache {
  private readonly rows = new Map<string, { row: unknown; until: number }>();
  private generation = 0;
  private writing = 0;
  private listeners = 0;
  /** Reads answered from the cache and from the database since the start (for the metrics). */
  readonly reads = { hit: 0, miss: 0 };

  constructor(
    private readonly kept = SESSION_ROWS_KEPT,
    private readonly ttl = SESSION_ROW_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether rows are kept now: a listener is connected and no write of this node is in flight. */
  isOn(): boolean {
    return this.listeners > 0 && this.writing === 0;
  }

  /** How many rows are kept (for tests and metrics). */
  get size(): number {
    return this.rows.size;
  }

  /** The row kept under `key`, if it is and has not outlived the TTL. */
  get(key: string): unknown {
    if (!this.isOn()) return undefined;
    const kept = this.rows.get(key);
    if (!kept) return undefined;
    if (kept.until > this.now()) return kept.row;
    this.rows.delete(key);
    return undefined;
  }

  /** Taken before a read of the database, given to `put` with what it read. */
  moment(): ReadMoment {
    return this.isOn() ? this.generation : null;
  }

  /** Keeps `row`, unless the cache was cleared (or turned off) since the read began. */
  put(key: string, row: unknown, moment: ReadMoment): void {
    if (moment === null || moment !== this.generation || !this.isOn()) return;
    this.rows.delete(key);
    if (this.rows.size >= this.kept) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(key, { row, until: this.now() + this.ttl });
  }

  /** The row under `key`: kept, or read by `load` and kept when found (a miss is not kept). */
  async read<R>(key: string, load: () => Promise<R | undefined>): Promise<R | undefined> {
    const kept = this.get(key) as R | undefined;
    if (kept !== undefined) {
      this.reads.hit++;
      return kept;
    }
    this.reads.miss++;
    const moment = this.moment();
    const row = await load();
    if (row !== undefined) this.put(key, row, moment);
    return row;
  }

  /** Forgets every row; a read in flight does not keep its own. */
  clear(): void {
    this.generation++;
    this.rows.clear();
  }

  /** A write of one of the tables was sent on this node: nothing is kept until it ends. */
  writeStarted(): void {
    this.writing++;
    this.clear();
  }

  /** That write's connection was released (committed or rolled back). */
  writeEnded(): void {
    this.clear();
    this.writing--;
  }

  /** The listener is connected and listening: notifications will say what changes from now. */
  listening(): void {
    this.listeners++;
    this.clear();
  }

  /** The listener was lost or closed: what changes now would go unnoticed, so nothing is kept. */
  deaf(): void {
    this.listeners--;
    this.clear();
  }
}
