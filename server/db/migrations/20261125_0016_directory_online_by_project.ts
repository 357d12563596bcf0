import { sql, type Kysely } from 'kysely';

// Frozen in time. The home page counts a project's devices connected now (docs/decisions.md,
// "Home: the fleet at a glance"): an index of the online devices by project answers it from
// the online entries of that project alone. Check-ins only move last_seen, which no index
// names, so they stay HOT updates.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX device_directory_numero_online_idx ON core.device_directory (numero)
      WHERE online AND revoked_at IS NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX core.device_directory_numero_online_idx;`.execute(db);
}
