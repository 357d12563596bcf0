import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { UPDATE_TYPES, UPDATE_UPLOAD_PATH, type UploadPublishResult } from '../protocol/updates';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { freePort } from '../server/db/embedded';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed';
import { announceUpdates } from '../server/updates/device-announce';
import { adminToken, insertFleet, mib, until } from './commands';

/**
 * `npm run bench -- updates`: one server node in this process (embedded PostgreSQL in a
 * temporary folder). (1) A GENERAL update (one file uploaded, one SQL entry) published to
 * BENCH_DEVICES (100,000) devices: the time from uploadPublish to uploadConfirm's answer, with
 * every device_updates row written (target < 2 s). (2) BENCH_CONFIRMERS (10,000) of them
 * connected by WebSocket from a second process of bare clients, told of the update and
 * confirming it (`updateConfirm`) at once: confirmations per second until STATISTICOK counts
 * them all (target 5,000/s). `BENCH_DEVICES=5000 BENCH_CONFIRMERS=2000` is a one-minute run.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const CONFIRMERS = Math.min(DEVICES, Number(process.env.BENCH_CONFIRMERS ?? 10_000));
const PREFIX = 'BENCH';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function startDevices(url: string, version: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/command-devices.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_URL: url,
      BENCH_COUNT: String(CONFIRMERS),
      BENCH_PREFIX: PREFIX,
      BENCH_UPDATE_VERSION: String(version),
    },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the devices stopped (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-updates-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server runs as its own user when we are root
  const port = Number(process.env.BENCH_PORT ?? 0) || (await freePort());
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  const database = await openDatabase(config);
  const db = database.db;
  let devices: ChildProcess | null = null;
  await seedDemo(db, config);
  const app = await buildApp({ config, db, sandbox: database.sandbox });
  try {
    const url = await app.listen({ port, host: '127.0.0.1' });
    const project = await db
      .selectFrom('core.projects')
      .select(['numero', 'schema_name'])
      .where('name', '=', 'Demo')
      .executeTakeFirstOrThrow();
    const schema = project.schema_name;
    let started = performance.now();
    await insertFleet(db, project.numero, schema, DEVICES);
    await sql`ANALYZE ${sql.id(schema, 'devices')}`.execute(db);
    const seeded = (performance.now() - started) / 1000;
    const token = await adminToken(db, config);
    const headers = { authorization: `Bearer ${token}` };
    const call = async <R>(operation: string, parameter: Record<string, unknown>) => {
      const response = await fetch(`${url}/api/services`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ operation, parameter }),
      });
      const body = (await response.json()) as { error: { description: string }; result: R };
      if (response.status !== 200) throw new Error(`${operation}: ${body.error.description}`);
      return body.result;
    };

    // (1) The three steps of a publish, as the console takes them.
    const file = Buffer.alloc(256 * 1024, 7);
    const publishStart = performance.now();
    const staged = await call<UploadPublishResult>('uploadPublish', {
      database: project.numero,
      filter: [
        { type: 'copy', name: 'catalogo.db', path: '%APPPATH%', size: file.length },
        {
          type: 'sqlDirect',
          name: 'precios.sql',
          sql: "UPDATE gen_productos SET precio = precio * 1.02 WHERE familia = 'A'",
        },
      ],
    });
    const stagedAt = performance.now();
    for (const upload of staged.uploads) {
      const form = new FormData();
      form.set('database', String(project.numero));
      form.set('alias', staged.TempDirectory);
      form.set('numero', String(upload.numero));
      form.set('folder', '%APPPATH%');
      form.set('file', new Blob([file]), upload.name);
      const response = await fetch(`${url}${UPDATE_UPLOAD_PATH}`, {
        method: 'POST',
        headers,
        body: form,
      });
      if (response.status !== 200) throw new Error(`upload: ${await response.text()}`);
    }
    const uploadedAt = performance.now();
    const published = await call<{ version: number; devices: number }>('uploadConfirm', {
      database: project.numero,
      filter: {
        Type: UPDATE_TYPES.GENERAL,
        lstMID: [],
        updateRepository: false,
        TempDirectory: staged.TempDirectory,
        SendPush: false,
      },
    });
    const publishSeconds = (performance.now() - publishStart) / 1000;
    const confirmSeconds = (performance.now() - uploadedAt) / 1000;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.id(schema, 'device_updates')} d
      JOIN ${sql.id(schema, 'updates')} u ON u."ID" = d."UPDATE_ID"
      WHERE u."VERSION" = ${published.version}
    `.execute(db);

    // (2) Connected devices told of it, confirming at once over their sockets.
    global.gc?.();
    const rss = process.memoryUsage().rss;
    started = performance.now();
    devices = await startDevices(url, published.version);
    const connectSeconds = (performance.now() - started) / 1000;
    const online = async () => {
      const row = await db
        .selectFrom('core.device_directory')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('online', '=', true)
        .executeTakeFirstOrThrow();
      return row.n >= CONFIRMERS;
    };
    await until(online, 120_000);
    const confirmed = async () => {
      const { rows: counted } = await sql<{ ok: number }>`
        SELECT "STATISTICOK" AS ok FROM ${sql.id(schema, 'updates')}
        WHERE "VERSION" = ${published.version}
      `.execute(db);
      return counted[0].ok;
    };
    started = performance.now();
    await announceUpdates(schema, 'all', db);
    const all = await until(async () => (await confirmed()) >= CONFIRMERS, 120_000);
    const confirmSpan = (performance.now() - started) / 1000;
    const done = await confirmed();

    console.log(`\nUpdates on one node (${os.cpus().length} CPUs, devices in a second process)`);
    console.log(`  fleet: ${DEVICES} devices seeded in ${seeded.toFixed(1)} s`);
    console.log(
      `  GENERAL update to ${DEVICES}: uploadPublish→uploadConfirm ${publishSeconds.toFixed(2)} s ` +
        `(stage ${((stagedAt - publishStart) / 1000).toFixed(2)} s, upload ${((uploadedAt - stagedAt) / 1000).toFixed(2)} s, ` +
        `confirm ${confirmSeconds.toFixed(2)} s), ${rows[0].n} device rows ` +
        `(${published.devices} answered) — target < 2 s`,
    );
    console.log(
      `  ${CONFIRMERS} connected devices (open in ${connectSeconds.toFixed(1)} s) told and ` +
        `confirming: ${done} confirmed in ${confirmSpan.toFixed(2)} s = ` +
        `${Math.round(done / confirmSpan)} confirms/s${all ? '' : ', NOT ALL within 120 s'} ` +
        `— target 5,000/s`,
    );
    console.log(`  server memory before the sockets: ${mib(rss)}`);
  } finally {
    devices?.kill('SIGTERM');
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
