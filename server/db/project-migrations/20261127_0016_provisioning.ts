import { sql, type Kysely } from 'kysely';
import { keepForApplication } from './application-only';

// Frozen in time. A project's provision tasks and their log (001 §3 "Provision task",
// "Provision log"; issue 16 part 6; docs/device-protocol.md "Provisioning"). A task is one order
// to one device: KIND install, config, database, databaseSafe or deleteSafe; STATUS 0 waiting,
// 1 running, 2 done, 3 failed, 4 cancelled. CUT is the IQUEUE id a database copy was built at:
// the operations after it reach the device through its SQUEUE. FILEKEY names the built copy in
// the FileStore. The tasks are the application's: the project's role gets no right on them (a
// FILEKEY written by a project's SQL could name another project's file).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('provision_tasks')} (
      "ID" serial PRIMARY KEY,
      "MID" text NOT NULL REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "KIND" text NOT NULL
        CHECK ("KIND" IN ('install', 'config', 'database', 'databaseSafe', 'deleteSafe')),
      "CREATED" timestamptz NOT NULL DEFAULT now(),
      "STARTED" timestamptz,
      "ENDED" timestamptz,
      "STATUS" integer NOT NULL DEFAULT 0,
      "USERDATA" text,
      "CUT" bigint,
      "FILEKEY" text,
      "ROWS" integer
    );
    CREATE INDEX provision_tasks_mid_idx ON ${t('provision_tasks')} ("MID", "ID");
    CREATE INDEX provision_tasks_open_idx ON ${t('provision_tasks')} ("MID")
      WHERE "STATUS" IN (0, 1);
    CREATE TABLE ${t('provision_log')} (
      "ID" bigserial PRIMARY KEY,
      "TASK" integer NOT NULL REFERENCES ${t('provision_tasks')} ("ID") ON DELETE CASCADE,
      "LOGCREATED" timestamptz NOT NULL DEFAULT now(),
      "LOGTYPE" text NOT NULL DEFAULT 'info' CHECK ("LOGTYPE" IN ('info', 'warning', 'error')),
      "LOGMESSAGE" text NOT NULL
    );
    CREATE INDEX provision_log_task_idx ON ${t('provision_log')} ("TASK", "ID");
  `.execute(db);
  await keepForApplication(db, schema, [
    'provision_tasks',
    'provision_tasks_ID_seq',
    'provision_log',
    'provision_log_ID_seq',
  ]);
}
