import path from 'node:path';
import type { Config } from '../config';
import { connect, migrateCore, type Db } from './database';
import { startEmbedded } from './embedded';

export interface OpenDatabase {
  db: Db;
  /** Where the data lives, for the start-up message (never the password). */
  description: string;
  close(): Promise<void>;
}

/** The external PostgreSQL of DATABASE_URL, or the embedded one in DATA_DIR/postgres; migrated. */
export async function openDatabase(config: Config): Promise<OpenDatabase> {
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbedded(path.join(config.DATA_DIR, 'postgres'), 'flota', config.EMBEDDED_PG_PORT);
  const url = config.DATABASE_URL ?? embedded!.url;
  const db = connect(url);
  try {
    await migrateCore(db);
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  const where = new URL(url);
  return {
    db,
    description: embedded
      ? `embedded PostgreSQL in ${path.join(config.DATA_DIR, 'postgres')} (port ${where.port})`
      : `PostgreSQL at ${where.host}${where.pathname}`,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
