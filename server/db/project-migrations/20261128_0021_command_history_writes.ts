import { sql, type Kysely } from 'kysely';

// Frozen in time. The command history's writes made cheaper (docs/decisions.md, "Command
// history: state changes in place"). Every command row is written three times (created, sent,
// executed), and each update wrote a new entry in every index, because the pending-commands
// index named STATE: that index goes (the timeout sweep reads a window of CREATED through
// device_commands_created_idx instead, and the whole history once when a node starts), and pages
// are half filled (new pages only), so both state changes stay on their page as heap-only
// updates. The foreign key to devices checked and key-share-locked the device's row once per
// inserted row; the writer (server/commands/store.ts insertCommands) takes its MIDs from devices
// and locks them itself, once per statement, and what the key did besides is done by triggers on
// devices, as for QUEUE (20261128_0018): a device removed takes its history with it, a MID
// changed follows to it, TRUNCATE of devices empties it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const fn = (name: string) => sql.id(schema, name);
  await sql`
    DROP INDEX IF EXISTS ${sql.id(schema, 'device_commands_pending_idx')};
    ALTER TABLE ${t('device_commands')} SET (fillfactor = 50);
    ALTER TABLE ${t('device_commands')} DROP CONSTRAINT IF EXISTS "device_commands_MID_fkey";
    CREATE FUNCTION ${fn('device_commands_device_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM ${t('device_commands')} c USING old_rows o WHERE c."MID" = o."MID";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_commands_device_mid')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${t('device_commands')} SET "MID" = NEW."MID" WHERE "MID" = OLD."MID";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_commands_device_truncate')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE ${t('device_commands')};
      RETURN NULL;
    END $$;
    CREATE TRIGGER device_commands_delete AFTER DELETE ON ${t('devices')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('device_commands_device_delete')}();
    CREATE TRIGGER device_commands_mid AFTER UPDATE OF "MID" ON ${t('devices')}
      FOR EACH ROW WHEN (OLD."MID" IS DISTINCT FROM NEW."MID")
      EXECUTE FUNCTION ${fn('device_commands_device_mid')}();
    CREATE TRIGGER device_commands_truncate AFTER TRUNCATE ON ${t('devices')}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('device_commands_device_truncate')}();
  `.execute(db);
}
