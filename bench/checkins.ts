import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../server/db/embedded';
import { DEVICE_API, deviceAuthorization } from '../protocol/device-protocol';
import { Fleet } from '../simulator/fleet';
import { calibration } from './calibration';
import { startNoise } from './noise';
import { RawHttpConnection } from './raw-http';

/**
 * `npm run bench -- checkins`: one server node (its own process, embedded PostgreSQL in a
 * temporary folder), a simulated fleet enrolled through the protocol with every WebSocket
 * open, then check-ins as fast as the node takes them from a fixed number of concurrent
 * devices. Prints check-ins per second, their latency, the CPU ms per check-in (server,
 * PostgreSQL, simulator) and the node's memory, with a calibration line before and after the
 * runs (calibration.ts) so a loaded run can be compared; BENCH_NOISE=1 adds a busy loop (noise.ts).
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '16,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * CPU seconds a process has used (user + system) with those of its children that ended (so a
 * PostgreSQL backend or autovacuum worker ending during a run keeps its seconds in the sum),
 * and its parent's pid.
 */
function statOf(pid: number): { cpu: number; parent: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Clock ticks, USER_HZ = 100 on Linux: utime, stime, cutime, cstime.
  const ticks = fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
  return { cpu: ticks / 100, parent: Number(fields[1]) };
}

/** CPU seconds of the server and of its embedded PostgreSQL (every process under it). */
function cpuOf(serverPid: number): { server: number; database: number } {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = statOf(Number(entry));
      cpu.set(Number(entry), stat.cpu);
      children.set(stat.parent, [...(children.get(stat.parent) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  let database = 0;
  const stack = [...(children.get(serverPid) ?? [])];
  for (let pid = stack.pop(); pid !== undefined; pid = stack.pop()) {
    database += cpu.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return { server: cpu.get(serverPid) ?? 0, database };
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  // BENCH_SERVER_ARGS: node options for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p".
  const extra = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  // Shown only when the server fails to start: the figures are the bench's output.
  let stderr = '';
  server.stderr!.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-10_000)),
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped while starting:\n${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  server.kill('SIGTERM');
  throw new Error(`the server did not start within 2 minutes:\n${stderr}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Check-ins back to back from `concurrency` devices at a time, for `seconds`. */
async function hammer(fleet: Fleet, url: URL, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    let connection = new RawHttpConnection(url);
    while (performance.now() < end) {
      const device = fleet.devices[next++ % fleet.devices.length];
      const authorization = deviceAuthorization(device.mid, device.credential!);
      const checkin = device.nextCheckin();
      const body = JSON.stringify(checkin);
      const started = performance.now();
      try {
        await connection.post(`${DEVICE_API}/checkin`, authorization, body);
        latencies.push(performance.now() - started);
        // As the simulator does: errors the server stored are not sent again.
        device.delivered(checkin);
      } catch {
        errors++;
        connection.close();
        connection = new RawHttpConnection(url);
      }
    }
    connection.close();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, errors, elapsed, latencies };
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-checkins-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server runs as its own user when we are root
  const port = await freePort();
  const server = await startServer(dataDir, port);
  const pid = server.pid!;
  let fleet: Fleet | null = null;
  let noise: ReturnType<typeof startNoise> | null = null;
  try {
    const demo = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-enrolment.json'), 'utf8'));
    const url = `http://127.0.0.1:${port}`;
    const idleRss = rssOf(pid);
    fleet = new Fleet({
      server: url,
      project: demo.project,
      token: demo.token,
      devices: DEVICES,
      stateFile: null,
      checkinSeconds: 86_400,
      firstCheckinWithin: 86_400,
      episodes: false,
      enrolConcurrency: 32,
    });
    let started = performance.now();
    const { enrolled, failed } = await fleet.enrol();
    const enrolSeconds = (performance.now() - started) / 1000;
    fleet.start();
    started = performance.now();
    while (fleet.stats().connected < enrolled && performance.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const connected = fleet.stats().connected;
    const connectedRss = rssOf(pid);

    console.log(
      `\nCheck-ins on one node (${os.cpus().length} CPUs, server and simulator on the same machine)`,
    );
    console.log(
      `  fleet: ${enrolled} devices enrolled in ${enrolSeconds.toFixed(1)} s ` +
        `(${(enrolled / enrolSeconds).toFixed(0)}/s)${failed ? `, ${failed} failed` : ''}, ` +
        `${connected} WebSockets open`,
    );
    console.log(
      `  server memory: ${mib(idleRss)} idle, ${mib(connectedRss)} with ${connected} devices connected`,
    );

    const target = new URL(url);
    noise = startNoise();
    console.log(`  ${calibration()}`);
    for (const concurrency of CONCURRENCY) {
      await hammer(fleet, target, concurrency, WARMUP_SECONDS);
      const before = cpuOf(pid);
      const ownBefore = process.cpuUsage();
      const result = await hammer(fleet, target, concurrency, SECONDS);
      const after = cpuOf(pid);
      const own = process.cpuUsage(ownBefore);
      const share = (seconds: number) => `${((seconds / result.elapsed) * 100).toFixed(0)} %`;
      // CPU per check-in compares runs on a shared machine better than the rate does: other
      // processes take cores from the run, not CPU seconds from each check-in.
      const perCheckin = (seconds: number) => ((seconds * 1000) / result.count).toFixed(2);
      const rate = result.count / result.elapsed;
      const ms = (p: number) => percentile(result.latencies, p).toFixed(1);
      const server = after.server - before.server;
      const database = after.database - before.database;
      const simulator = (own.user + own.system) / 1e6;
      console.log(
        `  ${String(concurrency).padStart(3)} concurrent: ${rate.toFixed(0).padStart(5)} check-ins/s ` +
          `(p50 ${ms(50)} ms, p95 ${ms(95)} ms, p99 ${ms(99)} ms, ${result.errors} errors); ` +
          `CPU: server ${share(server)}, PostgreSQL ${share(database)}, ` +
          `simulator ${share(simulator)}; server memory ${mib(rssOf(pid))}`,
      );
      console.log(
        `       CPU ms per check-in: server ${perCheckin(server)}, PostgreSQL ${perCheckin(database)}, ` +
          `simulator ${perCheckin(simulator)}; load average ${os.loadavg()[0].toFixed(2)}`,
      );
    }
    console.log(`  ${calibration()}`);
  } finally {
    await noise?.stop();
    await fleet?.stop();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
