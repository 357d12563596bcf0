import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { deviceAuthorization } from '../protocol/device-protocol';
import type { ReplicaRequest } from '../protocol/replication';
import { createDemoTables } from '../server/replication/demo-tables';
import { benchCredential } from './command-devices';
import { withBenchServer } from './bench-server';
import { cpuByKind, cpuReport, cpuSample } from './cpu';
import { insertFleet, until } from './commands';

/**
 * `npm run bench -- replication`: one server node in this process (embedded PostgreSQL in a
 * temporary folder), the demo project's gen_ tables and 10,000 devices. Bare protocol clients in
 * their own process (bench/replica-load.ts) send operations (visits for the device itself, 500 per
 * call, BENCH_CONCURRENCY calls at once) while the node applies them; prints operations applied per second, from the
 * first call until the last operation is applied and queued back to its device. Then one device
 * changes one customer (a row for 9999) and it prints the time until all 10,000 devices have it
 * in their SQUEUE. The load average is printed beside: the machine is shared.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 200_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PER_CALL = 500;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export async function run(): Promise<void> {
  await withBenchServer('replication', async ({ app, config, database, db, url, project }) => {
    await createDemoTables(database.sandbox, project);
    await insertFleet(db, project.numero, project.schema, DEVICES);
    const t = (table: string) => sql.id(project.schema, table);
    const count = async (table: string) =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${t(table)}`.execute(db)).rows[0].n;

    const sync = async (device: number, body: ReplicaRequest) => {
      const response = await fetch(`${url}/api/device/v1/replica`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: deviceAuthorization(`BENCH-${device}`, benchCredential(device)),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    };
    console.log(`\nReplication on one node (${os.cpus().length} CPUs), ${DEVICES} devices`);
    console.log(`  load average before: ${loadAverage()}`);
    const calls = Math.ceil(OPERATIONS / PER_CALL);
    const load = await startLoad(url);
    const cpuBefore = cpuSample(config.DATA_DIR, [load.pid]);
    const started = performance.now();
    await load.sent();
    const uploaded = (performance.now() - started) / 1000;
    // Whether QUEUE is empty, not how many rows it holds: counting a queue of tens of thousands of
    // rows every 10 ms was a good part of the database's time measured below.
    const empty = async () =>
      (
        await sql<{
          empty: boolean;
        }>`SELECT NOT EXISTS (SELECT FROM ${t('queue')}) AS empty`.execute(db)
      ).rows[0].empty;
    await until(empty, 600_000);
    await app.replication.drain(project);
    const applied = (performance.now() - started) / 1000;
    const cpuAfter = cpuSample(config.DATA_DIR, [load.pid]);
    load.end();
    const total = await count('iqueue');
    console.log(
      `  ${total} operations from ${Math.min(calls, DEVICES)} devices (${PER_CALL} per call, ${CONCURRENCY} calls at once): ` +
        `received in ${uploaded.toFixed(1)} s (${Math.round(total / uploaded)}/s), ` +
        `applied and queued back in ${applied.toFixed(1)} s: ${Math.round(total / applied)} operations applied per second — target 20,000/s`,
    );
    console.log(
      `  CPU (load generator, server and database): ${cpuReport(cpuBefore, cpuAfter, total)}`,
    );
    console.log(`  PostgreSQL by process: ${cpuByKind(cpuBefore, cpuAfter)}`);
    console.log(`  load average after applying: ${loadAverage()}`);

    await sql`TRUNCATE ${t('squeue')}`.execute(db);
    const fanStart = performance.now();
    await sync(1, {
      operations: [
        {
          id: 10_000_000,
          time: new Date().toISOString(),
          table: 'gen_clientes',
          op: 'update',
          key: { id: 'C-0001' },
          values: { telefono: '910000001' },
        },
      ],
      limit: 0,
    });
    const done = await until(async () => (await count('squeue')) >= DEVICES, 60_000);
    const fanOut = (performance.now() - fanStart) / 1000;
    console.log(
      `  one change for 9999: in the SQUEUE of all ${DEVICES} devices ${fanOut.toFixed(2)} s after the call` +
        `${done ? '' : ' (NOT ALL within 60 s)'} — target < 2 s`,
    );
    console.log(`  load average: ${loadAverage()}`);

    // The same change with a selection rule by criteria naming the device (docs/replication.md
    // "Selection rules"), one that holds for every device so that all of them get it.
    await sql`TRUNCATE ${t('squeue')}`.execute(db);
    await sql`INSERT INTO ${t('selection')} ("TABLENAME", "ALWAYS", "STATEMENT")
      VALUES ('gen_clientes', 0, 'SELECT id FROM gen_clientes WHERE ##MID## LIKE ''BENCH-%''')`.execute(
      db,
    );
    const ruleStart = performance.now();
    await sync(1, {
      operations: [
        {
          id: 10_000_001,
          time: new Date().toISOString(),
          table: 'gen_clientes',
          op: 'update',
          key: { id: 'C-0001' },
          values: { telefono: '910000002' },
        },
      ],
      limit: 0,
    });
    const ruled = await until(async () => (await count('squeue')) >= DEVICES, 60_000);
    console.log(
      `  the same with a criteria rule on ##MID##: ${((performance.now() - ruleStart) / 1000).toFixed(2)} s` +
        `${ruled ? '' : ' (NOT ALL within 60 s)'} — target < 2 s`,
    );
  });
}

/** The load generator's process, ready to start (bench/replica-load.ts). */
async function startLoad(url: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/replica-load.ts'], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_REPLICA_URL: url,
      BENCH_DEVICES: String(DEVICES),
      BENCH_OPERATIONS: String(OPERATIONS),
      BENCH_CONCURRENCY: String(CONCURRENCY),
      BENCH_PER_CALL: String(PER_CALL),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const onLine = (line: string) => {
        if (!line.startsWith(prefix)) return;
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
      child.once('exit', (code) => reject(new Error(`the load generator ended (${code})`)));
    });
  await next('ready');
  return {
    pid: child.pid!,
    /** Starts the calls; resolves when every one is answered. */
    async sent() {
      const done = next('sent');
      child.stdin!.write('go\n');
      await done;
    },
    end: () => child.stdin!.end(),
  };
}
