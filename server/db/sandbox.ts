import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database';
import { ensureLoginRole, oneAtATime } from './roles';

/**
 * The SQL sandbox (docs/security.md): SQL a person writes (a project's LDATA now; the SQL console,
 * reports and selection rules later) runs on a connection whose session user is the project's own
 * PostgreSQL role. That role is not a superuser, belongs to no other role, may use and create in
 * its project's schema and read and write its standard tables, and has no right anywhere else:
 * PostgreSQL itself refuses the rest, whatever the text says. `SET ROLE` from a privileged
 * connection would not do (`RESET ROLE` undoes it); this is a login of its own.
 */

/** Limits of every sandbox connection. */
export const SANDBOX_LIMITS = {
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 5_000,
  idleInTransactionMs: 60_000,
  /** Connections one project's role may hold in the whole cluster (every node together). */
  connectionLimit: 4,
  /** Connections per project on one node. */
  poolSize: 2,
  /** Temporary files one statement may write (sorts, hashes). */
  tempFileLimit: '512MB',
  /** A statement still running this long after its timeout has its backend terminated. */
  watchdogGraceMs: 5_000,
};

/**
 * Relations of a project's schema that stay the application's alone: the role may not read or
 * change them (saved reports: other people's private reports and the SQL they run; provision
 * tasks: the file a device downloads; issue 16).
 * Their project migration revokes what the schema's default privileges granted.
 */
export const APPLICATION_ONLY = new Set([
  'flota_migrations',
  'reports',
  'reports_ID_seq',
  'provision_tasks',
  'provision_tasks_ID_seq',
  'provision_log',
  'provision_log_ID_seq',
]);

/** Projects whose connection pools a node keeps open at once; the least recently used closes. */
const MAX_POOLS = 32;

export interface SandboxProject {
  numero: number;
  /** Its schema, prj_<numero>. */
  schema: string;
}

export interface SandboxSession {
  /** The backend's process id (for tests and logs). */
  pid: number;
  /**
   * Runs one statement; a statement that outlives its timeout is ended from outside. `values`
   * are bound parameters ($1, $2…), for statements the server writes (replication).
   */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}

export interface SqlSandbox {
  /** The PostgreSQL role of a project's SQL. */
  roleName(numero: number): string;
  /**
   * Gives the project's role its rights on `schema`, in the application's transaction `trx`
   * (creating the role first through the administrative connection, if it is missing).
   */
  grant(trx: Db, project: SandboxProject): Promise<void>;
  /**
   * Runs `work` on a connection of the project's role, in one transaction it commits. When
   * `signal` aborts, the statement running then is cancelled (PostgreSQL's 57014) and the
   * transaction is undone.
   */
  run<T>(
    project: SandboxProject,
    work: (session: SandboxSession) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T>;
  /** Removes a purged project's role. */
  dropRole(numero: number): Promise<void>;
  close(): Promise<void>;
}

export interface SandboxOptions {
  /** The application's pool (it owns the project schemas and reads the role secret). */
  db: Db;
  /** The application's connection URL: the sandbox uses its host, port and database. */
  appUrl: string;
  /** The administrative connection URL (role management only). */
  adminUrl: string;
  warn?: (message: string) => void;
  /** Other limits than SANDBOX_LIMITS (tests shorten the timeouts). */
  limits?: Partial<typeof SANDBOX_LIMITS>;
}

/** Role names are cluster-wide: they carry the database's name (or a digest of a long one). */
export function projectRoleName(database: string, numero: number): string {
  const plain = `${database}_prj_${numero}`;
  if (Buffer.byteLength(plain) <= 63 && /^[a-z0-9_]+$/.test(plain)) return plain;
  const digest = crypto.createHash('sha256').update(database).digest('hex').slice(0, 16);
  return `flota_${digest}_prj_${numero}`;
}

const SECRET_NAME = 'sql-role-key';

/** The key project role passwords are derived from, in core.secrets (shared by every node). */
export async function roleKey(db: Db): Promise<Buffer> {
  await db
    .insertInto('core.secrets')
    .values({ name: SECRET_NAME, value: JSON.stringify(crypto.randomBytes(32).toString('hex')) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('core.secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value as unknown as string, 'hex');
}

function startupOptions(schema: string, limits: typeof SANDBOX_LIMITS): string {
  return [
    `search_path=${schema}`,
    `statement_timeout=${limits.statementTimeoutMs}`,
    `lock_timeout=${limits.lockTimeoutMs}`,
    `idle_in_transaction_session_timeout=${limits.idleInTransactionMs}`,
    // A backend whose client is gone notices it while it runs, not only when it answers.
    'client_connection_check_interval=1000',
  ]
    .map((setting) => `-c ${setting}`)
    .join(' ');
}

/** The advisory lock class under which a project's grants are given (keyed by its number). */
const GRANTS_LOCK = 727011;

/**
 * Runs a project's GRANT statements in a transaction holding its grants' advisory lock (in
 * `db`'s, when it is one): two nodes granting on one table at once would have PostgreSQL refuse
 * the second ("tuple concurrently updated").
 */
export async function grantsInTurn(
  db: Db,
  numero: number,
  work: (trx: Db) => Promise<void>,
): Promise<void> {
  const locked = async (trx: Db) => {
    await sql`SELECT pg_advisory_xact_lock(${GRANTS_LOCK}::int, ${numero}::int)`.execute(trx);
    await work(trx);
  };
  if (db.isTransaction) await locked(db);
  else await db.transaction().execute(locked);
}

export function createSqlSandbox(options: SandboxOptions): SqlSandbox {
  const { db, warn = () => {} } = options;
  const limits = { ...SANDBOX_LIMITS, ...options.limits };
  const target = new URL(options.appUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const admin = new pg.Pool({ connectionString: options.adminUrl, max: 2 });
  admin.on('error', () => {});
  const pools = new Map<string, pg.Pool>();
  /** Roles created or reset by this node, so it does so once per process. */
  const ready = new Set<string>();
  let key: Buffer | null = null;
  let warnedTempLimit = false;

  const roleName = (numero: number) => projectRoleName(database, numero);
  const passwordOf = async (role: string) => {
    key ??= await roleKey(db);
    return crypto.createHmac('sha256', key).update(role).digest('base64url');
  };

  async function ensureRole(role: string): Promise<void> {
    const limit = `NOINHERIT CONNECTION LIMIT ${limits.connectionLimit}`;
    const password = await passwordOf(role);
    await oneAtATime(admin, async (client) => {
      await ensureLoginRole(client, role, password, limit);
      await client.query('SAVEPOINT temp_limit');
      try {
        await client.query(
          `ALTER ROLE ${pg.escapeIdentifier(role)} SET temp_file_limit = ${pg.escapeLiteral(limits.tempFileLimit)}`,
        );
      } catch (error) {
        // Only a superuser, or a role granted SET on it, may (docs/operations.md).
        if ((error as { code?: string }).code !== '42501') throw error;
        await client.query('ROLLBACK TO SAVEPOINT temp_limit');
        if (!warnedTempLimit) warn('DATABASE_ADMIN_URL may not set temp_file_limit: not limited');
        warnedTempLimit = true;
      }
    });
    ready.add(role);
  }

  async function grant(trx: Db, project: SandboxProject): Promise<void> {
    const role = roleName(project.numero);
    if (!ready.has(role)) await ensureRole(role);
    const schema = sql.id(project.schema);
    const to = sql.id(role);
    // The application's own relations only: those the role made are its own already.
    const owned = await sql<{ name: string; kind: string }>`
      SELECT c.relname AS name, c.relkind AS kind FROM pg_class c
      WHERE c.relnamespace = to_regnamespace(${project.schema})
        AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND c.relowner = current_user::regrole
    `.execute(trx);
    const names = (kinds: string) =>
      owned.rows
        .filter((row) => kinds.includes(row.kind) && !APPLICATION_ONLY.has(row.name))
        .map((row) => sql.id(project.schema, row.name));
    const tables = names('rpvmf');
    const sequences = names('S');
    const statements = [
      sql`GRANT USAGE, CREATE ON SCHEMA ${schema} TO ${to}`,
      sql`GRANT SELECT ON ${sql.id(project.schema, 'flota_migrations')} TO ${to}`,
      sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${to}`,
      sql`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schema} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${to}`,
    ];
    if (tables.length > 0) {
      statements.push(sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ${sql.join(tables)} TO ${to}`);
    }
    if (sequences.length > 0) {
      statements.push(sql`GRANT USAGE, SELECT, UPDATE ON SEQUENCE ${sql.join(sequences)} TO ${to}`);
    }
    await grantsInTurn(trx, project.numero, async (turn) => {
      for (const statement of statements) await statement.execute(turn);
    });
  }

  async function poolFor(project: SandboxProject): Promise<pg.Pool> {
    const role = roleName(project.numero);
    const known = pools.get(role);
    if (known) {
      pools.delete(role);
      pools.set(role, known); // most recently used last
      return known;
    }
    if (!ready.has(role)) await grant(db, project);
    const pool = new pg.Pool({
      host: target.hostname,
      port: Number(target.port || 5432),
      database,
      user: role,
      password: await passwordOf(role),
      max: limits.poolSize,
      idleTimeoutMillis: 10_000,
      application_name: `flota-sql-${project.schema}`,
      options: startupOptions(project.schema, limits),
    });
    pool.on('error', () => {});
    pools.set(role, pool);
    if (pools.size > MAX_POOLS) {
      const [oldest, old] = pools.entries().next().value!;
      pools.delete(oldest);
      void old.end().catch(() => {});
    }
    return pool;
  }

  async function connect(project: SandboxProject): Promise<pg.PoolClient> {
    try {
      return await (await poolFor(project)).connect();
    } catch (error) {
      // The role's password was changed from inside (ALTER ROLE CURRENT_USER PASSWORD …), or
      // the role was dropped by hand: reset it once and try again.
      if (!['28P01', '28000'].includes((error as { code?: string }).code ?? '')) throw error;
      const role = roleName(project.numero);
      ready.delete(role);
      await pools.get(role)?.end();
      pools.delete(role);
      return (await poolFor(project)).connect();
    }
  }

  /** Cancels the statement a backend is running (the caller cancelled the run). */
  async function cancel(client: pg.PoolClient & { processID?: number }): Promise<void> {
    await admin.query('SELECT pg_cancel_backend($1)', [client.processID]).catch(() => {});
  }

  /** Ends a backend still running after its statement timeout (a statement that reset it). */
  async function terminate(client: pg.PoolClient & { processID?: number }): Promise<void> {
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [client.processID]);
    } catch {
      (
        client as unknown as { connection?: { stream?: { destroy(): void } } }
      ).connection?.stream?.destroy();
    }
  }

  return {
    roleName,
    grant,
    async run(project, work, signal) {
      const client = (await connect(project)) as pg.PoolClient & { processID: number };
      let broken = false;
      // A backend ended from outside errors on the checked-out client: not the process's end.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      const onAbort = () => void cancel(client);
      signal?.addEventListener('abort', onAbort, { once: true });
      const session: SandboxSession = {
        pid: client.processID,
        async query(text, values) {
          const watchdog = setTimeout(() => {
            broken = true;
            void terminate(client);
          }, limits.statementTimeoutMs + limits.watchdogGraceMs);
          try {
            // A QueryConfig may ask for the extended protocol (`queryMode: 'extended'`), in
            // which PostgreSQL refuses a message holding more than one statement.
            return await client.query(text as pg.QueryConfig, values);
          } finally {
            clearTimeout(watchdog);
          }
        },
      };
      try {
        await client.query('BEGIN');
        const result = await work(session);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    async dropRole(numero) {
      const role = roleName(numero);
      await pools.get(role)?.end();
      pools.delete(role);
      ready.delete(role);
      const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      if (exists.rowCount === 0) return;
      await admin.query(`DROP OWNED BY ${pg.escapeIdentifier(role)}`);
      await admin.query(`DROP ROLE ${pg.escapeIdentifier(role)}`);
    },
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.end().catch(() => {})));
      pools.clear();
      await admin.end().catch(() => {});
    },
  };
}
