import { sql, type Kysely } from 'kysely';

// Frozen in time. The platforms and their models are served by the resource engine as tables it
// maps (docs/resources.md, "Mapped tables"): each gets the engine's columns, `version`
// (optimistic concurrency), `custom` (a company's custom fields) and `updated_at`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  for (const table of ['platforms', 'models']) {
    await sql`
      ALTER TABLE ${sql.id(schema, table)}
        ADD COLUMN version integer NOT NULL DEFAULT 1,
        ADD COLUMN custom jsonb NOT NULL DEFAULT '{}'::jsonb,
        ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()
    `.execute(db);
  }
}
