import { sql, type Kysely } from 'kysely';
import * as config from './project-migrations/20261122_0001_config';
import * as devices from './project-migrations/20261122_0002_devices';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ProjectMigration = (db: Kysely<any>, schema: string) => Promise<void>;

/** Migrations of a project schema `prj_<numero>`, applied in order and recorded in the schema. */
const projectMigrations: [string, ProjectMigration][] = [
  ['20261122_0001_config', config.up],
  ['20261122_0002_devices', devices.up],
];

export function projectSchemaName(numero: number): string {
  return `prj_${numero}`;
}

/** Creates or upgrades a project's schema; run inside the caller's transaction. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateProjectSchema(db: Kysely<any>, schema: string): Promise<void> {
  if (!/^prj_\d+$/.test(schema)) throw new Error(`Not a project schema name: ${schema}`);
  await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
  await sql`
    CREATE TABLE IF NOT EXISTS ${sql.id(schema, 'flota_migrations')} (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  const done = await sql<{
    name: string;
  }>`SELECT name FROM ${sql.id(schema, 'flota_migrations')}`.execute(db);
  const applied = new Set(done.rows.map((row) => row.name));
  for (const [name, up] of projectMigrations) {
    if (applied.has(name)) continue;
    await up(db, schema);
    await sql`INSERT INTO ${sql.id(schema, 'flota_migrations')} (name) VALUES (${name})`.execute(
      db,
    );
  }
}
