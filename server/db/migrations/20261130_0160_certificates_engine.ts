import { sql, type Kysely } from 'kysely';

// Frozen in time. The certificates are served by the resource engine as a mapped table
// (docs/resources.md, "Mapped tables"): it needs the engine's columns
// beside the table's own — `version` (optimistic concurrency), `custom` (a company's custom
// fields) and `updated_at`. No row is changed but for `updated_at`, which starts as `uploaded_at`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.certificates
      ADD COLUMN version integer NOT NULL DEFAULT 1,
      ADD COLUMN custom jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    UPDATE core.certificates SET updated_at = uploaded_at;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.certificates
      DROP COLUMN version,
      DROP COLUMN custom,
      DROP COLUMN updated_at;
  `.execute(db);
}
