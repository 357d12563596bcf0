import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { connect, migrateCore, type Db } from './database';
import { startEmbedded, type EmbeddedDatabase, type EmbeddedOptions } from './embedded';
import type { SupervisorEvents } from './embedded-supervisor';
import { migrateProjectSchemas, type ProjectSchemasMigrated } from './projects';
import {
  EMBEDDED_APP_ROLE,
  ensureLoginRole,
  oneAtATime,
  prepareDatabase,
  roleAttributes,
  withClient,
  withCredentials,
} from './roles';
import { createSqlSandbox, type SqlSandbox } from './sandbox';

export interface OpenDatabase {
  db: Db;
  /** The SQL sandbox: per-project roles for the SQL a person writes. */
  sandbox: SqlSandbox;
  /** Where the data lives, for the start-up message (never the password). */
  description: string;
  /** The project schemas found at start-up and how many of them were migrated. */
  projectSchemas: ProjectSchemasMigrated;
  /** Closes the pools, then stops the embedded server: in that order, so nothing is cut. */
  close(): Promise<void>;
  /** The embedded server's supervision (restart when its postmaster dies); absent for an external one. */
  supervise?: (events: SupervisorEvents) => void;
}

/** A start refused because the database's roles are not as docs/operations.md says. */
export class DatabaseSetupError extends Error {}

const OPERATIONS_GUIDE = 'see docs/operations.md, "External PostgreSQL"';

interface Connections {
  appUrl: string;
  adminUrl: string;
}

/**
 * The embedded cluster: its superuser (with the secret of DATA_DIR) creates the application's
 * role and hands it the database and everything Flota made in it.
 */
async function embeddedConnections(embedded: EmbeddedDatabase): Promise<Connections> {
  await withClient(embedded.url, (connection) =>
    oneAtATime(connection, async (admin) => {
      await ensureLoginRole(admin, EMBEDDED_APP_ROLE, embedded.appPassword);
      // The cluster's other databases are nobody's business but the superuser's.
      await admin.query('REVOKE CONNECT ON DATABASE postgres, template1 FROM PUBLIC');
      await prepareDatabase(admin, EMBEDDED_APP_ROLE);
    }),
  );
  const appUrl = withCredentials(embedded.url, {
    user: EMBEDDED_APP_ROLE,
    password: embedded.appPassword,
  });
  return { appUrl, adminUrl: embedded.url };
}

async function attributesAt(url: string, variable: string) {
  try {
    return await withClient(url, roleAttributes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseSetupError(`${variable} does not connect (${reason}): ${OPERATIONS_GUIDE}`);
  }
}

/**
 * An external PostgreSQL: DATABASE_URL is the application's own role, never a superuser;
 * DATABASE_ADMIN_URL a role that may create roles. A superuser administrator prepares the
 * database itself; otherwise the operator has (docs/operations.md), and it is checked.
 */
async function externalConnections(config: Config): Promise<Connections> {
  const appUrl = config.DATABASE_URL!;
  if (!config.DATABASE_ADMIN_URL) {
    throw new DatabaseSetupError(
      `DATABASE_ADMIN_URL is missing: with DATABASE_URL, Flota needs an administrative role that creates the projects' SQL roles (${OPERATIONS_GUIDE})`,
    );
  }
  const app = await attributesAt(appUrl, 'DATABASE_URL');
  if (app.superuser) {
    throw new DatabaseSetupError(
      `DATABASE_URL connects as ${app.role}, a superuser: Flota's application role must not be one (${OPERATIONS_GUIDE})`,
    );
  }
  const database = decodeURIComponent(new URL(appUrl).pathname.slice(1));
  const adminUrl = withCredentials(config.DATABASE_ADMIN_URL, { database });
  const admin = await attributesAt(adminUrl, 'DATABASE_ADMIN_URL');
  if (!admin.superuser && !admin.createrole) {
    throw new DatabaseSetupError(
      `DATABASE_ADMIN_URL connects as ${admin.role}, which may not create roles (CREATEROLE) (${OPERATIONS_GUIDE})`,
    );
  }
  if (admin.superuser) {
    await withClient(adminUrl, (client) =>
      oneAtATime(client, (admin) => prepareDatabase(admin, app.role)),
    );
  } else {
    await withClient(appUrl, (client) => checkPrepared(client, app.role));
  }
  return { appUrl, adminUrl };
}

/** What an operator without a superuser must have done; refuses the start otherwise. */
async function checkPrepared(client: pg.Client, role: string): Promise<void> {
  // The database's owner owns `public` (PostgreSQL 15+): the application may close it itself.
  await client.query('REVOKE ALL ON SCHEMA public FROM PUBLIC').catch(() => {});
  // `::text[]`: node-postgres parses text arrays, not `name[]` (it would hand back "{}").
  const { rows } = await client.query<{ create: boolean; open: boolean; foreign: string[] }>(
    `SELECT has_database_privilege(current_database(), 'CREATE') AS create,
            has_schema_privilege('public', 'public', 'USAGE') AS open,
            ARRAY(SELECT DISTINCT pg_get_userbyid(c.relowner) FROM pg_class c
                  JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname ~ '^(core|prj_[0-9]+)$' AND c.relowner <> to_regrole($1))::text[] AS foreign`,
    [role],
  );
  const [state] = rows;
  const problems = [
    !state.create && `${role} may not create schemas in the database (make it the owner)`,
    state.open && 'everyone may use the schema public (REVOKE ALL ON SCHEMA public FROM PUBLIC)',
    state.foreign.length > 0 &&
      `tables of Flota belong to ${state.foreign.join(', ')} (REASSIGN OWNED BY … TO ${role})`,
  ].filter(Boolean);
  if (problems.length > 0) {
    throw new DatabaseSetupError(
      `The database is not prepared for Flota: ${problems.join('; ')} (${OPERATIONS_GUIDE})`,
    );
  }
}

/**
 * The external PostgreSQL of DATABASE_URL, or the embedded one in DATA_DIR/postgres; the core
 * schema and every project schema migrated, by the application's own role.
 */
export async function openDatabase(
  config: Config,
  embeddedOptions: EmbeddedOptions = {},
): Promise<OpenDatabase> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbedded(path.join(config.DATA_DIR, 'postgres'), 'flota', {
        ...embeddedOptions,
        port: config.EMBEDDED_PG_PORT,
      });
  let db: Db | null = null;
  let sandbox: SqlSandbox | null = null;
  let projectSchemas: ProjectSchemasMigrated;
  let appUrl: string;
  try {
    const urls = embedded ? await embeddedConnections(embedded) : await externalConnections(config);
    appUrl = urls.appUrl;
    db = connect(appUrl);
    sandbox = createSqlSandbox({
      db,
      appUrl,
      adminUrl: urls.adminUrl,
      limits: { connectionLimit: config.PROJECT_SQL_CONNECTIONS },
    });
    await migrateCore(db);
    projectSchemas = await migrateProjectSchemas(db);
  } catch (error) {
    await sandbox?.close();
    await db?.destroy();
    await embedded?.stop();
    throw error;
  }
  const where = new URL(appUrl);
  const opened = { db, sandbox };
  return {
    ...opened,
    description: embedded
      ? `embedded PostgreSQL in ${path.join(config.DATA_DIR, 'postgres')} (port ${where.port})`
      : `PostgreSQL at ${where.host}${where.pathname} as ${decodeURIComponent(where.username)}`,
    projectSchemas,
    ...(embedded && { supervise: (events: SupervisorEvents) => embedded.supervise(events) }),
    async close() {
      await opened.sandbox.close();
      await opened.db.destroy();
      await embedded?.stop();
    },
  };
}
