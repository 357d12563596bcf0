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
import { DeviceStatusFilter, startOfDay } from '../protocol/devices';
import { projectDb } from '../server/db/project-schema';
import { countDevices } from '../server/services/devices/device-query';
import { fleetQueries } from '../server/services/fleet/summary';
import { insertDevices, tokenFor } from './devices';

/**
 * `npm run bench -- fleet`: the home page's `fleetSummary` on a project of one million devices
 * (BENCH_DEVICES), each with an inventory (battery 0–99 %, so a fifth are low), a third online,
 * and 200,000 errors and commands; p50/p95 through the whole app, and the plan of each count.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LOG_ROWS = Math.min(200_000, DEVICES);

/** Inventories, presence and logs for the seeded devices: one statement each. */
function seedFleet(schema: string, numero: number) {
  const t = (table: string) => sql.id(schema, table);
  const mid = (step: number) =>
    sql`'DEV' || lpad((1 + (i * ${sql.lit(step)}) % ${sql.lit(DEVICES)})::text, 8, '0')`;
  return [
    sql`INSERT INTO ${t('device_info')} ("MID", "INFO", "LASTINFO")
        SELECT "MID", jsonb_build_object('batteryLevel', ("ID" * 37) % 100, 'osVersion', '14'), now()
        FROM ${t('devices')}`,
    sql`INSERT INTO core.device_directory (mid, numero, credential_hash, online, last_seen)
        SELECT "MID", ${numero}, 'x', "ID" % 3 = 0, now() FROM ${t('devices')}`,
    sql`INSERT INTO ${t('device_errors')} ("MID", "TIMESTAMP", "CGSSQL", "DESCRIPTION")
        SELECT ${mid(7)}, now() - i * interval '1 second', 'INSERT INTO gen_x VALUES (1)', 'duplicate key'
        FROM generate_series(1, ${LOG_ROWS}::int) AS i`,
    sql`INSERT INTO ${t('device_commands')} ("MID", "CMD", "STATE", "CREATED")
        SELECT ${mid(11)}, 'ping', 'executed', now() - i * interval '1 second'
        FROM generate_series(1, ${LOG_ROWS}::int) AS i`,
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-fleet-'));
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
    for (const statement of seedFleet(schema, numero)) await statement.execute(db);
    await sql`VACUUM ANALYZE`.execute(db);
    await sql`CHECKPOINT`.execute(db);
    console.log(
      `Seeded ${DEVICES.toLocaleString('en')} devices with inventories and presence, ` +
        `${LOG_ROWS.toLocaleString('en')} errors and commands: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const sandbox = createSqlSandbox({ db, appUrl: embedded.url, adminUrl: embedded.url });
    const app = await buildApp({ config, db, sandbox });
    try {
      const token = await tokenFor(db, config, 'admin');
      const call = async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/services',
          headers: { authorization: `Bearer ${token}` },
          payload: { operation: 'fleetSummary', parameter: { database: numero } },
        });
        const body = response.json();
        if (body.error.code !== '0') throw new Error(`fleetSummary: ${body.error.description}`);
        return body.result;
      };
      let result = await call();
      for (let i = 0; i < 4; i++) result = await call();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const begin = performance.now();
        result = await call();
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      const { total, online, lowBattery, notSyncedToday } = result;
      console.log(`fleetSummary: ${JSON.stringify({ total, online, lowBattery, notSyncedToday })}`);
      console.log(
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${RUNS} runs)`,
      );
    } finally {
      await app.close();
      await sandbox.close();
    }

    // Each figure alone (p50 of RUNS), then its plan.
    const pdb = projectDb(db, schema);
    const notSynced = () =>
      countDevices(pdb, {
        platform: null,
        status: DeviceStatusFilter.notSynced,
        filters: [],
        today: startOfDay(new Date()),
      });
    const plans = Object.entries(fleetQueries(schema, numero));
    const timed: [string, () => Promise<unknown>][] = [
      ...plans.map(
        ([name, query]) => [name, () => query.execute(db)] as [string, () => Promise<unknown>],
      ),
      ['notSyncedToday (countDevices)', notSynced],
    ];
    for (const [name, once] of timed) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const begin = performance.now();
        await once();
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${name.padEnd(32)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
      );
    }
    for (const [name, query] of plans) {
      const plan = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${query}`.execute(db);
      console.log(`\n${name}:\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
    }
  } finally {
    await db.destroy();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
