import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Db } from '../../server/db/database';

export interface TestDatabase {
  db: Db;
  url: string;
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
  await withAdmin(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
        return;
      } catch (error) {
        if (attempt > 20 || !String(error).includes('being accessed')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  });
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const db = connect(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
