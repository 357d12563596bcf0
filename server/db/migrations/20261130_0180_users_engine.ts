import { sql, type Kysely } from 'kysely';

// Frozen in time. The company users are served by the resource engine as a mapped table
// (docs/resources.md, "People on the engine: the users"): it needs the engine's columns beside
// the table's own — `version` (optimistic concurrency) and `updated_at`; `custom` is there since
// migration 0072. No row is changed but for `updated_at`, which starts as `created_at`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.users
      ADD COLUMN version integer NOT NULL DEFAULT 1,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
    UPDATE core.users SET updated_at = created_at;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.users
      DROP COLUMN version,
      DROP COLUMN updated_at;
  `.execute(db);
}
