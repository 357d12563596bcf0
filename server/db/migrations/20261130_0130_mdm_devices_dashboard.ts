import { sql, type Kysely } from 'kysely';

// Frozen in time. The MDM dashboard's figures and the device list filtered by a non-compliance
// reason read 100,000 devices (docs/mdm.md "Speed"): the dashboard groups the reached devices by
// the columns it counts in one index-only scan of the first index (the project rides along for
// the MDM roles' reach); the list sorted by last contact walks its index, which now carries the
// reasons, so that the reason's "contains" is tested on index entries, not table rows. Same
// name, columns and order as the engine's index (resources.snapshot.json), the reasons added.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX mdm_devices_dashboard_idx ON core.mdm_devices
    (company_id, state, platform, compliance, reasons) INCLUDE ("lastSeen", project)`.execute(db);
  await sql`DROP INDEX core.mdm_devices_lastseen_idx`.execute(db);
  await sql`CREATE INDEX mdm_devices_lastseen_idx ON core.mdm_devices (company_id, "lastSeen", id)
    INCLUDE (reasons)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX core.mdm_devices_dashboard_idx`.execute(db);
  await sql`DROP INDEX core.mdm_devices_lastseen_idx`.execute(db);
  await sql`CREATE INDEX mdm_devices_lastseen_idx ON core.mdm_devices (company_id, "lastSeen", id)`.execute(
    db,
  );
}
