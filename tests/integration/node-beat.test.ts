import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { NODE_EXPIRY_SECONDS, NodeBeat } from '../../server/device/node-beat';
import { buildTestApp, type TestApp } from '../support/app';

// A node's heartbeat is written by a thread of its own: a main thread busy for longer than the
// expiry (a loaded machine recording 16,000 results) leaves its node alive to the others, and a
// main thread that hangs stops the beat.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** Blocks this thread, timers and all, as a long synchronous task would. */
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Seconds since the node's last heartbeat, as another node reads it. */
async function beatAge(node: string): Promise<number> {
  const { rows } = await sql<{ age: number }>`
    SELECT extract(epoch FROM now() - beat_at)::float8 AS age FROM core.nodes WHERE node = ${node}
  `.execute(t.database.db);
  return rows[0]?.age ?? Infinity;
}

it('keeps beating while the main thread is busy for longer than the expiry', async () => {
  const node = t.app.bus.node;
  expect(await beatAge(node)).toBeLessThan(3);
  block((NODE_EXPIRY_SECONDS + 1.5) * 1000);
  expect(await beatAge(node)).toBeLessThan(3);
}, 30_000);

it('stops beating when the main thread hangs, and beats again when it runs', async () => {
  const beats: boolean[] = [];
  const errors: Error[] = [];
  const hung = new NodeBeat(
    t.database.db,
    'hung-node',
    { onBeat: (anew) => beats.push(anew), onError: (error) => errors.push(error) },
    2,
  );
  await hung.start();
  try {
    block(6000);
    // The last beat was at most 2 s into the block; none since.
    expect(await beatAge('hung-node')).toBeGreaterThan(3);
    // It beats again soon after the main thread runs (within a few beats on a loaded machine).
    await vi.waitFor(async () => expect(await beatAge('hung-node')).toBeLessThan(2), {
      timeout: 10_000,
      interval: 250,
    });
    // Its row was never swept: the beats after the first found it there.
    expect(beats.length).toBeGreaterThan(0);
    expect(beats.every((anew) => !anew)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await hung.leave();
  }
  expect(await beatAge('hung-node')).toBe(Infinity);
}, 30_000);
