import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Db } from '../../server/db/database';
import { withCredentials } from '../../server/db/roles';
import { createSqlSandbox, type SqlSandbox } from '../../server/db/sandbox';

export interface TestDatabase {
  /** The application role's pool. */
  db: Db;
  /** The application role's URL. */
  url: string;
  /** The superuser's URL of this database (role management, and tests that look behind). */
  adminUrl: string;
  sandbox: SqlSandbox;
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the migrated template; a copy can collide with another, so retry. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `flota_t_${crypto.randomBytes(6).toString('hex')}`;
  const appRole = inject('appRole');
  await withAdmin(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(
          `CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')} OWNER ${appRole}`,
        );
        return;
      } catch (error) {
        if (attempt > 20 || !String(error).includes('being accessed')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const url = withCredentials(inject('adminUrl'), {
    user: appRole,
    password: inject('appPassword'),
    database: name,
  });
  const adminUrl = withCredentials(inject('adminUrl'), { database: name });
  const db = connect(url, 5);
  const sandbox = createSqlSandbox({ db, appUrl: url, adminUrl });
  return {
    db,
    url,
    adminUrl,
    sandbox,
    async drop() {
      await sandbox.close();
      await db.destroy();
      await withAdmin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        // Roles are the cluster's: the projects' roles of this database go with it.
        const roles = await client.query<{ rolname: string }>(
          `SELECT rolname FROM pg_roles WHERE starts_with(rolname, $1)`,
          [`${name}_prj_`],
        );
        for (const { rolname } of roles.rows) {
          await client.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(rolname)}`);
        }
      });
    },
  };
}
