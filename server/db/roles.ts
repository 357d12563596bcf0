import pg from 'pg';

/**
 * PostgreSQL roles (docs/security.md, "Database roles"):
 * - an administrative role (the embedded superuser, or DATABASE_ADMIN_URL's) that only creates
 *   and alters roles and prepares the database;
 * - the application's role, not a superuser, that owns the database, `core` and the project
 *   schemas, and runs every request and migration;
 * - one role per project (server/db/sandbox.ts) for the SQL a person writes.
 */

/** The application's role in the embedded database. */
export const EMBEDDED_APP_ROLE = 'flota_app';

/** Schemas the application owns: core and the projects'. */
const OWNED_SCHEMAS = `'^(core|prj_[0-9]+)$'`;

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `url` with another user, password or database. */
export function withCredentials(
  url: string,
  change: { user?: string; password?: string; database?: string },
): string {
  const next = new URL(url);
  if (change.user !== undefined) next.username = encodeURIComponent(change.user);
  if (change.password !== undefined) next.password = encodeURIComponent(change.password);
  if (change.database !== undefined) next.pathname = `/${encodeURIComponent(change.database)}`;
  return next.toString();
}

/** The advisory lock under which roles are made and the database is prepared (one key). */
const ROLES_LOCK = 727010;

/**
 * Runs `work` in a transaction holding the roles' advisory lock: nodes that start together each
 * prepare the database and the roles, and PostgreSQL refuses two concurrent changes of one
 * catalog row ("tuple concurrently updated"), so they take turns.
 */
export async function oneAtATime<T>(
  admin: pg.Client | pg.Pool,
  work: (client: pg.ClientBase) => Promise<T>,
): Promise<T> {
  const client = admin instanceof pg.Pool ? await admin.connect() : admin;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [ROLES_LOCK]);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  } finally {
    if (client !== admin) (client as pg.PoolClient).release();
  }
}

/**
 * Creates (or resets) a login role with no administrative attribute: not a superuser, cannot
 * create databases or roles, replicate or bypass row security. Run it in `oneAtATime`, so that
 * two nodes doing it at once take turns.
 */
export async function ensureLoginRole(
  admin: pg.ClientBase,
  role: string,
  password: string,
  extra = '',
): Promise<void> {
  const name = pg.escapeIdentifier(role);
  const { rows } = await admin.query<Record<string, boolean>>(
    `SELECT rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls
     FROM pg_roles WHERE rolname = $1`,
    [role],
  );
  if (rows.length === 0) await admin.query(`CREATE ROLE ${name} LOGIN`);
  // Only the attributes it has are taken away: PostgreSQL 15 refuses NOSUPERUSER, NOREPLICATION
  // and NOBYPASSRLS from an administrator that is not a superuser, even for a role without them
  // (a new role has none of the five).
  const taken = Object.entries(ATTRIBUTES)
    .filter(([column]) => rows[0]?.[column] === true)
    .map(([, clause]) => clause);
  await admin.query(
    `ALTER ROLE ${name} WITH LOGIN ${taken.join(' ')} ${extra} PASSWORD ${pg.escapeLiteral(password)}`,
  );
}

/** The administrative attributes a login role of Flota's must not have, and their negation. */
const ATTRIBUTES = {
  rolsuper: 'NOSUPERUSER',
  rolcreatedb: 'NOCREATEDB',
  rolcreaterole: 'NOCREATEROLE',
  rolreplication: 'NOREPLICATION',
  rolbypassrls: 'NOBYPASSRLS',
};

/**
 * Prepares a database for the application role `app`, as the administrative connection `admin`
 * (connected to that database): the role owns the database (so it creates project schemas and
 * trusted extensions) and everything in `core` and `prj_*`, which a Flota before the role split
 * created as the superuser; nobody else may create in, or use, the `public` schema. Run it in
 * `oneAtATime`.
 */
export async function prepareDatabase(admin: pg.ClientBase, app: string): Promise<void> {
  const role = pg.escapeIdentifier(app);
  const { rows } = await admin.query<{ db: string }>('SELECT current_database() AS db');
  await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(rows[0].db)} OWNER TO ${role}`);
  await admin.query(`REVOKE ALL ON SCHEMA public FROM PUBLIC`);
  await admin.query(`GRANT ALL ON SCHEMA public TO ${role}`);
  await transferOwnership(admin, app);
}

/** Hands `core`, the project schemas and everything in them to `app`, where another role owns it. */
async function transferOwnership(admin: pg.ClientBase, app: string): Promise<void> {
  const role = pg.escapeIdentifier(app);
  const schemas = await admin.query<{ name: string }>(
    `SELECT quote_ident(nspname) AS name FROM pg_namespace
     WHERE nspname ~ ${OWNED_SCHEMAS} AND nspowner <> to_regrole($1)`,
    [app],
  );
  for (const { name } of schemas.rows) await admin.query(`ALTER SCHEMA ${name} OWNER TO ${role}`);
  // Tables first: their sequences (serial, identity) follow them and cannot be moved alone.
  const relations = await admin.query<{ name: string; kind: string }>(
    `SELECT c.oid::regclass::text AS name, c.relkind AS kind
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname ~ ${OWNED_SCHEMAS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
       AND c.relowner <> to_regrole($1)`,
    [app],
  );
  for (const { name, kind } of relations.rows) {
    const what = kind === 'v' ? 'VIEW' : kind === 'm' ? 'MATERIALIZED VIEW' : 'TABLE';
    await admin.query(`ALTER ${what} ${name} OWNER TO ${role}`);
  }
  const sequences = await admin.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname ~ ${OWNED_SCHEMAS} AND c.relkind = 'S' AND c.relowner <> to_regrole($1)`,
    [app],
  );
  for (const { name } of sequences.rows) {
    await admin.query(`ALTER SEQUENCE ${name} OWNER TO ${role}`);
  }
  const routines = await admin.query<{ name: string }>(
    `SELECT p.oid::regprocedure::text AS name
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname ~ ${OWNED_SCHEMAS} AND p.proowner <> to_regrole($1)`,
    [app],
  );
  for (const { name } of routines.rows) {
    await admin.query(`ALTER ROUTINE ${name} OWNER TO ${role}`);
  }
}

/** What a role may do, as PostgreSQL answers it. */
export interface RoleAttributes {
  role: string;
  superuser: boolean;
  createrole: boolean;
}

export async function roleAttributes(client: pg.Client): Promise<RoleAttributes> {
  const { rows } = await client.query<RoleAttributes>(
    `SELECT rolname AS role, rolsuper AS superuser, rolcreaterole AS createrole
     FROM pg_roles WHERE rolname = session_user`,
  );
  return rows[0];
}
