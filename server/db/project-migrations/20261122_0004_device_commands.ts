import { sql, type Kysely } from 'kysely';

// Frozen in time. The command history of a project's devices (001 §3 "Device command", §4
// command outcomes; docs/device-protocol.md, "Commands"): a command is a row before it is a
// message. STATE follows protocol/commands.ts COMMAND_STATES as they were on this date. The
// view device_command_log gives each device's last command in the command-log shape
// (CMDTIME, LASTCMD, LASTERROR) of the edit dialog's logs tab.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('device_commands')} (
      "ID" bigserial PRIMARY KEY,
      "MID" text NOT NULL REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "CMD" text NOT NULL,
      "PARAMS" jsonb NOT NULL DEFAULT '{}'::jsonb,
      "CREATED" timestamptz NOT NULL DEFAULT now(),
      "SENT" timestamptz,
      "CONFIRMED" timestamptz,
      "RESULT" jsonb,
      "ERRORDATE" timestamptz,
      "ERRORDESC" text,
      "STATE" text NOT NULL CHECK ("STATE" IN
        ('created', 'offline', 'sent', 'confirmed', 'executed', 'failed', 'timeout')),
      "USERID" integer,
      "LOGIN" text,
      "SOURCE" text NOT NULL DEFAULT 'console' CHECK ("SOURCE" IN ('console', 'mdm', 'push'))
    );
    CREATE INDEX device_commands_mid_created_idx
      ON ${t('device_commands')} ("MID", "CREATED" DESC, "ID" DESC);
    -- The timeout sweep reads only commands still awaiting an answer.
    CREATE INDEX device_commands_pending_idx ON ${t('device_commands')} ("CREATED")
      WHERE "STATE" IN ('created', 'sent', 'confirmed') AND "SOURCE" <> 'push';
    CREATE VIEW ${t('device_command_log')} AS
      SELECT DISTINCT ON ("MID") "MID", "CREATED" AS "CMDTIME", "CMD" AS "LASTCMD",
             "ERRORDESC" AS "LASTERROR"
      FROM ${t('device_commands')}
      ORDER BY "MID", "CREATED" DESC, "ID" DESC;
  `.execute(db);
}
