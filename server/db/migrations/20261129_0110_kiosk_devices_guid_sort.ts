import { sql, type Kysely } from 'kysely';

// Frozen in time. The kiosk devices' list sorts by lower("Guid") (the engine sorts texts as a
// person reads them) and its equality filter compares lower("Guid"): the generated unique index
// (company_id, "Guid") serves neither, so a first page of 100,000 devices sorted all of them
// (`npm run bench -- kiosk`, docs/kiosk.md "Speed"). The sort's own index, as the generator makes
// for the other sortable text fields (kiosk_devices_imei1_idx).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS kiosk_devices_guid_idx
      ON core.kiosk_devices (company_id, lower("Guid"), id) INCLUDE ("Guid")`.execute(db);
  // A profile's devices (showprofile 1, the profile tab) in the same order.
  await sql`
    CREATE INDEX IF NOT EXISTS kiosk_devices_profile_guid_idx
      ON core.kiosk_devices (company_id, "Idprofile", lower("Guid"), id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS core.kiosk_devices_profile_guid_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS core.kiosk_devices_guid_idx`.execute(db);
}
