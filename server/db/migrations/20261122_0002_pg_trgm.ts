import { sql, type Kysely } from 'kysely';

// Frozen in time. Trigram indexes serve the device list's 'contains' filters (ILIKE '%…%');
// pg_trgm is a trusted extension, so a database owner may create it without superuser.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
}

// Project schemas' indexes depend on it: the extension stays.
export async function down(): Promise<void> {}
