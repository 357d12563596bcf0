import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { poolOf, type Db } from '../db/database';

/** Seconds between a node's heartbeats, and after which a node without one is dead. */
export const NODE_BEAT_SECONDS = 1.5;
export const NODE_EXPIRY_SECONDS = 7.5;
/** A main thread that has not run for this long is hung: its node stops beating. */
export const NODE_HANG_SECONDS = 60;

export interface NodeBeatEvents {
  /** After each beat; `anew` when the row was written anew (first beat, or swept while slow). */
  onBeat: (anew: boolean) => void;
  onError: (error: Error) => void;
}

/**
 * This node's heartbeat in core.nodes, written by a thread of its own (beat-thread.mjs), so that
 * a main thread busy for seconds does not make a live node look dead (docs/operations.md,
 * "Faults"). The main thread stamps a shared clock every beat; the thread beats only while that
 * stamp is younger than NODE_HANG_SECONDS. A thread that dies is started again.
 */
export class NodeBeat {
  private readonly stamp = new BigInt64Array(new SharedArrayBuffer(8));
  private stamper: NodeJS.Timeout | null = null;
  private worker: Worker | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly node: string,
    private readonly events: NodeBeatEvents,
    private readonly hangSeconds = NODE_HANG_SECONDS,
  ) {}

  /** Starts the thread; resolves after its first beat, or rejects with its first failure. */
  start(): Promise<void> {
    const url = poolOf(this.db)?.options.connectionString;
    if (!url) throw new Error('the node heartbeat needs a database handle made by connect()');
    this.mark();
    this.stamper = setInterval(() => this.mark(), NODE_BEAT_SECONDS * 1000).unref();
    return new Promise((resolve, reject) => {
      let first: ((error?: Error) => void) | null = (error) => {
        first = null;
        if (!error) return resolve();
        void this.stop();
        reject(error);
      };
      const spawn = () => {
        const worker = new Worker(new URL('./beat-thread.mjs', import.meta.url), {
          workerData: {
            url,
            node: this.node,
            beatMs: NODE_BEAT_SECONDS * 1000,
            hangMs: this.hangSeconds * 1000,
            stamp: this.stamp,
          },
        });
        worker.unref();
        worker.on('message', (message: { anew?: boolean; error?: string }) => {
          const error = message.error === undefined ? undefined : new Error(message.error);
          if (first) return first(error);
          if (error) this.events.onError(error);
          else this.events.onBeat(message.anew ?? false);
        });
        worker.on('error', (error) => this.events.onError(error));
        worker.on('exit', () => {
          if (this.stopped) return;
          const error = new Error('the heartbeat thread stopped; starting it again');
          if (first) return first(error);
          this.events.onError(error);
          setTimeout(() => !this.stopped && spawn(), NODE_BEAT_SECONDS * 1000).unref();
        });
        this.worker = worker;
      };
      spawn();
    });
  }

  /** Stops beating (the row stays until the node leaves, or the others sweep it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.stamper) clearInterval(this.stamper);
    await this.worker?.terminate();
  }

  /**
   * Forgets the nodes without a heartbeat and takes their devices offline; answers how many.
   * Their devices already read offline once the heartbeat expired (presence-read.ts): this only
   * tidies the rows, so that the indexes of online devices stay small.
   */
  async sweepDead(expirySeconds = NODE_EXPIRY_SECONDS): Promise<number> {
    const result = await sql`
      WITH dead AS (
        DELETE FROM core.nodes
        WHERE beat_at < now() - make_interval(secs => ${expirySeconds}) AND node <> ${this.node}
        RETURNING node, beat_at
      )
      -- Last seen when their node last beat (a connected device's own date is refreshed only
      -- every minute), as presence-read.ts reads them before this sweep.
      UPDATE core.device_directory AS d
      SET online = false, last_seen = GREATEST(d.last_seen, dead.beat_at)
      FROM dead WHERE d.online AND d.node = dead.node
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** A node stopping on purpose stops beating and leaves at once (its devices written offline). */
  async leave(): Promise<void> {
    await this.stop();
    await sql`DELETE FROM core.nodes WHERE node = ${this.node}`.execute(this.db);
  }

  private mark(): void {
    Atomics.store(this.stamp, 0, BigInt(Date.now()));
  }
}
