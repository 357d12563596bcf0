import { sql, type Kysely } from 'kysely';

// Frozen in time. Update publishing (000 §2 "Updates screen", §3, §4 "Publish flow"; issue 15;
// docs/updates.md). An update is staged by uploadPublish (STATE 'staged', no VERSION), its files'
// bytes are uploaded to the FileStore (UPLOADED), and uploadConfirm publishes it in one
// transaction: VERSION from the project's sequence, VERSIONCOMPLETA, and one device_updates row
// per target device. STATISTICOK/STATISTICTOTAL are kept by the statements that insert and
// confirm device rows. The partial index serves the pending panel and the devices' check-in.
// A device deleted takes its rows with it, and the totals lose them, in one statement-level
// trigger (a delete of 100,000 devices is one set-based statement, not a row loop). An update
// deleted takes its device rows the same way: a foreign key would check each of the 100,000
// rows a general update inserts, one lookup per row, about 40% of the publish's time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE SEQUENCE ${t('update_version_seq')};
    CREATE TABLE ${t('updates')} (
      "ID" serial PRIMARY KEY,
      "TIPO" smallint NOT NULL,
      "PLATFORM" smallint NOT NULL DEFAULT 0,
      "VERSION" integer UNIQUE,
      "VERSIONCOMPLETA" text,
      "TEMPDIRECTORY" uuid UNIQUE NOT NULL,
      "STATE" text NOT NULL CHECK ("STATE" IN ('staged', 'published')),
      "UPDATEREPOSITORY" boolean,
      "SENDPUSH" boolean,
      "TARGET" text,
      "CREATED" timestamptz DEFAULT now(),
      "CREATEDBY" text,
      "PUBLISHED" timestamptz,
      "STATISTICOK" integer NOT NULL DEFAULT 0,
      "STATISTICTOTAL" integer NOT NULL DEFAULT 0
    );
    CREATE TABLE ${t('update_files')} (
      "UPDATE_ID" integer NOT NULL REFERENCES ${t('updates')} ("ID") ON DELETE CASCADE,
      "NUMERO" integer NOT NULL,
      "TYPE" text NOT NULL CHECK ("TYPE" IN ('copy', 'delete', 'execute', 'sql', 'sqlDirect')),
      "NAME" text,
      "PATH" text,
      "SIZE" bigint,
      "SQLTEXT" text,
      "REGISTER" boolean,
      "EXECUTE" boolean,
      "UPLOADED" boolean NOT NULL DEFAULT false,
      PRIMARY KEY ("UPDATE_ID", "NUMERO")
    );
    CREATE TABLE ${t('device_updates')} (
      "UPDATE_ID" integer NOT NULL,
      "MID" text NOT NULL,
      "CONFIRMADA" boolean NOT NULL DEFAULT false,
      "DOWNLOADED" timestamptz,
      "CONFIRMED" timestamptz,
      "ERROR" text,
      PRIMARY KEY ("UPDATE_ID", "MID")
    );
    CREATE INDEX device_updates_mid_idx ON ${t('device_updates')} ("MID");
    CREATE INDEX device_updates_pending_idx ON ${t('device_updates')} ("UPDATE_ID")
      WHERE NOT "CONFIRMADA";
    CREATE FUNCTION ${t('device_updates_gone')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH removed AS (
        DELETE FROM ${t('device_updates')} AS du USING gone
        WHERE du."MID" = gone."MID"
        RETURNING du."UPDATE_ID", du."CONFIRMADA"
      )
      UPDATE ${t('updates')} AS u
      SET "STATISTICTOTAL" = u."STATISTICTOTAL" - r.n, "STATISTICOK" = u."STATISTICOK" - r.ok
      FROM (SELECT "UPDATE_ID", count(*) AS n, count(*) FILTER (WHERE "CONFIRMADA") AS ok
            FROM removed GROUP BY 1) AS r
      WHERE u."ID" = r."UPDATE_ID";
      RETURN NULL;
    END $$;
    CREATE TRIGGER device_updates_gone AFTER DELETE ON ${t('devices')}
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
      EXECUTE FUNCTION ${t('device_updates_gone')}();
    CREATE FUNCTION ${t('device_updates_of_updates_gone')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM ${t('device_updates')} AS du USING gone WHERE du."UPDATE_ID" = gone."ID";
      RETURN NULL;
    END $$;
    CREATE TRIGGER device_updates_of_updates_gone AFTER DELETE ON ${t('updates')}
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
      EXECUTE FUNCTION ${t('device_updates_of_updates_gone')}();
  `.execute(db);
}
