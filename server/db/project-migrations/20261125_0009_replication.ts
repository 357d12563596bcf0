import { sql, type Kysely } from 'kysely';

// Frozen in time. The replication queues of a project (docs/replication.md): QUEUE holds the
// operations devices sent, in arrival order, until they are applied to the project's gen_
// tables; IQUEUE is the log of applied operations (and of the server's corrections), the source
// of what devices receive; SQUEUE is each device's outgoing queue, one row per device and
// operation, pointing into IQUEUE. replica_status keeps each device's replica status of 001 §3
// (LASTID, LASTDMID, LASTCID; SINCRONISMO stays in devices).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('queue')} (
      "ID" bigserial PRIMARY KEY,
      "MID" text NOT NULL REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "OPID" bigint NOT NULL,
      "TIMESTAMP" timestamptz NOT NULL,
      "RECEIVED" timestamptz NOT NULL DEFAULT now(),
      "TABLENAME" text NOT NULL,
      "OPERATION" text NOT NULL CHECK ("OPERATION" IN ('insert', 'update', 'delete')),
      "PK" jsonb NOT NULL,
      "DATA" jsonb,
      "TARGET" text NOT NULL DEFAULT '9999',
      "CGSSQL" text NOT NULL
    );
    CREATE TABLE ${t('iqueue')} (
      "ID" bigserial PRIMARY KEY,
      -- The device the change came from; '' for the server's own corrections.
      "MID" text NOT NULL,
      "OPID" bigint,
      "TIMESTAMP" timestamptz NOT NULL,
      "APPLIED" timestamptz NOT NULL DEFAULT now(),
      "TABLENAME" text NOT NULL,
      "OPERATION" text NOT NULL CHECK ("OPERATION" IN ('insert', 'update', 'delete')),
      "PK" jsonb NOT NULL,
      "DATA" jsonb,
      "TARGET" text NOT NULL DEFAULT '9999',
      "CGSSQL" text NOT NULL
    );
    CREATE INDEX iqueue_applied_idx ON ${t('iqueue')} ("APPLIED");
    CREATE TABLE ${t('squeue')} (
      "ID" bigserial PRIMARY KEY,
      "MID" text NOT NULL REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "IQID" bigint NOT NULL
    );
    CREATE INDEX squeue_mid_id_idx ON ${t('squeue')} ("MID", "ID");
    CREATE INDEX squeue_iqid_idx ON ${t('squeue')} ("IQID");
    CREATE TABLE ${t('replica_status')} (
      "MID" text PRIMARY KEY REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "LASTID" bigint NOT NULL DEFAULT 0,
      "LASTDMID" bigint NOT NULL DEFAULT 0,
      "LASTCID" bigint NOT NULL DEFAULT 0
    );
  `.execute(db);
}
