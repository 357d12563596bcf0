import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import pg from 'pg';
import { SessionCache } from '../session-cache';
import { coreMigrations } from './migrations/index';
import { preparing } from './prepared';
import type { Database } from './schema';
import { watchWrites } from './watched-writes';

// Counts and bigserial ids come back as strings by default: a number while it holds every digit
// (below 2^53), the text beyond, so that a bigint of a project's table keeps its digits.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
});

export type Db = Kysely<Database>;

const pools = new WeakMap<Db, pg.Pool>();
const sessionCaches = new WeakMap<Db, { url: string; cache: SessionCache }>();

/** The pool behind a database handle made by connect (for the metrics of its use). */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * The session rows' cache of a database handle made by connect, with the URL its listener
 * connects to (server/session-listener.ts); none for another handle, which then reads every time.
 */
export function sessionCacheOf(db: Db): { url: string; cache: SessionCache } | undefined {
  return sessionCaches.get(db);
}

/** The PostgreSQL dialect, with every write of the session's tables told to `cache`. */
class WatchedDialect extends PostgresDialect {
  constructor(
    pool: pg.Pool,
    private readonly cache: SessionCache,
  ) {
    super({ pool });
  }

  override createDriver() {
    return watchWrites(super.createDriver(), this.cache);
  }
}

export function connect(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (a restart, or the embedded server stopping on
  // SIGINT before the pool is closed) is not fatal: the pool discards it and the next query
  // opens another. Without a listener the pool's 'error' event would end the process.
  pool.on('error', () => {});
  // Statements that ask for it run as named prepared statements (prepared.ts).
  pool.on('connect', preparing);
  // Off until a listener is connected (server/session-listener.ts).
  const cache = new SessionCache();
  const db = new Kysely<Database>({ dialect: new WatchedDialect(pool, cache) });
  pools.set(db, pool);
  sessionCaches.set(db, { url, cache });
  return db;
}

export async function migrate(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
  schema: string,
): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Runs the core migrations; safe on several nodes at once (Kysely takes a lock). */
export async function migrateCore(db: Db): Promise<void> {
  await db.schema.createSchema('core').ifNotExists().execute();
  await migrate(db as unknown as Kysely<unknown>, coreMigrations, 'core');
}
