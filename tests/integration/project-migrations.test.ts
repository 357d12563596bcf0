import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/database';
import { openDatabase } from '../../server/db/open';
import { projectDb } from '../../server/db/project-schema';
import { migrateProjectSchemas } from '../../server/db/projects';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';

// A data folder from before a project migration existed: its project schemas are brought up to
// date when the server starts, and devices enrolled back then get the status enrolment gives.

let t: TestApp;
let demo: TestProject;
let other: TestProject;

const LATEST = [
  '20261122_0001_config',
  '20261122_0002_devices',
  '20261122_0003_enrolled_status',
  '20261122_0004_device_commands',
  '20261122_0005_device_errors',
  '20261122_0006_device_id_blocks',
  '20261122_0007_lower_trigram_indexes',
  '20261125_0008_fleet_indexes',
  '20261125_0009_replication',
  '20261126_0010_groups',
  '20261126_0011_replica_counts',
  '20261126_0012_replicator_settings',
  '20261126_0013_updates',
  '20261126_0014_reports',
  '20261127_0015_selection',
  '20261127_0016_provisioning',
  '20261127_0017_table_sources',
  '20261128_0018_queue_device_triggers',
  '20261128_0019_squeue_key',
  '20261128_0020_queue_columns',
  '20261128_0021_command_history_writes',
  '20261128_0022_provision_log_lines',
  '20261129_0023_command_queue',
  '20261129_0024_data_service_public',
  '20261129_0095_command_source_bot',
  '20261129_0120_platforms_engine',
  '20261130_0155_groups_engine',
];

beforeAll(async () => {
  t = await buildTestApp();
  demo = await demoProject(t.database.db);
  const company = await t.database.db
    .selectFrom('core.companies')
    .select('id')
    .executeTakeFirstOrThrow();
  other = await createProject(t.database.db, {
    companyId: company.id,
    ownerLogin: 'admin',
    name: 'Antiguo',
  });
});
afterAll(() => t.close());

const applied = async (schema: string) =>
  (
    await sql<{
      name: string;
    }>`SELECT name FROM ${sql.id(schema, 'flota_migrations')} ORDER BY name`.execute(t.database.db)
  ).rows.map((row) => row.name);

const statusOf = async (schema: string, mid: string) =>
  (
    await projectDb(t.database.db, schema)
      .selectFrom('devices')
      .select('STATUS')
      .where('MID', '=', mid)
      .executeTakeFirstOrThrow()
  ).STATUS;

/**
 * Puts both projects back where a folder of before would have them: the demo project without
 * the last migration and its enrolled device at STATUS 0; the other without its `config` table
 * and the last migration.
 */
async function rewind() {
  const db = t.database.db;
  await sql`
    DELETE FROM ${sql.id(demo.schema, 'flota_migrations')} WHERE name = '20261122_0003_enrolled_status';
    DELETE FROM ${sql.id(other.schema, 'flota_migrations')}
      WHERE name IN ('20261122_0001_config', '20261122_0003_enrolled_status');
    DROP TABLE ${sql.id(other.schema, 'config')};
  `.execute(db);
  await projectDb(db, demo.schema)
    .updateTable('devices')
    .set({ STATUS: 0 })
    .where('MID', 'in', ['old-enrolled-1', 'old-console-1'])
    .execute();
}

describe('start-up migration of project schemas', () => {
  beforeAll(async () => {
    const db = t.database.db;
    await projectDb(db, demo.schema)
      .insertInto('devices')
      .values([
        { MID: 'old-enrolled-1', OWNER: 'Enrolado' },
        { MID: 'old-console-1', OWNER: 'Consola' },
        { MID: 'old-generating-1', OWNER: 'Generando', STATUS: 1 },
      ] as never)
      .execute();
    await db
      .insertInto('core.device_directory')
      .values([
        { mid: 'old-enrolled-1', numero: demo.numero, credential_hash: 'h1' },
        { mid: 'old-generating-1', numero: demo.numero, credential_hash: 'h2' },
      ])
      .execute();
  });

  it('migrates every project schema when the database is opened, and says how many', async () => {
    await rewind();
    const config = loadConfig({
      DATABASE_URL: t.database.url,
      DATABASE_ADMIN_URL: t.database.adminUrl,
      DATA_DIR: t.config.DATA_DIR,
      LOG_LEVEL: 'silent',
    });
    const opened = await openDatabase(config);
    try {
      expect(opened.projectSchemas).toEqual({ projects: 2, migrated: 2 });
    } finally {
      await opened.close();
    }
    expect(await applied(demo.schema)).toEqual(LATEST);
    expect(await applied(other.schema)).toEqual(LATEST);
    const config2 = await sql`SELECT to_regclass(${other.schema + '.config'}) AS t`.execute(
      t.database.db,
    );
    expect(config2.rows).toEqual([{ t: `${other.schema}.config` }]);

    // Enrolled through the protocol (a credential in the directory): provisioned. Created in the
    // console: unchanged; a device already generating: unchanged.
    expect(await statusOf(demo.schema, 'old-enrolled-1')).toBe(2);
    expect(await statusOf(demo.schema, 'old-console-1')).toBe(0);
    expect(await statusOf(demo.schema, 'old-generating-1')).toBe(1);

    // The app builds and serves the migrated project.
    const admin = await t.tokenFor('admin');
    const { body } = await t.call('devicesWithPages', { database: demo.numero }, admin);
    expect(body.error.code).toBe('0');
  });

  it('finds nothing to do when every schema is up to date', async () => {
    expect(await migrateProjectSchemas(t.database.db)).toEqual({ projects: 2, migrated: 0 });
  });

  it('migrates each schema once when two nodes start together', async () => {
    await rewind();
    const nodes = [connect(t.database.url, 2), connect(t.database.url, 2)];
    try {
      const results = await Promise.all(nodes.map((db) => migrateProjectSchemas(db)));
      expect(results.map((result) => result.projects)).toEqual([2, 2]);
      expect(results[0].migrated + results[1].migrated).toBe(2);
    } finally {
      await Promise.all(nodes.map((db) => db.destroy()));
    }
    expect(await applied(demo.schema)).toEqual(LATEST);
    expect(await applied(other.schema)).toEqual(LATEST);
    expect(await statusOf(demo.schema, 'old-enrolled-1')).toBe(2);
  });

  it('leaves alone projects being created and schemas that are gone', async () => {
    const db = t.database.db;
    const base = await db
      .selectFrom('core.projects')
      .select(['company_id', 'owner_id', 'environment_id'])
      .where('numero', '=', demo.numero)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('core.projects')
      .values([
        {
          ...base,
          pid: 'pending-1',
          name: 'A medias',
          dbname: 'a_medias',
          schema_name: 'pending_x',
        },
        {
          ...base,
          pid: 'gone-1',
          name: 'Sin esquema',
          dbname: 'sin_esquema',
          schema_name: 'prj_999999',
        },
      ])
      .execute();
    expect(await migrateProjectSchemas(db)).toEqual({ projects: 2, migrated: 0 });
    const gone = await sql`SELECT to_regnamespace('prj_999999') AS n`.execute(db);
    expect(gone.rows).toEqual([{ n: null }]);
  });
});
