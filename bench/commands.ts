import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importJWK, SignJWT, type JWK } from 'jose';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import type { Db } from '../server/db/database';
import { freePort } from '../server/db/embedded';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed';
import { hashSecret } from '../server/device/secrets';
import { loadIdentityKeys } from '../server/identity/keys';
import { benchCredential } from './command-devices';

/**
 * `npm run bench -- commands`: one server node (in this process, embedded PostgreSQL in a
 * temporary folder) with 10,000 devices connected by WebSocket from a second process of
 * lightweight clients. Prints the time from sending one command to all of them until every
 * result is recorded, the p95 round trip of a single command (`wait: true`), and the server's
 * memory per connected device.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SINGLE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const PREFIX = 'BENCH';
/** sendCommand takes up to 5,000 devices per call (001 §7 dest). */
const PER_CALL = 5000;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Enrols the fleet directly in the database: the protocol's enrolment is not what is measured. */
export async function insertFleet(
  db: Db,
  numero: number,
  schema: string,
  devices = DEVICES,
): Promise<void> {
  const mids = Array.from({ length: devices }, (_, i) => `${PREFIX}-${i + 1}`);
  const hashes = mids.map((_, i) => hashSecret(benchCredential(i + 1)));
  await sql`
    INSERT INTO ${sql.id(schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
    SELECT mid, 'Bench', 'ANDROID', 2 FROM unnest(${mids}::text[]) AS mid
  `.execute(db);
  await sql`
    INSERT INTO core.device_directory (mid, numero, credential_hash)
    SELECT * FROM unnest(${mids}::text[], ${mids.map(() => numero)}::int[], ${hashes}::text[])
  `.execute(db);
}

/** The lightweight devices of command-devices.ts in a second process; resolves once all are welcomed. */
export function startDevices(url: string, count = DEVICES, prefix = PREFIX): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/command-devices.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_URL: url, BENCH_COUNT: String(count), BENCH_PREFIX: prefix },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the devices stopped (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

export async function until(
  check: () => Promise<boolean>,
  ms: number,
  every = 10,
): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  return false;
}

/** A console access token of the demo administrator, signed with the server's own key. */
export async function adminToken(db: Db, config: Config): Promise<string> {
  const admin = await db
    .selectFrom('core.users')
    .select('id')
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  const jwk = (await loadIdentityKeys(db)).jwks.keys[0] as JWK;
  return new SignJWT({ scope: 'openid profile' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(String(admin.id))
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-commands-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server runs as its own user when we are root
  const port = await freePort();
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
  const app = await (async () => {
    await seedDemo(db, config);
    return buildApp({ config, db, sandbox: database.sandbox });
  })();
  try {
    const url = await app.listen({ port, host: '127.0.0.1' });
    const project = await db
      .selectFrom('core.projects')
      .select(['numero', 'schema_name'])
      .where('name', '=', 'Demo')
      .executeTakeFirstOrThrow();
    await insertFleet(db, project.numero, project.schema_name);
    const token = await adminToken(db, config);
    const call = async (parameter: Record<string, unknown>) => {
      const response = await fetch(`${url}/api/services`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ operation: 'sendCommand', parameter }),
      });
      const body = (await response.json()) as { error: { code: string; description: string } };
      if (body.error.code !== '0') throw new Error(body.error.description);
      return body;
    };

    global.gc?.();
    const idleRss = process.memoryUsage().rss;
    let started = performance.now();
    devices = await startDevices(url);
    const connectSeconds = (performance.now() - started) / 1000;
    const online = async () => {
      const row = await db
        .selectFrom('core.device_directory')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('online', '=', true)
        .executeTakeFirstOrThrow();
      return row.n >= DEVICES;
    };
    await until(online, 60_000);
    global.gc?.();
    const connectedRss = process.memoryUsage().rss;

    const executed = async () => {
      const row = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.id(project.schema_name, 'device_commands')}
        WHERE "CMD" = 'info' AND "STATE" = 'executed'
      `.execute(db);
      return row.rows[0].n;
    };
    const mids = Array.from({ length: DEVICES }, (_, i) => `${PREFIX}-${i + 1}`);
    started = performance.now();
    const calls = [];
    for (let start = 0; start < mids.length; start += PER_CALL) {
      calls.push(
        call({ database: project.numero, cmd: 'info', dest: mids.slice(start, start + PER_CALL) }),
      );
    }
    await Promise.all(calls);
    const answered = performance.now() - started;
    const allRecorded = await until(async () => (await executed()) >= DEVICES, 60_000);
    const fanOut = (performance.now() - started) / 1000;
    const recorded = await executed();

    const latencies: number[] = [];
    for (let round = 0; round < SINGLE_ROUNDS; round++) {
      const mid = mids[round % mids.length];
      const one = performance.now();
      await call({ database: project.numero, cmd: 'ping', dest: [mid], wait: true });
      latencies.push(performance.now() - one);
    }
    latencies.sort((a, b) => a - b);

    console.log(
      `\nRemote commands on one node (${os.cpus().length} CPUs, devices in a second process)`,
    );
    console.log(`  fleet: ${DEVICES} devices, WebSockets open in ${connectSeconds.toFixed(1)} s`);
    console.log(
      `  one command to all ${DEVICES}: every result recorded in ${fanOut.toFixed(2)} s ` +
        `(sending calls answered in ${(answered / 1000).toFixed(2)} s; ` +
        `${recorded} of ${DEVICES} executed${allRecorded ? '' : ', NOT ALL within 60 s'}) — target < 5 s`,
    );
    console.log(
      `  single command round trip (wait: true, ${SINGLE_ROUNDS} rounds): ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms — target p95 < 50 ms`,
    );
    console.log(
      `  server memory: ${mib(idleRss)} before, ${mib(connectedRss)} with ${DEVICES} connected: ` +
        `${((connectedRss - idleRss) / DEVICES / 1024).toFixed(1)} KiB per device (RSS)`,
    );
  } finally {
    devices?.kill('SIGTERM');
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
