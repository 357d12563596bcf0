import { sql, type Kysely } from 'kysely';

// Frozen in time. SQUEUE with two indexes instead of three (docs/replication.md, "Throughput"):
// every fan-out writes one row per recipient and operation, and each index is written with it.
// No statement looks a row up by "ID" alone: a sync reads and acknowledges a device's rows by
// ("MID", "ID"), the console pages and counts them by "MID", a provisioning cut deletes and
// re-adds them by "MID" and "IQID", the retention looks them up by "IQID", the device triggers
// by "MID". So the primary key becomes ("MID", "ID") and serves those, in place of the index
// squeue_mid_id_idx; "ID" stays a bigserial (one sequence, so still unique and in fan-out order).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    DROP INDEX ${sql.id(schema, 'squeue_mid_id_idx')};
    ALTER TABLE ${t('squeue')} DROP CONSTRAINT squeue_pkey, ADD PRIMARY KEY ("MID", "ID");
  `.execute(db);
}
