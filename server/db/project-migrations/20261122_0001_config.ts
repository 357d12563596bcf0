import { sql, type Kysely } from 'kysely';

// Frozen in time. The project's replicator settings (000 §3 Replicator setting), the first
// standard table of every project schema; later areas add theirs as new migrations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    CREATE TABLE ${sql.id(schema, 'config')} (
      "KEYNAME" text PRIMARY KEY,
      "KEYVALUE" text,
      "IDCATEGORY" integer NOT NULL DEFAULT 0,
      "TIPO" integer NOT NULL DEFAULT 3
    )
  `.execute(db);
}
