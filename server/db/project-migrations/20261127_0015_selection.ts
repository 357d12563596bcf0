import { sql, type Kysely } from 'kysely';

// Frozen in time. The data selection rules (001 §3 "Selection record", §4, §5; issue 16 part 5;
// docs/replication.md "Selection rules"). `selection`: one row per `gen_` table with a saved rule
// (a table without one replicates every row to every device). `selection_devices`: the tables a
// template was applied to for one device (CONDITIONAL: its criteria apply, or every row).
// `selection_pending`: devices whose rules changed after their copy was built, waiting to be
// selected again (the DevicesPendingSelectividad counter). Standard tables: the applier reads
// them as the project's role when it fans out (docs/security.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('selection')} (
      "TABLENAME" text PRIMARY KEY,
      "SELECTED" boolean NOT NULL DEFAULT true,
      "ALWAYS" smallint NOT NULL DEFAULT 1 CHECK ("ALWAYS" IN (0, 1)),
      "STATEMENT" text NOT NULL DEFAULT '',
      "ALLMID" boolean NOT NULL DEFAULT true,
      "SELECTIVE" smallint NOT NULL DEFAULT 0 CHECK ("SELECTIVE" IN (0, 10)),
      "CRITERIAPROVISIONNING" text NOT NULL DEFAULT '',
      "MODIFIED" timestamptz NOT NULL DEFAULT now(),
      "MODIFIEDBY" integer
    );
    CREATE TABLE ${t('selection_devices')} (
      "MID" text NOT NULL,
      "TABLENAME" text NOT NULL,
      "CONDITIONAL" boolean NOT NULL DEFAULT true,
      "MODIFIED" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("TABLENAME", "MID")
    );
    CREATE INDEX selection_devices_mid_idx ON ${t('selection_devices')} ("MID");
    CREATE TABLE ${t('selection_pending')} (
      "MID" text PRIMARY KEY,
      "SINCE" timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
