import { sql, type Kysely } from 'kysely';

// Frozen in time. btree_gin lets one GIN index hold a plain value next to trigrams: the device
// list's (platform, owner) index answers "OWNER contains … and DEVICE_TYPE equals …" from the
// index alone (docs/decisions.md, "Case-insensitive filters"). A trusted extension, like pg_trgm.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public`.execute(db);
}

// Project schemas' indexes depend on it: the extension stays.
export async function down(): Promise<void> {}
