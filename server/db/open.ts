import path from 'node:path';
import type { Config } from '../config';
import { connect, migrateCore, type Db } from './database';
import { startEmbedded, type EmbeddedOptions } from './embedded';
import { migrateProjectSchemas, type ProjectSchemasMigrated } from './projects';

export interface OpenDatabase {
  db: Db;
  /** Where the data lives, for the start-up message (never the password). */
  description: string;
  /** The project schemas found at start-up and how many of them were migrated. */
  projectSchemas: ProjectSchemasMigrated;
  /** Closes the pool, then stops the embedded server: in that order, so nothing is cut. */
  close(): Promise<void>;
}

/**
 * The external PostgreSQL of DATABASE_URL, or the embedded one in DATA_DIR/postgres; the core
 * schema and every project schema migrated.
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
  const url = config.DATABASE_URL ?? embedded!.url;
  const db = connect(url);
  let projectSchemas: ProjectSchemasMigrated;
  try {
    await migrateCore(db);
    projectSchemas = await migrateProjectSchemas(db);
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
    projectSchemas,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
