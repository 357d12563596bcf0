import { sql, type Kysely } from 'kysely';

// Frozen in time. The premium kiosk's profile devices (ListDevices with showprofile 1, the
// profile tab's list) filter by the profile through the engine's list, which compares a
// reference by its id's text as a text equality: lower(("Idprofile")::text) = lower($1). The
// index on "Idprofile" itself (migration 0110) does not serve that expression, so the list and
// its capped count read every device of the company (`npm run bench -- kiosk`, docs/kiosk.md
// "Speed"). The expression's own index, in the list's order.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS kiosk_devices_profile_text_guid_idx
      ON core.kiosk_devices (company_id, lower(("Idprofile")::text), lower("Guid"), id)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS core.kiosk_devices_profile_text_guid_idx`.execute(db);
}
