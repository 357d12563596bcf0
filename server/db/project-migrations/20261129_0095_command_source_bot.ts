import { sql, type Kysely } from 'kysely';

// Frozen in time. A command a bot sent (docs/bots.md) says so in the history: SOURCE 'bot'. The
// check is added NOT VALID: the rows already written hold the older sources, all of which it
// allows, and need no scan.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = sql.id(schema, 'device_commands');
  await sql`
    ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS "device_commands_SOURCE_check";
    ALTER TABLE ${t} ADD CONSTRAINT "device_commands_SOURCE_check" CHECK ("SOURCE" IN
      ('console', 'mdm', 'push', 'bot')) NOT VALID;
  `.execute(db);
}
