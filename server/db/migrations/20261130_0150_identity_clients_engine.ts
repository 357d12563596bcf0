import { sql, type Kysely } from 'kysely';

// Frozen in time. The identity clients are served by the resource engine as a mapped table
// keyed by its text `clientid` (docs/resources.md, "Text keys"): it needs the engine's columns
// beside the table's own — `version` (optimistic concurrency), `custom` (a company's custom
// fields) and `updated_at`. No row is changed but for `updated_at`, which starts as `created_at`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.identity_clients
      ADD COLUMN version integer NOT NULL DEFAULT 1,
      ADD COLUMN custom jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    UPDATE core.identity_clients SET updated_at = created_at;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.identity_clients
      DROP COLUMN version,
      DROP COLUMN custom,
      DROP COLUMN updated_at;
  `.execute(db);
}
