// @ts-check
/**
 * A node's heartbeat in core.nodes, in a thread of its own (NodeBeat in node-beat.ts starts it):
 * a main thread busy for seconds (16,000 results arriving at once on a loaded machine) must not
 * make a live node look dead to the others, as a timer on the main thread did. The thread beats
 * only while the main thread stamps `stamp` now and then, so a node whose main thread hangs stops
 * beating after `hangMs`; a killed node takes the thread with it.
 *
 * Posts `{ anew }` after each beat (true when the row had to be written anew: the first beat, or
 * after the others swept this node as dead) and `{ error }` when a beat failed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

/** @type {{ url: string, node: string, beatMs: number, hangMs: number, stamp: BigInt64Array }} */
const { url, node, beatMs, hangMs, stamp } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @type {pg.Client | null} */
let client = null;

async function beat() {
  if (!client) {
    const next = new pg.Client({
      connectionString: url,
      application_name: 'flota-heartbeat',
      connectionTimeoutMillis: beatMs * 2,
    });
    // A connection the server drops (a restart) fails the next query, which opens another.
    next.on('error', () => {});
    try {
      await next.connect();
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  }
  const { rows } = await client.query(
    `INSERT INTO core.nodes (node) VALUES ($1)
     ON CONFLICT (node) DO UPDATE SET beat_at = now()
     RETURNING (xmax = 0) AS inserted`,
    [node],
  );
  return Boolean(rows[0].inserted);
}

for (;;) {
  const mainQuietFor = Date.now() - Number(Atomics.load(stamp, 0));
  if (mainQuietFor <= hangMs) {
    try {
      port.postMessage({ anew: await beat() });
    } catch (error) {
      await client?.end().catch(() => {});
      client = null;
      port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  }
  await sleep(beatMs);
}
