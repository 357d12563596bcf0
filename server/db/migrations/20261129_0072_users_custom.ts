import { sql, type Kysely } from 'kysely';

// Frozen in time. A company's custom fields of its users (issue 34, point 7) are kept by the
// users' hand-written operations in a JSON column, as the engine keeps them in its tables
// (docs/resources.md, "Custom fields").
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE core.users ADD COLUMN custom jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE core.users DROP COLUMN custom`.execute(db);
}
