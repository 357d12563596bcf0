import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, migrateCore } from '../server/db/database';
import { createSqlSandbox } from '../server/db/sandbox';
import { startEmbedded } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed';
import {
  busiestDevice,
  compactReplicaCounts,
  readReplicaCounts,
} from '../server/replication/counts';
import { insertDevices, tokenFor } from './devices';

/**
 * `npm run bench -- statistics`: the statistics screen's `getStatisticSemaphore` (the semaphore,
 * and a queue's size for the graph), `getStatisticPercent` and the MAM dashboard's
 * `activitydevices` on a project of 1,000,000 devices (BENCH_DEVICES) with 10,000,000 operations
 * in their SQUEUE (BENCH_OPERATIONS): 60 % spread over four fifths of the devices (green), 30 %
 * over 1 % of them (yellow), 10 % over 0.05 % (red); the last fifth has none. p50/p95 through the
 * whole app (BENCH_RUNS calls each), with the counters folded and again with 20,000 unfolded
 * deltas (as many syncs since the last fold). Target: p95 under 50 ms.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
/** Rows per INSERT: each is one statement-level trigger firing over its transition table. */
const CHUNK = 1_000_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The SQUEUE rows of operations [from, to): which device each one is for. */
function squeueChunk(schema: string, from: number, to: number) {
  const green = Math.floor(OPERATIONS * 0.6);
  const yellow = Math.floor(OPERATIONS * 0.9);
  const spread = (share: number) => sql.lit(Math.max(1, Math.floor(DEVICES * share)));
  return sql`
    INSERT INTO ${sql.id(schema, 'squeue')} ("MID", "IQID")
    SELECT 'DEV' || lpad((1 + CASE
             WHEN i < ${sql.lit(green)} THEN (i * 7919) % ${spread(0.8)}
             WHEN i < ${sql.lit(yellow)} THEN i % ${spread(0.01)}
             ELSE i % ${spread(0.0005)} END)::text, 8, '0'), 1
    FROM generate_series(${sql.lit(from)}::bigint, ${sql.lit(to - 1)}::bigint) AS i
  `;
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-statistics-'));
  fs.chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
  const embedded = await startEmbedded(path.join(dir, 'postgres'), 'flota');
  const db = connect(embedded.url);
  try {
    await migrateCore(db);
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1:8089',
      CONSOLE_DIR: path.join(dir, 'no-console'),
      SIMULATOR: 'false',
    });
    await seedDemo(db, config);
    const { numero, schema_name: schema } = await db
      .selectFrom('core.projects')
      .select(['numero', 'schema_name'])
      .executeTakeFirstOrThrow();
    const started = performance.now();
    await insertDevices(schema, DEVICES).execute(db);
    for (let from = 0; from < OPERATIONS; from += CHUNK) {
      await squeueChunk(schema, from, Math.min(OPERATIONS, from + CHUNK)).execute(db);
    }
    await compactReplicaCounts(db, schema);
    await sql`VACUUM ANALYZE`.execute(db);
    await sql`CHECKPOINT`.execute(db);
    console.log(
      `\nStatistics on ${DEVICES.toLocaleString('en')} devices and ${OPERATIONS.toLocaleString('en')} ` +
        `queued operations (${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}): ` +
        `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const sandbox = createSqlSandbox({ db, appUrl: embedded.url, adminUrl: embedded.url });
    const app = await buildApp({ config, db, sandbox });
    try {
      const token = await tokenFor(db, config, 'admin');
      const call = async (operation: string, parameter: Record<string, unknown>) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/services',
          headers: { authorization: `Bearer ${token}` },
          payload: { operation, parameter: { database: numero, ...parameter } },
        });
        const body = response.json();
        if (body.error.code !== '0') throw new Error(`${operation}: ${body.error.description}`);
        return body.result;
      };
      const cases: [string, string, Record<string, unknown>][] = [
        ['getStatisticSemaphore (semaphore)', 'getStatisticSemaphore', {}],
        ['getStatisticSemaphore (SQUEUE)', 'getStatisticSemaphore', { filter: 'SQUEUE' }],
        ['getStatisticPercent', 'getStatisticPercent', {}],
        ['activitydevices', 'activitydevices', {}],
        // The floor on this machine now: the call itself (token, project, access) and a tiny read.
        ['graph (baseline, not a target)', 'graph', {}],
      ];
      const measure = async (when: string) => {
        console.log(`  ${when}:`);
        for (const [name, operation, parameter] of cases) {
          for (let i = 0; i < 5; i++) await call(operation, parameter);
          const times: number[] = [];
          for (let i = 0; i < RUNS; i++) {
            const begin = performance.now();
            await call(operation, parameter);
            times.push(performance.now() - begin);
          }
          times.sort((a, b) => a - b);
          console.log(
            `    ${name.padEnd(36)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  ` +
              `p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms` +
              (operation === 'graph' ? '' : ' — target p95 < 50 ms'),
          );
        }
      };
      console.log(`  semaphore: ${JSON.stringify(await call('getStatisticSemaphore', {}))}`);
      const { unavailable: _, ...activity } = await call('activitydevices', {});
      console.log(`  activitydevices: ${JSON.stringify(activity)}`);
      await measure('counters folded');
      // As many deltas as 20,000 acknowledgements since the last fold write (net zero).
      await sql`
        INSERT INTO ${sql.id(schema, 'replica_counts')} ("SQUEUE", "GREEN")
        SELECT CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END, 0 FROM generate_series(1, 20000) AS i
      `.execute(db);
      await sql`ANALYZE ${sql.id(schema, 'replica_counts')}`.execute(db);
      await measure('with 20,000 deltas not yet folded');
      // The statements alone, on the pool.
      const alone: [string, () => Promise<unknown>][] = [
        ['readReplicaCounts', () => readReplicaCounts(db, schema)],
        ['busiestDevice', () => busiestDevice(db, schema)],
      ];
      console.log('  the statements alone (20,000 deltas not folded):');
      for (const [name, once] of alone) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const begin = performance.now();
          await once();
          times.push(performance.now() - begin);
        }
        times.sort((a, b) => a - b);
        console.log(
          `    ${name.padEnd(36)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  ` +
            `p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
        );
      }
    } finally {
      await app.close();
      await sandbox.close();
    }
  } finally {
    await db.destroy();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
