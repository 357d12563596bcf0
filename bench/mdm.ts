import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../server/device/demo';
import type { VirtualDevice } from '../simulator/device';
import { managedDevice } from '../tests/support/managed-device';
import { servicesCaller, withBenchServer } from './bench-server';
import { calibration } from './calibration';
import { cpuSample, type CpuSample } from './cpu';
import { tokenFor } from './devices';

/**
 * `npm run bench -- mdm` (issue 36, docs/mdm.md "Speed"): BENCH_MDM_DEVICES (100,000) managed
 * devices seeded by one INSERT … SELECT on the demo's policies, a third non-compliant with AMAPI
 * reasons; then, through the whole app (app.inject of `/api/services`), p50/p95 and CPU ms per
 * call of the device list filtered by a non-compliance reason and of the dashboard's figures; and
 * BENCH_MDM_SOCKETS (1,000) simulated managed devices on real WebSockets (enrolled, connected,
 * their policy applied) whose Android policy is then changed: the time until every connected
 * device has been told, read the new version and had its compliance report stored, while the
 * notice goes to every active device of the policy (the seeded ones too). Beside the Node
 * process's CPU, the embedded PostgreSQL's (bench/cpu.ts), which a loaded machine does not
 * inflate as it does the wall clock. Reduced quick run: BENCH_MDM_DEVICES=10000
 * BENCH_MDM_SOCKETS=100 BENCH_RUNS=20; BENCH_MDM_SOCKETS=0 measures the reads alone.
 */
const DEVICES = Number(process.env.BENCH_MDM_DEVICES ?? 100_000);
const SOCKETS = Number(process.env.BENCH_MDM_SOCKETS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const REASONS = ['API_LEVEL', 'USER_ACTION', 'APP_NOT_INSTALLED', 'PENDING', 'INVALID_VALUE'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => value.toFixed(1).padStart(7);
const count = (n: number) => n.toLocaleString('en');
type Call = (operation: string, parameter: Record<string, unknown>) => Promise<unknown>;

async function seedDevices(db: Db, demo: DemoEnrolmentFile) {
  const started = performance.now();
  await sql`
    INSERT INTO core.mdm_devices (company_id, mid, kind, platform, state, owner, model, os, policy,
      "appliedVersion", compliance, reasons, "lastSeen", "enrolledAt", project)
    SELECT p.company_id, 'BENCH-' || lpad(i::text, 7, '0'), p.platform, p.platform, 'active',
      'Owner ' || (i % 5000), 'Model ' || (i % 40), 'OS ' || (i % 6), p.id, 1,
      CASE WHEN i % 3 = 0 THEN 'noncompliant' ELSE 'compliant' END,
      CASE WHEN i % 3 = 0 THEN (${sql.val(REASONS)}::text[])[1 + (i / 3) % 5]
        || CASE WHEN i % 7 = 0 THEN ' USER_ACTION' ELSE '' END END,
      now() - (i % 20) * interval '1 day', now() - interval '30 days', ${demo.project}
    FROM generate_series(1, ${DEVICES}::int) AS i
    JOIN LATERAL (
      SELECT * FROM core.mdm_policies ORDER BY id OFFSET (i % 3) LIMIT 1
    ) AS p ON true`.execute(db);
  await sql`VACUUM ANALYZE core.mdm_devices`.execute(db);
  console.log(
    `Seeded ${count(DEVICES)} managed devices (a third non-compliant) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** PostgreSQL's CPU ms between two samples (null off Linux). */
const postgresMs = (before: CpuSample, after: CpuSample) =>
  after.postgres === null || before.postgres === null
    ? null
    : (after.postgres - before.postgres) * 1000;

async function measureReads(call: Call, dataDir: string) {
  const scenarios: [string, string, Record<string, unknown>][] = [
    ['list, reason API_LEVEL', 'mdmDevicesList', { filter: { reasons: 'API_LEVEL' } }],
    ['list, reason USER_ACTION', 'mdmDevicesList', { filter: { reasons: 'USER_ACTION' } }],
    ['list, non-compliant', 'mdmDevicesList', { filter: { compliance: 'noncompliant' } }],
    ['dashboard figures', 'mdmDashboard', {}],
  ];
  console.log(
    `\np50/p95 of ${RUNS} runs after ${WARMUP} warm-up (ms), CPU ms a call (Node, PostgreSQL)`,
  );
  console.log(calibration());
  for (const [name, operation, parameter] of scenarios) {
    for (let i = 0; i < WARMUP; i++) await call(operation, parameter);
    const times: number[] = [];
    const cpu = process.cpuUsage();
    const database = cpuSample(dataDir);
    let total = '—';
    for (let i = 0; i < RUNS; i++) {
      const begin = performance.now();
      const answer = (await call(operation, parameter)) as { total?: number; totalCapped?: true };
      times.push(performance.now() - begin);
      total =
        answer.total === undefined ? '—' : `${answer.totalCapped ? '>' : ''}${count(answer.total)}`;
    }
    const used = process.cpuUsage(cpu);
    const databaseMs = postgresMs(database, cpuSample(dataDir));
    times.sort((a, b) => a - b);
    const cpuMs = (used.user + used.system) / 1000 / RUNS;
    const pgMs = databaseMs === null ? '      —' : ms(databaseMs / RUNS);
    console.log(
      `${name.padEnd(28)} ${total.padStart(8)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(cpuMs)} CPU ${pgMs} PG`,
    );
  }
  console.log(calibration());
}

async function until(test: () => Promise<boolean>, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await test()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function measurePush(
  db: Db,
  call: Call,
  server: string,
  demo: DemoEnrolmentFile,
  dataDir: string,
) {
  const devices: VirtualDevice[] = [];
  const started = performance.now();
  try {
    for (let i = 0; i < SOCKETS; i++) {
      const device = managedDevice(
        server,
        demo.mdm!.android,
        `SOCK-${String(i).padStart(6, '0')}`,
        {
          osVersion: '13',
        },
      );
      await device.enrol('');
      device.start();
      devices.push(device);
    }
    const ours = sql`mid LIKE 'SOCK-%'`;
    const applied = async (version: number) => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM core.mdm_devices
        WHERE ${ours} AND "appliedVersion" = ${version}`.execute(db);
      return Number(rows[0].n);
    };
    await until(async () => (await applied(1)) === SOCKETS, 600);
    const connected = devices.filter((device) => device.connected).length;
    console.log(
      `\n${count(SOCKETS)} managed devices enrolled, ${count(connected)} connected on WebSockets, policy applied, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { rows } = await sql<{ policy: string }>`SELECT policy FROM core.mdm_devices
      WHERE ${ours} LIMIT 1`.execute(db);
    const policy = Number(rows[0].policy);
    const stored = (await call('mdmPoliciesShow', { id: policy })) as {
      version: number;
      document: Record<string, unknown>;
      policyVersion: number;
    };
    const active = await sql<{ n: string }>`SELECT count(*) AS n FROM core.mdm_devices
      WHERE policy = ${policy} AND state = 'active'`.execute(db);
    const cpu = process.cpuUsage();
    const database = cpuSample(dataDir);
    const begin = performance.now();
    await call('mdmPoliciesEdit', {
      id: policy,
      version: stored.version,
      document: { ...stored.document, cameraDisabled: !stored.document.cameraDisabled },
    });
    const committed = performance.now() - begin;
    const next = stored.policyVersion + 1;
    const done = await until(async () => (await applied(next)) === SOCKETS, 300);
    const wall = performance.now() - begin;
    const used = process.cpuUsage(cpu);
    const databaseMs = postgresMs(database, cpuSample(dataDir));
    console.log(calibration());
    console.log(
      `policy change: committed in ${committed.toFixed(0)} ms, notice to ${count(Number(active.rows[0].n))} active devices; ` +
        `${count(await applied(next))}/${count(SOCKETS)} connected devices read version ${next} and stored their report ` +
        `in ${(wall / 1000).toFixed(2)} s${done ? '' : ' (timed out)'}; CPU ${((used.user + used.system) / 1000).toFixed(0)} ms (server and simulated devices)` +
        (databaseMs === null ? '' : ` + ${databaseMs.toFixed(0)} ms PostgreSQL`),
    );
  } finally {
    await Promise.all(devices.map((device) => device.stop()));
  }
}

export async function run(): Promise<void> {
  const env = { SIMULATOR: 'false', DEMO_MDM: 'true', LOG_LEVEL: 'silent' };
  const port = Number(process.env.BENCH_PORT ?? 8331);
  await withBenchServer(
    'mdm',
    async ({ config, db, app, url }) => {
      const demo: DemoEnrolmentFile = JSON.parse(
        fs.readFileSync(path.join(config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'),
      );
      const headers = { authorization: `Bearer ${await tokenFor(db, config, 'admin')}` };
      const call: Call = servicesCaller(app, headers);
      await seedDevices(db, demo);
      await measureReads(call, config.DATA_DIR);
      if (SOCKETS > 0) await measurePush(db, call, url, demo, config.DATA_DIR);
    },
    { port, env },
  );
}
