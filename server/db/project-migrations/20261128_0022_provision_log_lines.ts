import { sql, type Kysely } from 'kysely';

// Frozen in time. A provision task's log line keeps what it says as a code and its values
// (LINE, VARS), so that each reader reads it in their language (server/provisioning/texts.ts
// LOG_LINES); LOGMESSAGE keeps the Spanish text, for older nodes and for lines written before.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    ALTER TABLE ${sql.id(schema, 'provision_log')}
      ADD COLUMN IF NOT EXISTS "LINE" text,
      ADD COLUMN IF NOT EXISTS "VARS" jsonb
  `.execute(db);
}
