import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { freePort, startEmbedded } from '../server/db/embedded';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed';
import { ensureDemoTables } from '../server/replication/demo-tables';
import { prepareSecrets } from '../server/secrets/prepare';
import { calibration } from './calibration';

/**
 * `npm run bench -- start`: `npm start` as a newcomer runs it, in a fresh clone of this
 * repository's committed HEAD (BENCH_REPO for another clone source), with its own PORT and
 * DATA_DIR (BENCH_PORT, 8080 by default). Prints the seconds of each phase: the install, the
 * console's build and the server's first start (the embedded PostgreSQL created, migrated and the
 * demo seeded) until "Flota is running"; then every line of the output that reads like a warning.
 * The clone is removed afterwards unless BENCH_KEEP=1. The npm cache is the machine's: a first
 * install on a machine whose cache is empty also downloads.
 */
const root = path.resolve(import.meta.dirname, '..');

/** Lines that mark where a phase begins, as scripts/ensure.mjs and server/main.ts print them. */
const MARKS = [
  { phase: 'install', pattern: /^Installing dependencies/ },
  { phase: 'build', pattern: /^Building the console/ },
  { phase: 'server', pattern: /^Starting Flota/ },
] as const;
const READY = /Flota is running at/;
/** What a person would read as a warning in the start's output. */
const WARNING = /warn|deprecat|\(!\)|unsupported|error/i;

interface Line {
  at: number;
  text: string;
}

function startInClone(dir: string, port: string): Promise<{ lines: Line[]; readyAt: number }> {
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: port, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: Line[] = [];
  return new Promise((resolve, reject) => {
    let pending = '';
    const timer = setTimeout(() => finish(new Error('not ready in 10 minutes')), 600_000);
    const finish = (error: Error | null) => {
      clearTimeout(timer);
      const readyAt = Date.now() - started;
      // npm start runs the server and the simulator: the group gets the signal, as from a terminal.
      child.once('exit', () => (error ? reject(error) : resolve({ lines, readyAt })));
      process.kill(-child.pid!, 'SIGINT');
    };
    const read = (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop()!;
      for (const text of complete) {
        lines.push({ at: Date.now() - started, text });
        if (READY.test(text)) finish(null);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      if (!lines.some((line) => READY.test(line.text))) {
        reject(new Error(`npm start exited with ${code}:\n${lines.map((l) => l.text).join('\n')}`));
      }
    });
  });
}

/**
 * The server's first start taken apart, in this process with this checkout's code and a new
 * DATA_DIR: the embedded cluster's initdb and start alone, then what server/main.ts does in order.
 */
async function serverPhases(): Promise<[string, number][]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-fresh-data-'));
  fs.chmodSync(dataDir, 0o755); // the embedded server runs as its own user when we are root
  const phases: [string, number][] = [];
  const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    phases.push([name, Date.now() - started]);
    return result;
  };
  try {
    const alone = path.join(dataDir, 'alone');
    const cluster = await timed('initdb and start of PostgreSQL alone', () =>
      startEmbedded(path.join(alone, 'postgres'), 'flota'),
    );
    await cluster.stop();
    const env = { ...process.env, DATA_DIR: path.join(dataDir, 'node'), LOG_LEVEL: 'warn' };
    const config = loadConfig({ ...env, PORT: String(await freePort()), DATABASE_URL: '' });
    const database = await timed('database: initdb, start, roles, migrations', () =>
      openDatabase(config),
    );
    try {
      await timed('secrets', () => prepareSecrets(config, database.db));
      await timed('demo company, users and project', () => seedDemo(database.db, config));
      await timed('demo tables', () => ensureDemoTables(database.db, database.sandbox));
      const app = await timed('app built (routes, sign-in provider)', () =>
        buildApp({ config, db: database.db, sandbox: database.sandbox }),
      );
      await timed('listening', () => app.listen({ port: config.PORT, host: '127.0.0.1' }));
      await app.close();
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return phases;
}

export async function run(): Promise<void> {
  const source = process.env.BENCH_REPO ?? root;
  const port = process.env.BENCH_PORT ?? '8080';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-fresh-'));
  // As a clone in a shared folder: the embedded server runs as its own user when we are root.
  fs.chmodSync(dir, 0o755);
  console.log(calibration());
  try {
    const cloneStart = Date.now();
    execFileSync('git', ['clone', '--quiet', source, dir]);
    const head = execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s']).toString().trim();
    console.log(`fresh clone of ${source} (${head}) in ${dir}: ${Date.now() - cloneStart} ms`);
    const { lines, readyAt } = await startInClone(dir, port);

    const marks = MARKS.map(({ phase, pattern }) => ({
      phase,
      at: lines.find((line) => pattern.test(line.text))?.at,
    })).filter((mark): mark is { phase: (typeof MARKS)[number]['phase']; at: number } =>
      Number.isFinite(mark.at),
    );
    console.log(`\nnpm start until "Flota is running": ${(readyAt / 1000).toFixed(1)} s`);
    marks.forEach((mark, index) => {
      const end = marks[index + 1]?.at ?? readyAt;
      console.log(`  ${mark.phase.padEnd(8)} ${((end - mark.at) / 1000).toFixed(1).padStart(6)} s`);
    });
    const before = marks[0]?.at ?? readyAt;
    console.log(`  (npm and node starting: ${(before / 1000).toFixed(1)} s)`);
    const packages = fs.readdirSync(path.join(dir, 'node_modules')).length;
    const size = execFileSync('du', ['-sm', path.join(dir, 'node_modules')]).toString();
    console.log(`  node_modules: ${packages} top-level entries, ${size.split('\t')[0]} MB`);
    const warnings = lines.filter((line) => WARNING.test(line.text));
    console.log(`\nlines that read as warnings: ${warnings.length}`);
    for (const line of warnings) console.log(`  ${line.text}`);
    console.log(`\nthe server's first start taken apart (this checkout, a new DATA_DIR):`);
    for (const [name, ms] of await serverPhases()) {
      console.log(`  ${name.padEnd(46)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
    }
    console.log(`\n${calibration('calibration after')}`);
  } finally {
    if (process.env.BENCH_KEEP !== '1') fs.rmSync(dir, { recursive: true, force: true });
  }
}
