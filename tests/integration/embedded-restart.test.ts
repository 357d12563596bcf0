import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedDatabase } from '../../server/db/embedded';

// The embedded PostgreSQL killed under a running server starts again within seconds, and one
// orphaned by a killed server no longer blocks the next start.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-restart-'));
fs.chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
const started: EmbeddedDatabase[] = [];
afterAll(async () => {
  for (const database of started) await database.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const postmasterOf = (cluster: string) =>
  Number(fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

it('starts a killed postmaster again within 5 s and says so once', async () => {
  const cluster = path.join(dir, 'one', 'postgres');
  const database = await startEmbedded(cluster, 'flota');
  started.push(database);
  const events: string[] = [];
  database.supervise({
    lost: () => events.push('lost'),
    restarted: () => events.push('restarted'),
    failed: (error) => events.push(`failed ${String(error)}`),
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => {});
  await pool.query('SELECT 1');

  process.kill(postmasterOf(cluster), 'SIGKILL');
  const killedAt = Date.now();
  while (!(await answers(database.url))) {
    expect(Date.now() - killedAt).toBeLessThan(5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The pool drops its dead connections and opens new ones.
  await expect(pool.query('SELECT 1').catch(() => pool.query('SELECT 1'))).resolves.toBeTruthy();
  expect(events).toEqual(['lost', 'restarted']);
  await pool.end();
});

it('stops the postmaster a killed server left running, instead of refusing to start', async () => {
  const cluster = path.join(dir, 'two', 'postgres');
  const script = `
    import { startEmbedded } from './server/db/embedded.ts';
    await startEmbedded(process.argv[1], 'flota', { callerHandlesSignals: true });
    console.log('started');
  `;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, cluster],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('started')) resolve();
    });
    child.once('exit', () => reject(new Error('the first server did not start')));
  });
  const orphan = postmasterOf(cluster);
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(() => process.kill(orphan, 0)).not.toThrow(); // still running, its server gone

  const database = await startEmbedded(cluster, 'flota');
  started.push(database);
  expect(await answers(database.url)).toBe(true);
  expect(postmasterOf(cluster)).not.toBe(orphan);
  expect(() => process.kill(orphan, 0)).toThrow();
});
