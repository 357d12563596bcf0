import { sql, type Kysely } from 'kysely';

// Frozen in time. A managed device is found by its mid alone on every policy fetch and
// compliance report (server/mdm/device-routes.ts); the unique index leads with the company, so
// each of those calls read the whole table (100,000 devices: the bench's policy push stalled).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX mdm_devices_mid_idx ON core.mdm_devices ("mid")`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX core.mdm_devices_mid_idx`.execute(db);
}
