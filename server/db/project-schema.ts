import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from './schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** The tables of a project schema `prj_<numero>` (server/db/project-migrations). */

export interface ConfigTable {
  KEYNAME: string;
  KEYVALUE: string | null;
  IDCATEGORY: Generated<number>;
  TIPO: Generated<number>;
}

export interface DeviceTable {
  ID: Generated<number>;
  PIN: string | null;
  PIN2: string | null;
  /** The device identifier, unique in the project and across projects (core.device_directory). */
  MID: string;
  OWNER: string | null;
  USERNAME: string | null;
  DEVICEGROUP: string | null;
  MODEL: string | null;
  /** Last synchronisation. */
  SINCRONISMO: Timestamp | null;
  /** Database provisioning: -1 or 0 none, 1 generating, other values provisioned (000 §4). */
  STATUS: Generated<number>;
  /** 1 holds the device (disabled when provisioned), 0 lets it work. */
  PENDIENTE: Generated<number>;
  /** The platform's name (platforms.PLATFORM). */
  DEVICE_TYPE: string | null;
  EMAIL: string | null;
  /** Licence code; empty or null means unlicensed. */
  LIC: string | null;
  IMEI: string | null;
  IDAPPLICATION: number | null;
  IDUSER: number | null;
  /** Set by the database on insert. */
  CREATED: Timestamp;
}

export interface ApplicationTable {
  ID: Generated<number>;
  NAME: string;
}

export interface AppUserTable {
  ID: Generated<number>;
  NAME: string;
  EMAIL: string | null;
}

export interface PlatformTable {
  ID: Generated<number>;
  PLATFORM: string;
  ACTIVE: Generated<boolean>;
  /** The resource engine's columns (project migration 0120): see docs/resources.md. */
  version: Generated<number>;
  custom: Generated<unknown>;
  updated_at: Generated<Date>;
}

export interface ModelTable {
  ID: Generated<number>;
  MODEL: string;
  IDPLATFORM: number;
  /** The resource engine's columns (project migration 0120): see docs/resources.md. */
  version: Generated<number>;
  custom: Generated<unknown>;
  updated_at: Generated<Date>;
}

export interface DeviceInfoTable {
  MID: string;
  /** Device information of 001 §3 (manufacturerName, osVersion, batteryLevel, …). */
  INFO: Json<Record<string, unknown>> | null;
  LASTINFO: Timestamp | null;
  LASTGPS: Timestamp | null;
}

export interface DevicePositionTable {
  MID: string;
  LATITUDE: number | null;
  LONGITUDE: number | null;
  ACCURACY: number | null;
  TIME: Timestamp | null;
}

/** Exact device counts per platform ('' for none), kept by triggers on devices. */
export interface DeviceCountTable {
  DEVICE_TYPE: string;
  N: ColumnType<number, never, never>;
}

/** Devices per platform and block of 4096 IDs (ID / 4096), kept by triggers: deep pages. */
export interface DeviceIdBlockTable {
  DEVICE_TYPE: string;
  BLOCK: number;
  N: number;
}

/** A device group (000 §3 Group; project migration 0010). */
export interface GroupTable {
  ID: Generated<number>;
  NAME: string;
  DESCRIPTION: string;
  /** The platform of its devices, as of its last save. */
  PLATFORM: string | null;
  SYNCED: Timestamp | null;
  PROVISIONED: Timestamp | null;
  CREATED: Generated<Date>;
  /** The resource engine's columns (project migration 0155): see docs/resources.md. */
  version: Generated<number>;
  custom: Generated<unknown>;
  updated_at: Generated<Date>;
}

export interface GroupDeviceTable {
  IDGROUP: number;
  IDDEVICE: number;
}

/** A company user (core.users id) who manages a group; PUBLISH: may publish updates to it. */
export interface GroupUserTable {
  IDGROUP: number;
  IDUSER: number;
  PUBLISH: Generated<boolean>;
}

/** A device's pending provisioning request (provigroup), one per device. */
export interface DeviceProvisioningTable {
  MID: string;
  TASK: string;
  IDGROUP: number | null;
  MODEL: string | null;
  REQUESTED: Generated<Date>;
  REQUESTED_BY: string | null;
}

/** An update (project migration 0013; docs/updates.md): staged, then published with a VERSION. */
export interface UpdateTable {
  ID: Generated<number>;
  /** UPDATE_TYPES (protocol/updates.ts). */
  TIPO: number;
  /** UPDATE_PLATFORMS code of a PLATAFORMA update, 0 otherwise. */
  PLATFORM: Generated<number>;
  /** Null while staged; from the project's update_version_seq at confirm. */
  VERSION: number | null;
  VERSIONCOMPLETA: string | null;
  TEMPDIRECTORY: string;
  STATE: 'staged' | 'published';
  UPDATEREPOSITORY: boolean | null;
  SENDPUSH: boolean | null;
  /** The MIDs or group names it went to, for the totals panel. */
  TARGET: string | null;
  CREATED: Generated<Date>;
  CREATEDBY: string | null;
  PUBLISHED: Timestamp | null;
  STATISTICOK: Generated<number>;
  STATISTICTOTAL: Generated<number>;
}

/** One entry of an update's file list; UPLOADED once its bytes are in the FileStore. */
export interface UpdateFileTable {
  UPDATE_ID: number;
  NUMERO: number;
  TYPE: 'copy' | 'delete' | 'execute' | 'sql' | 'sqlDirect';
  NAME: string | null;
  PATH: string | null;
  SIZE: ColumnType<string | number, number | bigint, number | bigint> | null;
  SQLTEXT: string | null;
  REGISTER: boolean | null;
  EXECUTE: boolean | null;
  UPLOADED: Generated<boolean>;
}

/** One device's copy of a published update: pending while CONFIRMADA is false. */
export interface DeviceUpdateTable {
  UPDATE_ID: number;
  MID: string;
  CONFIRMADA: Generated<boolean>;
  DOWNLOADED: Timestamp | null;
  CONFIRMED: Timestamp | null;
  ERROR: string | null;
}

/** A saved report (project migration 0014; 001 §3 Report). CODE: private to its OWNER. */
export interface ReportTable {
  ID: Generated<number>;
  TITLE: string;
  CODE: Generated<boolean>;
  SQL: string;
  TYPE: Generated<string>;
  /** The core.users id of its author. */
  OWNER: number;
  CREATED: Generated<Date>;
  MODIFIED: Generated<Date>;
}

/** A provision task (project migration 0016; 001 §3): STATUS 0 waiting, 1 running, 2 done, 3 failed, 4 cancelled. */
export interface ProvisionTaskTable {
  ID: Generated<number>;
  MID: string;
  KIND: 'install' | 'config' | 'database' | 'databaseSafe' | 'deleteSafe';
  CREATED: Generated<Date>;
  STARTED: Timestamp | null;
  ENDED: Timestamp | null;
  STATUS: Generated<number>;
  USERDATA: string | null;
  /** The IQUEUE id a database copy was built at. */
  CUT: ColumnType<string, number | bigint | string, number | bigint | string> | null;
  FILEKEY: string | null;
  ROWS: number | null;
}

/** A line of a provision task's log (001 §3 Provision log). */
export interface ProvisionLogTable {
  ID: Generated<string>;
  TASK: number;
  LOGCREATED: Generated<Date>;
  LOGTYPE: Generated<'info' | 'warning' | 'error'>;
  /** In Spanish; lines with LINE are read in their reader's language (migration 0022). */
  LOGMESSAGE: string;
  LINE: ColumnType<string | null, string | null | undefined, string | null>;
  VARS: ColumnType<Record<string, string | number> | null, string | null | undefined, never>;
}

/** A table's selection rule (project migration 0015; 001 §3 Selection record). */
export interface SelectionTable {
  TABLENAME: string;
  SELECTED: Generated<boolean>;
  ALWAYS: Generated<number>;
  STATEMENT: Generated<string>;
  ALLMID: Generated<boolean>;
  SELECTIVE: Generated<number>;
  CRITERIAPROVISIONNING: Generated<string>;
  MODIFIED: Generated<Date>;
  MODIFIEDBY: number | null;
}

/** A table of the selected template applied to one device (CONDITIONAL: its criteria apply). */
export interface SelectionDeviceTable {
  MID: string;
  TABLENAME: string;
  CONDITIONAL: Generated<boolean>;
  MODIFIED: Generated<Date>;
}

/** A device waiting to be selected again (its rules changed after its copy was built). */
export interface SelectionPendingTable {
  MID: string;
  SINCE: Generated<Date>;
}

export interface ProjectDatabase {
  config: ConfigTable;
  devices: DeviceTable;
  applications: ApplicationTable;
  app_users: AppUserTable;
  platforms: PlatformTable;
  models: ModelTable;
  device_info: DeviceInfoTable;
  device_positions: DevicePositionTable;
  device_counts: DeviceCountTable;
  device_id_blocks: DeviceIdBlockTable;
  groups: GroupTable;
  group_devices: GroupDeviceTable;
  group_users: GroupUserTable;
  device_provisioning: DeviceProvisioningTable;
  reports: ReportTable;
  updates: UpdateTable;
  update_files: UpdateFileTable;
  device_updates: DeviceUpdateTable;
  provision_tasks: ProvisionTaskTable;
  provision_log: ProvisionLogTable;
  selection: SelectionTable;
  selection_devices: SelectionDeviceTable;
  selection_pending: SelectionPendingTable;
}

export type ProjectDb = Kysely<ProjectDatabase>;

/**
 * A Kysely bound to one project's schema: every table reference becomes `"prj_<n>"."table"`.
 * Works on the pool and on a transaction alike.
 *
 * @example
 * const devices = await projectDb(trx, 'prj_1').selectFrom('devices').selectAll().execute();
 */
export function projectDb(db: Kysely<Database>, schema: string): ProjectDb {
  if (!/^prj_\d+$/.test(schema)) throw new Error(`Not a project schema name: ${schema}`);
  return (db as unknown as Kysely<ProjectDatabase>).withSchema(schema);
}
