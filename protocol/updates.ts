import type { PlatformName } from './devices';

/**
 * Update publishing (000 §2 "Updates screen", §3 Update list response, Update types, Platform
 * codes (updates), Update file item, Publish payload, §4 Update panel and Publish flow, §5, §7;
 * 001 §2 Updates tab, §7 markToDownloaded, cleanUpdatesForMID, resetUpdatesForMID, the update
 * download {version, numero}). The wire shapes the server, the console and the simulator share;
 * docs/updates.md tells the design.
 */

/** 000 §3 "Update types". */
export const UPDATE_TYPES = { GENERAL: 0, PLATAFORMA: 1, LICENCIA: 2, GRUPOS: 3 } as const;
export type UpdateTypeName = keyof typeof UPDATE_TYPES;
export type UpdateType = (typeof UPDATE_TYPES)[UpdateTypeName];
export const UPDATE_TYPE_NAMES = Object.keys(UPDATE_TYPES) as UpdateTypeName[];

/**
 * 000 §3 "Platform codes (updates)", and the device PLATFORM each one targets (null: no
 * device of Flota's platforms carries it, so a platform update to it reaches no one).
 */
export const UPDATE_PLATFORMS: ReadonlyArray<{
  code: number;
  name: string;
  device: PlatformName | null;
}> = [
  { code: 0, name: 'none', device: null },
  { code: 1, name: 'BlackBerry', device: 'BLACKBERRY' },
  { code: 2, name: 'PDA', device: 'POCKETPC' },
  { code: 3, name: 'Win32', device: 'WINDOWS32' },
  { code: 4, name: 'iPhone', device: 'IPHONE' },
  { code: 5, name: 'Symbian', device: null },
  { code: 6, name: 'Linux', device: 'LINUX' },
  { code: 7, name: 'MovilCom+', device: 'MOVILCOMPLUS' },
  { code: 8, name: 'Android', device: 'ANDROID' },
  { code: 9, name: 'WP7', device: 'WP7' },
  { code: 10, name: 'Windows8', device: 'WINDOWS8' },
  { code: 11, name: 'BB10', device: 'BB10' },
  { code: 12, name: 'Web', device: 'WEB' },
];

/** The update platform code of a device platform (0 when it has none). */
export function updatePlatformOf(device: string | null | undefined): number {
  return UPDATE_PLATFORMS.find((p) => p.device === device)?.code ?? 0;
}

/** 000 §3 "Update file item" types. */
export const UPDATE_FILE_TYPES = ['copy', 'delete', 'execute', 'sql', 'sqlDirect'] as const;
export type UpdateFileType = (typeof UPDATE_FILE_TYPES)[number];

/** Where a file goes on the device unless the operator says otherwise (000 §3 "path"). */
export const APP_PATH = '%APPPATH%';

/** Longest file name, path and SQL text of one entry; most entries and bytes of one update. */
export const UPDATE_FILE_NAME_MAX = 200;
export const UPDATE_PATH_MAX = 500;
export const UPDATE_SQL_MAX = 1_000_000;
export const UPDATE_FILES_MAX = 200;
export const UPDATE_FILE_BYTES_MAX = 200 * 1024 * 1024;

/**
 * One entry of the file list as uploadPublish receives it (`filter: UpdateFileEntry[]`).
 * copy: a file the console uploads; sql: an SQL file uploaded; sqlDirect: the SQL text itself,
 * no upload; delete and execute: a file name on the device, no upload.
 */
export interface UpdateFileEntry {
  type: UpdateFileType;
  name: string;
  path: string;
  /** Bytes of the file to upload (copy and sql); 0 otherwise. */
  size: number;
  /** The SQL text of a sqlDirect entry. */
  sql?: string;
  /** Register the file on the device after copying it (000 §3 "registrable"/"register"). */
  register: boolean;
  /** Run it after copying (000 §3 "executable"/"execute"). */
  execute: boolean;
}

/** A stored file of an update, as filesForUpdate and the device read it (000 §3 flags). */
export interface UpdateFile {
  numero: number;
  name: string;
  path: string;
  size: number;
  sql: string | null;
  IsForExecute: boolean;
  IsCopy: boolean;
  IsProvisioning: boolean;
  IsSqlFile: boolean;
  IsSqlDirect: boolean;
  IsDelete: boolean;
  register: boolean;
}

/** uploadPublish's result: the staged update's folder id and the files still to upload. */
export interface UploadPublishResult {
  TempDirectory: string;
  /** The entries that need their bytes uploaded, by index in the list sent, with their numero. */
  uploads: Array<{ index: number; numero: number; name: string }>;
}

/** The update-file upload (multipart POST): its path and form fields (000 §7 "File upload"). */
export const UPDATE_UPLOAD_PATH = '/api/updates/upload';
/**
 * Form fields, before the file: `database` (the project), `alias` (the TempDirectory), `numero`
 * (the entry's, from uploadPublish's `uploads`), `folder` (the entry's path); then `file`.
 */

/** The update-file download for the console (001 §7: POST {version, numero} → blob). */
export const UPDATE_DOWNLOAD_PATH = '/api/updates/download';

/** 000 §3 "Publish payload" (uploadConfirm's filter); Platform added for PLATAFORMA. */
export interface PublishPayload {
  Type: UpdateType;
  /** Device MIDs for LICENCIA, group IDs for GRUPOS; empty otherwise. */
  lstMID: Array<string | number>;
  updateRepository: boolean;
  TempDirectory: string;
  SendPush: boolean;
  Platform?: number;
}

/** 000 §3 "Update list response", ListUpd: one row per published update. */
export interface UpdateRow {
  tipo: UpdateType;
  platform: number;
  /** The MIDs a licence update went to, or the group names of a groups update, joined by ", ". */
  mid: string;
  version: number;
  versionCompleta: string;
  statisticOK: number;
  statisticTotal: number;
  downloadUpdateDate: string;
}

/** ListDeviceUpd: one row per device and update. */
export interface DeviceUpdateRow {
  confirmada: boolean;
  tipo: UpdateType;
  platform: number;
  mid: string;
  usuario: string | null;
  version: number;
  versionCompleta: string;
  downloadUpdateDate: string | null;
  /** When the device confirmed, and what it reported if applying failed (Flota's addition). */
  confirmDate?: string | null;
  error?: string | null;
}

/**
 * updatesList's result. The specification returns every device row at once; a fleet has too
 * many, so Flota's answer carries the totals and the first page of each panel, and the panels
 * page through `updatesList` with `panel`, `groupBy` and `datatable` (docs/updates.md).
 */
export interface UpdateListResponse {
  ListUpd: UpdateRow[];
  ListDeviceUpd: DeviceUpdateRow[];
  Pendientes: number;
  Confirmadas: number;
  ListPlatform: Array<{ code: number; name: string }>;
  /** Rows in the whole panel asked for (the page is ListUpd or ListDeviceUpd). */
  total?: number;
  /**
   * What the caller may publish (Flota's addition, 000 §6): every type (owner, or write on the
   * updates node), licence updates only (a group manager), or nothing (read-only).
   */
  publish?: 'all' | 'licence' | 'none';
}

/** 000 §4 "Update panel". */
export const UPDATE_PANELS = { none: 0, totals: 1, pending: 2, confirmed: 3 } as const;
/** Pending and Confirmed grouped by device or by version (000 §2). */
export const UPDATE_GROUPINGS = ['mid', 'version'] as const;
/** Update tables: 5 rows by default, 5/10/20/all (000 §9). */
export const UPDATE_PAGE_SIZES = [5, 10, 20] as const;

/**
 * 000 §5 publishing validations, 000 §8 texts: Spanish verbatim, English Flota's.
 */
export const UPDATE_MESSAGES = {
  es: {
    emptySelection: 'Selección vacía',
    noType: 'Elige el TIPO de Actualización.',
    noDevices: 'No hay dispositivos seleccionados.',
    noGroups: 'No hay grupos seleccionados.',
    noFileName: 'Indique el nombre del fichero.',
    uploadedOk: 'uploaded ok',
  },
  en: {
    emptySelection: 'Empty selection',
    noType: 'Choose the update TYPE.',
    noDevices: 'No devices are selected.',
    noGroups: 'No groups are selected.',
    noFileName: 'Give the file name.',
    uploadedOk: 'uploaded ok',
  },
} as const;
