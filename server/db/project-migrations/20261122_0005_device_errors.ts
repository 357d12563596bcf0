import { sql, type Kysely } from 'kysely';

// Frozen in time. The error logs of a project's devices (001 §3 "Error logs: TIMESTAMP, CGSSQL,
// DESCRIPTION"): errors the device's replicator hit, reported in its check-ins
// (docs/device-protocol.md, "Check in"). The check-in writer keeps the newest 500 per device;
// the index serves both that trim and the newest-first pages of the logs tab.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('device_errors')} (
      "ID" bigserial PRIMARY KEY,
      "MID" text NOT NULL REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "TIMESTAMP" timestamptz NOT NULL,
      "CGSSQL" text NOT NULL,
      "DESCRIPTION" text NOT NULL
    );
    CREATE INDEX device_errors_mid_timestamp_idx
      ON ${t('device_errors')} ("MID", "TIMESTAMP" DESC, "ID" DESC);
  `.execute(db);
}
