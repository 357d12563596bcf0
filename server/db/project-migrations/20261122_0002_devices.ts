import { sql, type Kysely } from 'kysely';

// Frozen in time. The device fleet of a project (000 §3 Device, Platform; 001 §3 Device,
// device information): devices, applications and application users, platforms and models,
// device information and last position, and the per-platform device counts that let the
// device list answer its unfiltered total without counting a million rows.
const PLATFORMS = [
  'ANDROID',
  'IPHONE',
  'BLACKBERRY',
  'LINUX',
  'POCKETPC',
  'MOVILCOMPLUS',
  'WINDOWS8',
  'WINDOWS32',
  'WP7',
  'BB10',
  'WEB',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const fn = (name: string) => sql.id(schema, name);
  await sql`
    CREATE TABLE ${t('applications')} (
      "ID" serial PRIMARY KEY,
      "NAME" text NOT NULL UNIQUE
    );
    CREATE TABLE ${t('app_users')} (
      "ID" serial PRIMARY KEY,
      "NAME" text NOT NULL,
      "EMAIL" text
    );
    CREATE TABLE ${t('platforms')} (
      "ID" serial PRIMARY KEY,
      "PLATFORM" text NOT NULL UNIQUE,
      "ACTIVE" boolean NOT NULL DEFAULT true
    );
    CREATE TABLE ${t('models')} (
      "ID" serial PRIMARY KEY,
      "MODEL" text NOT NULL,
      "IDPLATFORM" integer NOT NULL REFERENCES ${t('platforms')} ("ID") ON DELETE CASCADE,
      UNIQUE ("IDPLATFORM", "MODEL")
    );
    CREATE TABLE ${t('devices')} (
      "ID" serial PRIMARY KEY,
      "PIN" text,
      "PIN2" text,
      "MID" text NOT NULL UNIQUE,
      "OWNER" text,
      "USERNAME" text,
      "DEVICEGROUP" text,
      "MODEL" text,
      "SINCRONISMO" timestamptz,
      "STATUS" integer NOT NULL DEFAULT 0,
      "PENDIENTE" integer NOT NULL DEFAULT 0,
      "DEVICE_TYPE" text,
      "EMAIL" text,
      "LIC" text,
      "IMEI" text,
      "IDAPPLICATION" integer REFERENCES ${t('applications')} ("ID") ON DELETE SET NULL,
      "IDUSER" integer REFERENCES ${t('app_users')} ("ID") ON DELETE SET NULL,
      "CREATED" timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE ${t('device_info')} (
      "MID" text PRIMARY KEY,
      "INFO" jsonb,
      "LASTINFO" timestamptz,
      "LASTGPS" timestamptz
    );
    CREATE TABLE ${t('device_positions')} (
      "MID" text PRIMARY KEY,
      "LATITUDE" double precision,
      "LONGITUDE" double precision,
      "ACCURACY" real,
      "TIME" timestamptz
    );
  `.execute(db);

  // Indexes for the device list's filters and sorts (docs/decisions.md, Devices): trigram
  // indexes serve 'contains'/'starts'/'ends'/'equals' on OWNER and MID, (SINCRONISMO, ID) the
  // sort and the sync-today status, (PENDIENTE, STATUS) the disabled status, DEVICE_TYPE the
  // platform filter. An IMEI is unique when present (the duplicate-IMEI refusal of 001 §5).
  await sql`
    CREATE INDEX devices_owner_trgm ON ${t('devices')} USING gin ("OWNER" gin_trgm_ops);
    CREATE INDEX devices_mid_trgm ON ${t('devices')} USING gin ("MID" gin_trgm_ops);
    CREATE INDEX devices_sincronismo_idx ON ${t('devices')} ("SINCRONISMO", "ID");
    CREATE INDEX devices_pending_status_idx ON ${t('devices')} ("PENDIENTE", "STATUS");
    CREATE INDEX devices_type_idx ON ${t('devices')} ("DEVICE_TYPE", "ID");
    CREATE UNIQUE INDEX devices_imei_key ON ${t('devices')} ("IMEI") WHERE "IMEI" <> '';
  `.execute(db);

  await sql`
    INSERT INTO ${t('platforms')} ("PLATFORM")
    SELECT unnest(${sql.val(PLATFORMS)}::text[])
  `.execute(db);

  // Exact device counts per platform, kept by statement-level triggers so a bulk insert
  // updates them once. '' stands for a device without platform.
  await sql`
    CREATE TABLE ${t('device_counts')} (
      "DEVICE_TYPE" text PRIMARY KEY,
      "N" bigint NOT NULL DEFAULT 0
    );
    CREATE FUNCTION ${fn('device_counts_insert')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${t('device_counts')} AS c ("DEVICE_TYPE", "N")
      SELECT coalesce("DEVICE_TYPE", ''), count(*) FROM new_rows GROUP BY 1
      ON CONFLICT ("DEVICE_TYPE") DO UPDATE SET "N" = c."N" + excluded."N";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_counts_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${t('device_counts')} AS c SET "N" = c."N" - d.n
      FROM (SELECT coalesce("DEVICE_TYPE", '') AS type, count(*) AS n FROM old_rows GROUP BY 1) d
      WHERE c."DEVICE_TYPE" = d.type;
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_counts_move')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${t('device_counts')} SET "N" = "N" - 1 WHERE "DEVICE_TYPE" = coalesce(OLD."DEVICE_TYPE", '');
      INSERT INTO ${t('device_counts')} AS c ("DEVICE_TYPE", "N") VALUES (coalesce(NEW."DEVICE_TYPE", ''), 1)
      ON CONFLICT ("DEVICE_TYPE") DO UPDATE SET "N" = c."N" + 1;
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_counts_truncate')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM ${t('device_counts')};
      RETURN NULL;
    END $$;
    CREATE TRIGGER device_counts_insert AFTER INSERT ON ${t('devices')}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn('device_counts_insert')}();
    CREATE TRIGGER device_counts_delete AFTER DELETE ON ${t('devices')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn('device_counts_delete')}();
    CREATE TRIGGER device_counts_move AFTER UPDATE OF "DEVICE_TYPE" ON ${t('devices')}
      FOR EACH ROW WHEN (OLD."DEVICE_TYPE" IS DISTINCT FROM NEW."DEVICE_TYPE")
      EXECUTE FUNCTION ${fn('device_counts_move')}();
    CREATE TRIGGER device_counts_truncate AFTER TRUNCATE ON ${t('devices')}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('device_counts_truncate')}();
  `.execute(db);
}
