import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, migrateCore, type Db } from '../server/db/database';
import { createSqlSandbox } from '../server/db/sandbox';
import { startEmbedded } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed';
import { servicesCaller } from './bench-server';
import { calibration } from './calibration';
import { cpuSample, type CpuSample } from './cpu';
import { tokenFor } from './devices';

/**
 * `npm run bench -- engine` (issue 34, "Speed"): a custom entity with five custom fields, created
 * through `POST /api/rest/custom-entities`, its table then filled with BENCH_ROWS rows (default
 * 1,000,000) by one INSERT … SELECT (the generated indexes dropped for the load and made again
 * with their own definitions). Then, through the whole app (app.inject of `/api/services`: token,
 * permission, the entity's catalogue, SQL, JSON), p50/p95 of the list's requests, of create and
 * edit at BENCH_CONCURRENCY (16) in flight, and of edit again after BENCH_REVISIONS (1,000,000)
 * revisions bulk-inserted into `core.revisions`; each write measure after BENCH_WARM_WRITES (400)
 * writes of the same kind, untimed (a running server's code is warm). A calibration line before and after each table,
 * and the CPU ms per operation of this process and of the embedded PostgreSQL (bench/cpu.ts): on
 * the shared machine the wall clock says how busy the others were, the CPU what the work costs.
 * Each list request's first call is printed apart (`first`): a deep page walks from the start
 * then, and from the anchor it left (server/engine/page-anchors.ts) on the calls timed after it.
 */
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REVISIONS = Number(process.env.BENCH_REVISIONS ?? ROWS);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WRITES = Number(process.env.BENCH_WRITES ?? 800);
const WARMUP = 5;
/** Writes made before each write measure: the server's code warmed up as a running one's is. */
const WARM_WRITES = Number(process.env.BENCH_WARM_WRITES ?? 400);
const ENTITY = 'bench-items';
const LIST = 'customRecordsList';

const label = (es: string, en: string) => ({ es, en });
const BODY = {
  name: ENTITY,
  scope: 'company',
  title: { one: label('Elemento', 'Item'), many: label('Elementos', 'Items') },
  fields: [
    { name: 'name', type: 'text', label: label('Nombre', 'Name'), required: true },
    { name: 'city', type: 'text', label: label('Ciudad', 'City') },
    { name: 'amount', type: 'integer', label: label('Importe', 'Amount') },
    { name: 'active', type: 'boolean', label: label('Activo', 'Active'), default: true },
    { name: 'since', type: 'date', label: label('Alta', 'Since') },
  ],
  permissions: { read: 'user', write: 'user' },
};
const CITIES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Murcia'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => value.toFixed(1).padStart(7);
const count = (n: number) => n.toLocaleString('en');

/** Page 5,000 of 100 rows, or the last full page of a smaller table. */
const deepStart = Math.max(0, Math.min(499_900, ROWS - 100));

const scenarios: { name: string; parameter: Record<string, unknown> }[] = [
  { name: 'first page (sort by name, the default)', parameter: {} },
  { name: `page ${count(deepStart / 100 + 1)} (sort by name)`, parameter: { start: deepStart } },
  { name: 'sort by amount desc', parameter: { orderBy: 'amount', orderDir: 'desc' } },
  {
    name: `page ${count(deepStart / 100 + 1)} by amount`,
    parameter: { start: deepStart, orderBy: 'amount' },
  },
  { name: 'sort by since desc', parameter: { orderBy: 'since', orderDir: 'desc' } },
  {
    name: "city equals 'Sevilla' (1/7)",
    parameter: { rowfilter: { city: 'Sevilla' }, rowfilteroper: { city: 5 } },
  },
  {
    name: "name equals 'Item 000123457'",
    parameter: { rowfilter: { name: 'Item 000123457' }, rowfilteroper: { name: 5 } },
  },
  {
    name: "city contains 'vill'",
    parameter: { rowfilter: { city: 'vill' }, rowfilteroper: { city: 1 } },
  },
  {
    name: "name contains '12345'",
    parameter: { rowfilter: { name: '12345' }, rowfilteroper: { name: 1 } },
  },
  {
    name: 'amount ≥ 99,000 (1 %)',
    parameter: { rowfilter: { amount: 99_000 }, rowfilteroper: { amount: 12 } },
  },
  {
    name: 'amount < 50,000 (50 %)',
    parameter: { rowfilter: { amount: 50_000 }, rowfilteroper: { amount: 9 } },
  },
];

type Call = (operation: string, parameter: Record<string, unknown>) => Promise<unknown>;

/** The embedded cluster's folder's parent (cpuSample reads its postmaster's CPU from /proc). */
let dataDir = '';

/** node + PostgreSQL CPU ms per operation since `before` (PostgreSQL's when /proc tells). */
function cpuMs(before: CpuSample, operations: number): number {
  const after = cpuSample(dataDir);
  const database = (after.postgres ?? 0) - (before.postgres ?? 0);
  return ((after.node - before.node + database) * 1000) / operations;
}

/** CPU ms per operation since `before`: this process, and the database when /proc tells. */
function cpuPerOp(before: CpuSample, operations: number): string {
  const after = cpuSample(dataDir);
  const per = (seconds: number) => ((seconds * 1000) / operations).toFixed(2).padStart(6);
  const database =
    after.postgres !== null && before.postgres !== null
      ? per(after.postgres - before.postgres)
      : '     ?';
  return `${per(after.node - before.node)} ${database}`;
}

/** p50/p95 of each list request, after a warm-up. */
async function measureLists(call: Call) {
  console.log(`\n${LIST}, p50/p95 of ${RUNS} runs after ${WARMUP} warm-up (ms)`);
  console.log(calibration());
  console.log(
    `${'scenario'.padEnd(42)} ${'total'.padStart(9)} ${'rows'.padStart(5)} ${'first'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}  CPU ms/op: node     PG`,
  );
  for (const scenario of scenarios) {
    const { start = 0, orderBy, orderDir = 'asc', ...rest } = scenario.parameter;
    const parameter = {
      entity: ENTITY,
      datatable: { start, length: 100, orderBy, orderDir },
      ...rest,
    };
    // The first call is timed apart: a deep page's walk from the start, before any anchor.
    const cold = performance.now();
    let result = (await call(LIST, parameter)) as { data: unknown[]; total: number };
    const first = performance.now() - cold;
    for (let i = 1; i < WARMUP; i++) await call(LIST, parameter);
    const times: number[] = [];
    const cpu = cpuSample(dataDir);
    for (let i = 0; i < RUNS; i++) {
      const begin = performance.now();
      result = (await call(LIST, parameter)) as typeof result;
      times.push(performance.now() - begin);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${scenario.name.padEnd(42)} ${count(result.total).padStart(9)} ${String(result.data.length).padStart(5)} ${ms(first)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))}            ${cpuPerOp(cpu, RUNS)}`,
    );
  }
  console.log(calibration());
}

/** Runs `total` calls of `one` with `CONCURRENCY` in flight; answers each call's time, sorted. */
async function concurrently(
  total: number,
  one: (i: number) => Promise<void>,
  inFlight = CONCURRENCY,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const begin = performance.now();
      await one(i);
      times.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return times.sort((a, b) => a - b);
}

const line = (name: string, times: number[], wall: number, cpu: CpuSample) =>
  `${name.padEnd(42)} ${String(times.length).padStart(5)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(percentile(times, 99))} ${(times.length / (wall / 1000)).toFixed(0).padStart(6)}/s ${cpuPerOp(cpu, times.length)}`;

/** Edits of distinct rows (each worker its own), `CONCURRENCY` in flight. */
async function measureEdits(
  call: Call,
  firstId: number,
  title: string,
  inFlight = CONCURRENCY,
): Promise<{ p95: number; cpu: number }> {
  const versions = new Map<number, number>();
  const edit = async (i: number) => {
    const id = firstId + (i % 50_000) * 7;
    const version = versions.get(id) ?? 1;
    const row = (await call('customRecordsEdit', {
      entity: ENTITY,
      id,
      version,
      amount: (i * 37) % 100_000,
      city: CITIES[i % CITIES.length],
    })) as { version: number };
    versions.set(id, row.version);
  };
  await concurrently(WARM_WRITES, edit); // warm-up
  const started = performance.now();
  const cpu = cpuSample(dataDir);
  const times = await concurrently(
    inFlight === 1 ? 200 : WRITES,
    (i) => edit(i + WARM_WRITES),
    inFlight,
  );
  console.log(line(title, times, performance.now() - started, cpu));
  return { p95: percentile(times, 95), cpu: cpuMs(cpu, times.length) };
}

async function measureWrites(call: Call, db: Db, table: string) {
  const first = await sql<{
    id: string;
  }>`SELECT min(id) AS id FROM ${sql.table(`core.${table}`)}`.execute(db);
  const firstId = Number(first.rows[0].id);
  console.log(`\nWrites at ${CONCURRENCY} in flight (ms: p50, p95, p99; calls a second)`);
  console.log(calibration());
  console.log(
    `${'call'.padEnd(42)} ${'calls'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'rate'.padStart(8)} CPU ms/op: node PG`,
  );
  const create = async (i: number) => {
    await call('customRecordsCreate', {
      entity: ENTITY,
      name: `New ${i}`,
      city: CITIES[i % CITIES.length],
      amount: i,
      since: '2026-11-29',
    });
  };
  await concurrently(WARM_WRITES, (i) => create(WRITES + i)); // warm-up, as for the edits
  let started = performance.now();
  const cpu = cpuSample(dataDir);
  const created = await concurrently(WRITES, create);
  console.log(line('customRecordsCreate', created, performance.now() - started, cpu));
  // One call at a time: what a write costs, without the queue of 16 in flight on two cores.
  await measureEdits(call, firstId + 5, 'customRecordsEdit, 1 in flight', 1);
  const before = await measureEdits(call, firstId, 'customRecordsEdit');
  const revisions = await sql<{ n: string }>`SELECT count(*) AS n FROM core.revisions`.execute(db);
  started = performance.now();
  await sql`
    INSERT INTO core.revisions (company_id, resource, record, action, user_id, login, channel, before, after, at)
    SELECT c.company_id, ${ENTITY}, (c.first + i % ${ROWS})::text, 'edit', c.user_id, 'admin', 'rest',
           jsonb_build_object('amount', i % 100000), jsonb_build_object('amount', (i + 1) % 100000),
           now() - (i % 300) * interval '1 day'
    FROM generate_series(1, ${REVISIONS}::int) AS i,
         (SELECT company_id, id AS user_id, ${firstId}::bigint AS first FROM core.users WHERE login = 'admin') AS c
  `.execute(db);
  await sql`VACUUM ANALYZE core.revisions`.execute(db);
  await sql`CHECKPOINT`.execute(db);
  console.log(
    `(revisions: ${count(Number(revisions.rows[0].n))} before, ${count(REVISIONS)} more inserted in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const after = await measureEdits(
    call,
    firstId + 3,
    `customRecordsEdit, +${count(REVISIONS)} revisions`,
  );
  console.log(
    `edit after the revisions, against before: p95 ${((after.p95 / before.p95 - 1) * 100).toFixed(1)} %, ` +
      `CPU per edit (node + PostgreSQL) ${((after.cpu / before.cpu - 1) * 100).toFixed(1)} %`,
  );
  console.log(calibration());
}

/** One INSERT … SELECT of the rows, without the generated indexes, which are then made again. */
async function seedRows(db: Db, table: string, company: number) {
  const qualified = sql.table(`core.${table}`);
  const indexes = await sql<{ name: string; definition: string }>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = 'core' AND tablename = ${table} AND indexname <> ${`${table}_pkey`}
  `.execute(db);
  for (const index of indexes.rows)
    await sql`DROP INDEX ${sql.table(`core.${index.name}`)}`.execute(db);
  let started = performance.now();
  await sql`
    INSERT INTO ${qualified} (company_id, name, city, amount, active, since)
    SELECT ${company}, 'Item ' || lpad(((i::bigint * 7919) % ${ROWS})::text, 9, '0'),
           (${sql.val(CITIES)}::text[])[1 + i % 7], (i::bigint * 104729) % 100000, i % 3 <> 0,
           date '2020-01-01' + (i % 2500)
    FROM generate_series(1, ${ROWS}::int) AS i
  `.execute(db);
  const inserted = performance.now() - started;
  started = performance.now();
  for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
  const indexed = performance.now() - started;
  started = performance.now();
  await sql`VACUUM ANALYZE ${qualified}`.execute(db);
  await sql`CHECKPOINT`.execute(db);
  const size = await sql<{ table: string; indexes: string }>`
    SELECT pg_size_pretty(pg_table_size(${`core.${table}`}::regclass)) AS table,
           pg_size_pretty(pg_indexes_size(${`core.${table}`}::regclass)) AS indexes
  `.execute(db);
  console.log(
    `Seeded ${count(ROWS)} rows into core.${table} with one INSERT … SELECT: ${(inserted / 1000).toFixed(1)} s; ` +
      `its ${indexes.rows.length} generated indexes made again ${(indexed / 1000).toFixed(1)} s; VACUUM ANALYZE and ` +
      `CHECKPOINT ${((performance.now() - started) / 1000).toFixed(1)} s (table ${size.rows[0].table}, indexes ${size.rows[0].indexes}):`,
  );
  for (const index of indexes.rows)
    console.log(`  ${index.definition.replace(/^CREATE (UNIQUE )?INDEX /, '')}`);
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-'));
  dataDir = dir;
  fs.chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
  const embedded = await startEmbedded(path.join(dir, 'postgres'), 'flota');
  const db = connect(embedded.url);
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:8089',
    CONSOLE_DIR: path.join(dir, 'no-console'),
    SIMULATOR: 'false',
  });
  const sandbox = createSqlSandbox({ db, appUrl: embedded.url, adminUrl: embedded.url });
  try {
    await migrateCore(db);
    await seedDemo(db, config);
    const app = await buildApp({ config, db, sandbox });
    try {
      const headers = { authorization: `Bearer ${await tokenFor(db, config, 'admin')}` };
      const created = await app.inject({
        method: 'POST',
        url: '/api/rest/custom-entities',
        headers,
        payload: BODY,
      });
      if (created.statusCode !== 201 && created.statusCode !== 200) {
        throw new Error(`POST /api/rest/custom-entities: ${created.statusCode} ${created.body}`);
      }
      const entity = await db
        .selectFrom('core.custom_entities')
        .select(['table', 'company_id'])
        .where('name', '=', ENTITY)
        .executeTakeFirstOrThrow();
      console.log(
        `POST /api/rest/custom-entities made ${ENTITY} (core.${entity.table}), five custom fields`,
      );
      await seedRows(db, entity.table, entity.company_id);
      const call: Call = servicesCaller(app, headers);
      await measureLists(call);
      await measureWrites(call, db, entity.table);
    } finally {
      await app.close();
    }
  } finally {
    await sandbox.close();
    await db.destroy();
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
