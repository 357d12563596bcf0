import { sql, type Kysely } from 'kysely';
import * as config from './project-migrations/20261122_0001_config';
import * as devices from './project-migrations/20261122_0002_devices';
import * as enrolledStatus from './project-migrations/20261122_0003_enrolled_status';
import * as deviceCommands from './project-migrations/20261122_0004_device_commands';
import * as deviceErrors from './project-migrations/20261122_0005_device_errors';
import * as deviceIdBlocks from './project-migrations/20261122_0006_device_id_blocks';
import * as lowerTrigrams from './project-migrations/20261122_0007_lower_trigram_indexes';
import * as fleetIndexes from './project-migrations/20261125_0008_fleet_indexes';
import * as replication from './project-migrations/20261125_0009_replication';
import * as groups from './project-migrations/20261126_0010_groups';
import * as replicaCounts from './project-migrations/20261126_0011_replica_counts';
import * as replicatorSettings from './project-migrations/20261126_0012_replicator_settings';
import * as updates from './project-migrations/20261126_0013_updates';
import * as reports from './project-migrations/20261126_0014_reports';
import * as selection from './project-migrations/20261127_0015_selection';
import * as provisioning from './project-migrations/20261127_0016_provisioning';
import * as tableSources from './project-migrations/20261127_0017_table_sources';
import * as queueDeviceTriggers from './project-migrations/20261128_0018_queue_device_triggers';
import * as squeueKey from './project-migrations/20261128_0019_squeue_key';
import * as queueColumns from './project-migrations/20261128_0020_queue_columns';
import * as commandHistoryWrites from './project-migrations/20261128_0021_command_history_writes';
import * as provisionLogLines from './project-migrations/20261128_0022_provision_log_lines';
import * as commandQueue from './project-migrations/20261129_0023_command_queue';
import * as dataServicePublic from './project-migrations/20261129_0024_data_service_public';
import * as commandSourceBot from './project-migrations/20261129_0095_command_source_bot';
import * as platformsEngine from './project-migrations/20261129_0120_platforms_engine';
import * as groupsEngine from './project-migrations/20261130_0155_groups_engine';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ProjectMigration = (db: Kysely<any>, schema: string) => Promise<void>;

/**
 * Migrations of a project schema `prj_<numero>`, applied in order and recorded in the schema.
 * They create tables without IF NOT EXISTS: the project's SQL role may create tables in the
 * schema, and one it made first under a new standard name must fail the migration, never be
 * adopted and written to by the application (docs/security.md, "The SQL sandbox").
 */
const projectMigrations: [string, ProjectMigration][] = [
  ['20261122_0001_config', config.up],
  ['20261122_0002_devices', devices.up],
  ['20261122_0003_enrolled_status', enrolledStatus.up],
  ['20261122_0004_device_commands', deviceCommands.up],
  ['20261122_0005_device_errors', deviceErrors.up],
  ['20261122_0006_device_id_blocks', deviceIdBlocks.up],
  ['20261122_0007_lower_trigram_indexes', lowerTrigrams.up],
  ['20261125_0008_fleet_indexes', fleetIndexes.up],
  ['20261125_0009_replication', replication.up],
  ['20261126_0010_groups', groups.up],
  ['20261126_0011_replica_counts', replicaCounts.up],
  ['20261126_0012_replicator_settings', replicatorSettings.up],
  ['20261126_0013_updates', updates.up],
  ['20261126_0014_reports', reports.up],
  ['20261127_0015_selection', selection.up],
  ['20261127_0016_provisioning', provisioning.up],
  ['20261127_0017_table_sources', tableSources.up],
  ['20261128_0018_queue_device_triggers', queueDeviceTriggers.up],
  ['20261128_0019_squeue_key', squeueKey.up],
  ['20261128_0020_queue_columns', queueColumns.up],
  ['20261128_0021_command_history_writes', commandHistoryWrites.up],
  ['20261128_0022_provision_log_lines', provisionLogLines.up],
  ['20261129_0023_command_queue', commandQueue.up],
  ['20261129_0024_data_service_public', dataServicePublic.up],
  ['20261129_0095_command_source_bot', commandSourceBot.up],
  ['20261129_0120_platforms_engine', platformsEngine.up],
  ['20261130_0155_groups_engine', groupsEngine.up],
];

export function projectSchemaName(numero: number): string {
  return `prj_${numero}`;
}

/**
 * Creates or upgrades a project's schema; run inside the caller's transaction. Answers the
 * names of the migrations it applied.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateProjectSchema(db: Kysely<any>, schema: string): Promise<string[]> {
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
  const now: string[] = [];
  for (const [name, up] of projectMigrations) {
    if (applied.has(name)) continue;
    await up(db, schema);
    await sql`INSERT INTO ${sql.id(schema, 'flota_migrations')} (name) VALUES (${name})`.execute(
      db,
    );
    now.push(name);
  }
  return now;
}

/** Advisory lock class of a project's schema migration; the second key is the project's numero. */
const PROJECT_MIGRATION_LOCK = 727002;

export interface ProjectSchemasMigrated {
  /** Project schemas found. */
  projects: number;
  /** Of those, the ones that had migrations to apply. */
  migrated: number;
}

/**
 * Brings every project schema to the latest migration, at start-up after the core migrations: a
 * data folder from before a project migration existed lacks its tables. Schemas already up to
 * date are found with one query per 500 projects; each of the others is migrated in its own
 * transaction under an advisory lock, so nodes starting together migrate it once (the second
 * waits and finds nothing to do).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateProjectSchemas(db: Kysely<any>): Promise<ProjectSchemasMigrated> {
  // Projects being created have no schema yet (`pending_…`); a schema dropped by hand is not
  // brought back.
  const projects = await sql<{ numero: number; schema_name: string; has_table: boolean }>`
    SELECT numero, schema_name,
           to_regclass(quote_ident(schema_name) || '.flota_migrations') IS NOT NULL AS has_table
    FROM core.projects
    WHERE schema_name ~ '^prj_[0-9]+$' AND to_regnamespace(quote_ident(schema_name)) IS NOT NULL
    ORDER BY numero
  `.execute(db);
  const behind = await schemasBehind(db, projects.rows);
  let migrated = 0;
  for (const project of projects.rows) {
    if (!behind.has(project.schema_name)) continue;
    const applied = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${PROJECT_MIGRATION_LOCK}::int, ${project.numero}::int)`.execute(
        trx,
      );
      return migrateProjectSchema(trx, project.schema_name);
    });
    if (applied.length > 0) migrated++;
  }
  return { projects: projects.rows.length, migrated };
}

/** The schemas that lack one of the project migrations (or their record of them). */
async function schemasBehind(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  projects: { schema_name: string; has_table: boolean }[],
): Promise<Set<string>> {
  const names = projectMigrations.map(([name]) => name);
  const behind = new Set(projects.filter((p) => !p.has_table).map((p) => p.schema_name));
  const recorded = projects.filter((p) => p.has_table).map((p) => p.schema_name);
  for (let start = 0; start < recorded.length; start += 500) {
    const counts = sql.join(
      recorded
        .slice(start, start + 500)
        .map(
          (schema) =>
            sql`SELECT ${schema}::text AS schema, count(*)::int AS n FROM ${sql.id(schema, 'flota_migrations')} WHERE name = ANY(${names}::text[])`,
        ),
      sql` UNION ALL `,
    );
    const result = await sql<{ schema: string; n: number }>`${counts}`.execute(db);
    for (const row of result.rows) if (row.n < names.length) behind.add(row.schema);
  }
  return behind;
}
