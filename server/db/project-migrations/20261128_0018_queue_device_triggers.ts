import { sql, type Kysely } from 'kysely';

// Frozen in time. QUEUE and SQUEUE without foreign keys to devices (docs/replication.md,
// "Throughput"): a foreign key checks and key-share-locks the device's row once per inserted row
// (500 times for one call of 500 operations, once per recipient and operation in a fan-out), the
// largest single cost of queuing. Every writer already takes its MIDs from devices (a sync from
// its device's status row, a fan-out by joining devices, and replica_status keeps its own key),
// so what the keys still did is done here by triggers on devices: a device removed takes its
// queued rows with it, a MID changed follows to them, as ON DELETE / ON UPDATE CASCADE did, and
// TRUNCATE … CASCADE of devices (replica_status still refuses one without) empties them too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const fn = (name: string) => sql.id(schema, name);
  await sql`
    ALTER TABLE ${t('queue')} DROP CONSTRAINT IF EXISTS "queue_MID_fkey";
    ALTER TABLE ${t('squeue')} DROP CONSTRAINT IF EXISTS "squeue_MID_fkey";
    CREATE FUNCTION ${fn('replica_queues_device_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM ${t('queue')} q USING old_rows o WHERE q."MID" = o."MID";
      DELETE FROM ${t('squeue')} s USING old_rows o WHERE s."MID" = o."MID";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_queues_device_mid')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${t('queue')} SET "MID" = NEW."MID" WHERE "MID" = OLD."MID";
      UPDATE ${t('squeue')} SET "MID" = NEW."MID" WHERE "MID" = OLD."MID";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_queues_device_truncate')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE ${t('queue')}, ${t('squeue')};
      RETURN NULL;
    END $$;
    CREATE TRIGGER replica_queues_delete AFTER DELETE ON ${t('devices')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_queues_device_delete')}();
    CREATE TRIGGER replica_queues_mid AFTER UPDATE OF "MID" ON ${t('devices')}
      FOR EACH ROW WHEN (OLD."MID" IS DISTINCT FROM NEW."MID")
      EXECUTE FUNCTION ${fn('replica_queues_device_mid')}();
    CREATE TRIGGER replica_queues_truncate AFTER TRUNCATE ON ${t('devices')}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('replica_queues_device_truncate')}();
  `.execute(db);
}
