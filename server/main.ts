// First: quiets a dependency's warning about Node 20, which Flota supports (quiet-runtime.ts).
import './quiet-runtime';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { SHUTDOWN_SIGNALS } from './db/embedded';
import { openDatabase, type OpenDatabase } from './db/open';
import { CREDENTIALS_FILE, seedDemo } from './db/seed';
import { seedDemoKiosk } from './kiosk/premium/demo';
import { ensureDemoTables } from './replication/demo-tables';
import { redisAnswers } from './bus/redis-bus';
import { prepareSecrets } from './secrets/prepare';

/** A URL without its password, for messages. */
function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A stop that takes longer than this exits anyway (the embedded database is still sent SIGINT). */
const STOP_DEADLINE_MS = 15_000;

let database: OpenDatabase | null = null;
let app: FastifyInstance | null = null;
// `npm start` passes the moment it began, so the figure includes install and console build.
const startedAt = Number(process.env.FLOTA_STARTED_AT) || Date.now();

async function main(): Promise<void> {
  const config = readConfig();
  if (config.REDIS_URL && !(await redisAnswers(config.REDIS_URL))) {
    throw new Error(
      `Redis does not answer at REDIS_URL=${redactUrl(config.REDIS_URL)}: start it, or unset REDIS_URL to run a single node`,
    );
  }
  // This process stops the embedded database itself, last (see stop).
  database = await openDatabase(config, { callerHandlesSignals: true });
  await prepareSecrets(config, database.db);
  if (config.DEMO_SEED) {
    await seedDemo(database.db, config);
    await seedDemoKiosk(database.db, config);
    await ensureDemoTables(database.db, database.sandbox);
  }
  app = await buildApp({ config, db: database.db, sandbox: database.sandbox });
  superviseDatabase(database, app);
  const { projects, migrated } = database.projectSchemas;
  app.log.info({ projects, migrated }, `project schemas: ${migrated} of ${projects} migrated`);

  // A node coming back is met by thousands of devices reconnecting at once: a deep accept queue
  // keeps their connections from being dropped and retried seconds later by TCP (the kernel's
  // somaxconn caps it; 4096 by default on Linux).
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const credentials = path.join(config.DATA_DIR, CREDENTIALS_FILE);
  console.log(
    [
      '',
      `Flota is running at ${config.PUBLIC_URL}`,
      `  database:          ${database.description}`,
      `  sign-in:           ${config.issuer}`,
      // Only the node that seeded has the file; another node sharing the database says so.
      ...(config.DEMO_SEED && fs.existsSync(credentials)
        ? [`  demo credentials:  ${credentials}`]
        : config.DEMO_SEED
          ? ['  demo credentials:  in the DATA_DIR of the node that seeded the database']
          : []),
      `  ready in:          ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      '',
    ].join('\n'),
  );
}

let stopping = false;

/**
 * The embedded PostgreSQL dying under a running node (killed, crashed) is restarted at once;
 * when it will not start again the node exits non-zero, for its supervisor to restart it,
 * instead of answering 503 for ever.
 */
function superviseDatabase(database: OpenDatabase, server: FastifyInstance): void {
  database.supervise?.({
    lost: () => server.log.error('the embedded PostgreSQL stopped unexpectedly: restarting it'),
    restarted: (seconds, attempts) =>
      server.log.warn({ seconds, attempts }, 'the embedded PostgreSQL is serving again'),
    failed: (error) => {
      server.log.fatal({ err: error }, 'the embedded PostgreSQL does not start again: exiting');
      process.exit(1);
    },
  });
}

/**
 * The ordered stop: the app stops accepting, closes the device sockets and writes their
 * presence (app.close), then the pool closes, then the embedded database stops. A signal during
 * start-up waits for it to finish first; a second signal exits at once.
 */
async function stop(signal: string, started: Promise<void>): Promise<void> {
  if (stopping) {
    console.error(`${signal} again: exiting without waiting`);
    process.exit(1);
  }
  stopping = true;
  setTimeout(() => {
    console.error(`stopping took over ${STOP_DEADLINE_MS / 1000} s: exiting`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  await started.catch(() => {});
  if (app) app.log.info(`${signal}: stopping`);
  else console.log(`${signal}: stopping`);
  try {
    await app?.close();
  } catch (error) {
    console.error(`Flota did not stop cleanly: ${error instanceof Error ? error.message : error}`);
  }
  await database?.close();
  process.exit(0);
}

const started = main();
// Registered before the database starts, since its own signal hooks are released (embedded.ts).
for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => void stop(signal, started));

started.catch(async (error: unknown) => {
  console.error(`Flota could not start: ${error instanceof Error ? error.message : String(error)}`);
  await database?.close().catch(() => {});
  process.exit(1);
});
