import type { AccessNode } from '../../protocol/access-tree';
import type { DeviceStateCode } from '../../protocol/devices';
import type { FleetSignal } from '../../protocol/fleet';

/** Result shapes of the device operations (docs/api.md), as the console reads them. */

/** One row of `devicesWithPages`: the schema's listed columns plus the colour state. */
export interface DeviceListRow {
  ID: number;
  MID: string;
  SINCRONISMO: string | null;
  STATUS: number;
  PENDIENTE: number;
  Estado: DeviceStateCode;
  [column: string]: unknown;
}

/** The list's narrowing, kept in react-admin's filter values of the `devicelist` resource. */
export interface DeviceListFilter {
  database: number;
  /** A platform name, or absent for all. */
  platform?: string;
  /** 'all' or a status filter code 0–4 (000 §2). */
  status?: 'all' | number;
  /** The home page's fleet filter (protocol/fleet.ts). */
  fleet?: FleetSignal;
  /** The connection quick filter: held by a live node now, or not (sent as ONLINE yes/no). */
  connection?: 'online' | 'offline';
  rowfilter?: Record<string, string>;
  rowfilteroper?: Record<string, number>;
}

export interface ProjectRow {
  numero: number;
  name: string;
  owner: boolean;
}

export interface DevicePermissions {
  show: boolean;
  addDevice: boolean;
  editDevice: boolean;
  saveDevice: boolean;
  deleteDevice: boolean;
  statusDevice: boolean;
  sendemail: boolean;
  addUpdate: boolean;
  /** 001 §6 provisioning.update, .config and .db (the provisioning submenu). */
  provisioningUpdate?: boolean;
  provisioningConfig?: boolean;
  provisioningDb?: boolean;
}

export interface ProjectAccessResponse {
  database: number;
  name: string;
  owner: boolean;
  devices: DevicePermissions;
  /** The caller's access tree of the project, which the flags above are read from. */
  jsonAccess?: AccessNode[];
}

export interface NamedRow {
  ID: number;
  NAME: string | null;
}

export interface PlatformChoice {
  id: number;
  platform: string;
  active: boolean;
  models: { id: number; model: string }[];
}

/** The device inventory of 001 §3 as the device reported it in its last check-in. */
export interface DeviceInventory {
  INFO: Record<string, unknown> | null;
  LASTINFO: string | null;
  LASTGPS: string | null;
}

export interface DevicePosition {
  LATITUDE: number | null;
  LONGITUDE: number | null;
  ACCURACY: number | null;
  TIME: string | null;
}

/** `deviceForEdit`: the device, its chosen values and the lists the dialog offers. */
export interface DeviceForEdit {
  ID: number | null;
  MID: string;
  PIN: string | null;
  PIN2: string | null;
  OWNER: string | null;
  USERNAME: string | null;
  DEVICEGROUP: string | null;
  MODEL: string | null;
  SINCRONISMO: string | null;
  STATUS: number;
  PENDIENTE: number;
  DEVICE_TYPE: string | null;
  EMAIL: string | null;
  LIC: string | null;
  IMEI: string | null;
  IDAPPLICATION: number | null;
  IDUSER: number | null;
  Estado: DeviceStateCode;
  Licensed: boolean;
  Ready: boolean;
  Platform: { id: number; platform: string } | null;
  Model: { id: number | null; model: string } | null;
  Application: NamedRow | null;
  User: NamedRow | null;
  Inventory: DeviceInventory | null;
  Position: DevicePosition | null;
  AllApplication: NamedRow[];
  AllUsers: (NamedRow & { EMAIL: string | null })[];
  AllPlatforms: PlatformChoice[];
  /** Held by a live server node now; absent for a new device. */
  ONLINE?: boolean;
  /** When it was last connected or checked in (ISO); null when never. */
  LAST_SEEN?: string | null;
}

/** What `saveDevice` accepts: absent keeps a value, null or '' clears it. */
export type DeviceSave = Partial<
  Pick<
    DeviceForEdit,
    | 'ID'
    | 'MID'
    | 'PIN'
    | 'PIN2'
    | 'OWNER'
    | 'USERNAME'
    | 'DEVICEGROUP'
    | 'MODEL'
    | 'DEVICE_TYPE'
    | 'EMAIL'
    | 'LIC'
    | 'IMEI'
    | 'IDAPPLICATION'
    | 'IDUSER'
  >
> & { [column: string]: unknown };

export interface ActiveDevicesResponse {
  database: number;
  Total: number;
  Active: number;
  Disabled: number;
  Online: number;
  Licensed: number;
  MaxLicenses: number;
}

/** The activity counters of 000 §3; `unavailable` names those without a source yet. */
export interface ActivityCounters {
  Total: number;
  NoReplicate: number;
  MoreXPendingOps: number;
  PendingProv: number;
  PendingUpdates: number;
  DevicesPendingSelectividad: number;
  /** The MID of the device with most pending operations; '' when none has any. */
  DeviceMoreOpersPending: string;
  ItsOpersPending: number;
  QUEUEOpers: number;
  IQUEUEOpers: number;
  SQUEUEOpers: number;
  unavailable: string[];
}

export interface GraphResponse {
  filter: string;
  type: 'pie' | 'bar';
  data: { platform: string | null; devices: number }[];
  total: number;
}

export interface SearchRow {
  database: number;
  name: string;
  ID: number;
  MID: string;
  OWNER: string | null;
  EMAIL: string | null;
  DEVICE_TYPE: string | null;
  MODEL: string | null;
  SINCRONISMO: string | null;
  colour: 'green' | 'red';
  ONLINE: boolean;
  LAST_SEEN: string | null;
}

export interface SearchParams {
  search?: string;
  platform?: string;
  datatable?: {
    start: number;
    length: number;
    orderBy?: 'SINCRONISMO' | 'MID' | 'OWNER' | 'database';
    orderDir: 'asc' | 'desc';
  };
}
