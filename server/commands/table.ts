import type { ColumnType, Generated, Kysely } from 'kysely';
import type { CommandSource, CommandState } from '../../protocol/commands';
import type { Db } from '../db/database';
import type { ProjectDatabase } from '../db/project-schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** `prj_<n>.device_commands` (project migration 20261122_0004_device_commands). */
export interface DeviceCommandTable {
  ID: ColumnType<number, never, never>;
  MID: string;
  CMD: string;
  PARAMS: Json<Record<string, unknown>>;
  CREATED: Generated<Date>;
  SENT: Timestamp | null;
  CONFIRMED: Timestamp | null;
  /** The device's result message without `type` and `id`. */
  RESULT: Json<Record<string, unknown>> | null;
  ERRORDATE: Timestamp | null;
  ERRORDESC: string | null;
  STATE: CommandState;
  USERID: number | null;
  LOGIN: string | null;
  SOURCE: CommandSource;
  /** Until when a queued command waits for its device (project migration 20261129_0023). */
  EXPIRES: Timestamp | null;
}

/** The view of each device's last command (001 §3 command logs). */
export interface DeviceCommandLogView {
  MID: string;
  CMDTIME: Date;
  LASTCMD: string;
  LASTERROR: string | null;
}

export interface CommandsDatabase extends ProjectDatabase {
  device_commands: DeviceCommandTable;
  device_command_log: DeviceCommandLogView;
}

/** A Kysely bound to a project's schema that knows the command tables too. */
export function commandsDb(db: Db, schema: string): Kysely<CommandsDatabase> {
  if (!/^prj_\d+$/.test(schema)) throw new Error(`Not a project schema name: ${schema}`);
  return (db as unknown as Kysely<CommandsDatabase>).withSchema(schema);
}
