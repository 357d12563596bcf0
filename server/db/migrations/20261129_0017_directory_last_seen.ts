import { sql, type Kysely } from 'kysely';

// Frozen in time. The device list sorted by "last seen" (docs/decisions.md, "Devices: connection
// state") reads a project's directory rows in last_seen order along this index and joins the
// devices by MID, rather than sorting the whole project.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX device_directory_numero_last_seen_idx
      ON core.device_directory (numero, last_seen) WHERE last_seen IS NOT NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX core.device_directory_numero_last_seen_idx;`.execute(db);
}
