import { sql, type Kysely } from 'kysely';

// Frozen in time. A project's device groups are served by the resource engine as a table it maps
// (docs/resources.md, "Mapped tables"): the engine's columns, `version` (optimistic concurrency),
// `custom` (a company's custom fields) and `updated_at` (from the group's creation). No row's
// values change.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    ALTER TABLE ${sql.id(schema, 'groups')}
      ADD COLUMN version integer NOT NULL DEFAULT 1,
      ADD COLUMN custom jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()
  `.execute(db);
  await sql`UPDATE ${sql.id(schema, 'groups')} SET updated_at = "CREATED"`.execute(db);
}
