import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { importJWK, SignJWT, type JWK } from 'jose';
import { sql } from 'kysely';
import { PLATFORMS } from '../protocol/devices';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connect, migrateCore, type Db } from '../server/db/database';
import { createSqlSandbox } from '../server/db/sandbox';
import { startEmbedded } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed';
import { loadIdentityKeys } from '../server/identity/keys';
import { calibration } from './calibration';
import { startNoise } from './noise';

/**
 * `npm run bench -- devices`: one million devices in a project of an embedded PostgreSQL in a
 * temporary folder, then p50/p95 of devicesWithPages through the whole app (app.inject: token
 * check, permission, SQL, JSON) for the list's typical requests. BENCH_DEVICES for a smaller
 * table while developing, BENCH_RUNS for more runs, BENCH_NOISE=1 for a busy loop on one core
 * beside it (noise.ts); a calibration line before and after each table (calibration.ts).
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;

const FIRST = [
  'Ana',
  'Luis',
  'Marta',
  'Jorge',
  'Lucía',
  'Pablo',
  'Elena',
  'Sergio',
  'Carmen',
  'David',
];
const LAST = [
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Alonso',
  'Gutiérrez',
  'Navarro',
  'Torres',
  'Domínguez',
  'Vázquez',
  'Ramos',
  'Gil',
  'Ramírez',
  'Serrano',
  'Blanco',
  'Molina',
  'Morales',
  'Suárez',
  'Ortega',
  'Delgado',
  'Castro',
  'Ortiz',
  'Rubio',
  'Marín',
  'Sanz',
  'Núñez',
  'Iglesias',
  'Medina',
  'Garrido',
  'Cortés',
  'Castillo',
  'Santos',
  'Lozano',
  'Guerrero',
  'Cano',
  'Prieto',
];
const MINOR_PLATFORMS = PLATFORMS.filter((name) => name !== 'ANDROID' && name !== 'IPHONE');

/**
 * One INSERT … SELECT: 60 % Android, 30 % iPhone, the rest spread; last syncs over 30 days;
 * 5 % held (PENDIENTE 1, so disabled when provisioned), 0.5 % generating their database.
 */
export function insertDevices(schema: string, count: number) {
  return sql`
    INSERT INTO ${sql.id(schema, 'devices')}
      ("PIN", "MID", "OWNER", "USERNAME", "DEVICEGROUP", "MODEL", "SINCRONISMO", "STATUS",
       "PENDIENTE", "DEVICE_TYPE", "EMAIL", "LIC", "IMEI", "CREATED")
    SELECT
      lpad((i % 10000)::text, 4, '0'),
      'DEV' || lpad(i::text, 8, '0'),
      (${sql.val(FIRST)}::text[])[1 + i % 10] || ' ' || (${sql.val(LAST)}::text[])[1 + (i / 10) % 50] || ' ' || (i % 997),
      'user' || (i % 5000),
      'G' || (i % 40),
      'Model ' || (i % 12),
      now() - ((i::bigint * 7919) % 43200) * interval '1 minute',
      CASE WHEN i % 200 = 0 THEN 1 WHEN i % 100 = 1 THEN 0 ELSE 2 END,
      CASE WHEN i % 20 = 3 THEN 1 ELSE 0 END,
      CASE WHEN i % 10 < 6 THEN 'ANDROID' WHEN i % 10 < 9 THEN 'IPHONE'
           ELSE (${sql.val(MINOR_PLATFORMS)}::text[])[1 + (i / 10) % 9] END,
      'device' || i || '@example.com',
      CASE WHEN i % 3 = 0 THEN NULL ELSE upper(substr(md5(i::text), 1, 16)) END,
      (350000000000000 + i)::text,
      now() - (i % 365) * interval '1 day'
    FROM generate_series(1, ${count}::int) AS i
  `;
}

const scenarios: { name: string; parameter: Record<string, unknown>; extra?: true }[] = [
  { name: 'first page, unfiltered', parameter: {} },
  { name: 'page 5,000 (start 499,900)', parameter: { datatable: { start: 499_900, length: 100 } } },
  {
    name: "OWNER contains 'garc'",
    parameter: { rowfilter: { OWNER: 'garc' }, rowfilteroper: { OWNER: 1 } },
  },
  { name: 'status disabled (2)', parameter: { status: 2 } },
  {
    name: 'sort by SINCRONISMO desc',
    parameter: { datatable: { orderBy: 'SINCRONISMO', orderDir: 'desc' } },
  },
  {
    name: "OWNER contains 'garc' + DEVICE_TYPE = IPHONE",
    parameter: {
      rowfilter: { OWNER: 'garc', DEVICE_TYPE: 'IPHONE' },
      rowfilteroper: { OWNER: 1, DEVICE_TYPE: 5 },
    },
  },
  {
    name: "extra: platform IPHONE + OWNER contains 'garc'",
    parameter: { platform: 'IPHONE', rowfilter: { OWNER: 'garc' }, rowfilteroper: { OWNER: 1 } },
    extra: true,
  },
  { name: 'extra: status not synced (1)', parameter: { status: 1 }, extra: true },
  {
    name: "extra: OWNER contains 'mart' (14 %) + IPHONE",
    parameter: {
      rowfilter: { OWNER: 'mart', DEVICE_TYPE: 'IPHONE' },
      rowfilteroper: { OWNER: 1, DEVICE_TYPE: 5 },
    },
    extra: true,
  },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => value.toFixed(1).padStart(7);

type Config = ReturnType<typeof loadConfig>;

/** Runs every scenario through the app and prints a table. */
async function measure(
  db: Db,
  url: string,
  config: Config,
  numero: number,
  title: string,
): Promise<void> {
  // The device list runs no SQL a person writes: the bench's superuser stands in for both roles.
  const sandbox = createSqlSandbox({ db, appUrl: url, adminUrl: url });
  const app = await buildApp({ config, db, sandbox });
  try {
    const token = await tokenFor(db, config, 'admin');
    const call = async (parameter: Record<string, unknown>) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/services',
        headers: { authorization: `Bearer ${token}` },
        payload: { operation: 'devicesWithPages', parameter: { database: numero, ...parameter } },
      });
      const body = response.json();
      if (body.error.code !== '0') throw new Error(`devicesWithPages: ${body.error.description}`);
      return body.result as { data: unknown[]; total: number; totalCapped?: true };
    };
    console.log(
      `\n${title}: devicesWithPages, p50/p95 of ${RUNS} runs after ${WARMUP} warm-up (ms)`,
    );
    console.log(calibration());
    console.log(
      `${'scenario'.padEnd(46)} ${'total'.padStart(9)} ${'rows'.padStart(5)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}`,
    );
    for (const scenario of scenarios) {
      let result = await call(scenario.parameter);
      for (let i = 1; i < WARMUP; i++) await call(scenario.parameter);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const begin = performance.now();
        result = await call(scenario.parameter);
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${scenario.name.padEnd(46)} ${`${result.totalCapped ? '>' : ''}${result.total.toLocaleString('en')}`.padStart(9)} ${String(result.data.length).padStart(5)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))}`,
      );
    }
    console.log(calibration());
  } finally {
    await app.close();
    await sandbox.close();
  }
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-bench-'));
  fs.chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
  const pgDir = path.join(dir, 'postgres');
  let noise: ReturnType<typeof startNoise> | null = null;
  let embedded = await startEmbedded(pgDir, 'flota');
  let db = connect(embedded.url);
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
    const project = await db
      .selectFrom('core.projects')
      .select(['numero', 'schema_name'])
      .executeTakeFirstOrThrow();

    let started = performance.now();
    await insertDevices(project.schema_name, DEVICES).execute(db);
    const inserted = performance.now() - started;
    started = performance.now();
    await sql`VACUUM ANALYZE ${sql.id(project.schema_name, 'devices')}`.execute(db);
    // The bulk load's dirty pages are written now, not by a checkpoint during the measurements.
    await sql`CHECKPOINT`.execute(db);
    const vacuumed = performance.now() - started;
    const size = await sql<{ table: string; indexes: string }>`
      SELECT pg_size_pretty(pg_table_size(${`${project.schema_name}.devices`}::regclass)) AS table,
             pg_size_pretty(pg_indexes_size(${`${project.schema_name}.devices`}::regclass)) AS indexes
    `.execute(db);
    console.log(
      `Seeded ${DEVICES.toLocaleString('en')} devices into ${project.schema_name} with one INSERT … SELECT: ` +
        `${(inserted / 1000).toFixed(1)} s, then VACUUM ANALYZE and CHECKPOINT ${(vacuumed / 1000).toFixed(1)} s ` +
        `(table ${size.rows[0].table}, indexes ${size.rows[0].indexes})`,
    );

    // The noise starts once the table is built: it is there to load the measurements only.
    noise = startNoise();
    await measure(
      db,
      embedded.url,
      config,
      project.numero,
      'Embedded defaults (shared_buffers 128 MB)',
    );

    // A server holding a million devices would be given memory for them: a quarter of this
    // machine's RAM would be 6 GB; 1 GB already holds the table and its indexes.
    await sql`ALTER SYSTEM SET shared_buffers = '1GB'`.execute(db);
    await db.destroy();
    await embedded.stop();
    embedded = await startEmbedded(pgDir, 'flota');
    db = connect(embedded.url);
    await measure(db, embedded.url, config, project.numero, 'shared_buffers 1 GB');
  } finally {
    await db.destroy();
    await embedded.stop();
    await noise?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function tokenFor(
  db: ReturnType<typeof connect>,
  config: ReturnType<typeof loadConfig>,
  login: string,
) {
  const user = await db
    .selectFrom('core.users')
    .select('id')
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  const jwk = (await loadIdentityKeys(db)).jwks.keys[0] as JWK;
  return new SignJWT({ scope: 'openid profile' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setSubject(String(user.id))
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}
