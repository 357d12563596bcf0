import { sql, type Kysely } from 'kysely';

// Frozen in time. Commands for offline devices are queued (docs/device-protocol.md, "Queued
// commands"): three more states (pending, expired, cancelled) and the expiry chosen when
// sending (EXPIRES, on queued rows only). The queue itself is core.command_queue (core
// migration 20261129_0018_command_queue). The check is added NOT VALID: the rows already
// written hold the older states, all of which it allows, and need no scan.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = sql.id(schema, 'device_commands');
  await sql`
    ALTER TABLE ${t} DROP CONSTRAINT IF EXISTS "device_commands_STATE_check";
    ALTER TABLE ${t} ADD CONSTRAINT "device_commands_STATE_check" CHECK ("STATE" IN
      ('created', 'offline', 'sent', 'confirmed', 'executed', 'failed', 'timeout',
       'pending', 'expired', 'cancelled')) NOT VALID;
    ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS "EXPIRES" timestamptz;
  `.execute(db);
}
