/**
 * Where help-desk files live in the file store (server/files), under the key
 * helpdesk/<project schema>/<MID>/<kind>/<name> (in a local store, that path below DATA_DIR), and
 * how a path a caller names is resolved: inside that device's own folder and nowhere else.
 */

/** What a device may upload; `screenshots` are shown in the device-logs list (see listDeviceFiles). */
export const HELPDESK_KINDS = [
  'devicelogs',
  'errorlogs',
  'database',
  'replica',
  'kiosklogs',
  'screenshots',
] as const;
export type HelpdeskKind = (typeof HELPDESK_KINDS)[number];

/** The five lists of the help-desk tab (001 §2). */
export const HELPDESK_LISTS = [
  'devicelogs',
  'errorlogs',
  'database',
  'replica',
  'kiosklogs',
] as const;
export type HelpdeskList = (typeof HELPDESK_LISTS)[number];

/**
 * A stored file name: a whitelist, so `..`, separators, NUL, leading dots (temporary uploads)
 * and control characters never reach the file system.
 */
export const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
export const MID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
export const SCHEMA_PATTERN = /^prj_\d{1,10}$/;

export interface HelpdeskFile {
  name: string;
  /** Last modification (the upload), ISO 8601. */
  date: string;
  size: number;
  /** Relative to the device's folder: `<kind>/<name>`, what the other calls take back. */
  fullpath: string;
  /** An image to view with viewImage rather than viewLog. */
  screenshot: boolean;
}

export interface StoredFile {
  kind: HelpdeskKind;
  name: string;
  fullpath: string;
  /** Its key in the file store. */
  key: string;
  size: number;
  mtime: Date;
}

/** A path a caller gave that does not name a file inside the device's folder. */
export class HelpdeskPathError extends Error {}

export function isHelpdeskKind(value: unknown): value is HelpdeskKind {
  return typeof value === 'string' && (HELPDESK_KINDS as readonly string[]).includes(value);
}

/** The first segment of every help-desk key. */
export const HELPDESK_FOLDER = 'helpdesk';

/**
 * The device's folder, a key prefix without its final `/`; the schema and MID come from the
 * database, checked again all the same.
 */
export function deviceFolder(schema: string, mid: string): string {
  if (!SCHEMA_PATTERN.test(schema) || !MID_PATTERN.test(mid) || /^\.+$/.test(mid)) {
    throw new HelpdeskPathError(`invalid device folder ${schema}/${mid}`);
  }
  return `${HELPDESK_FOLDER}/${schema}/${mid}`;
}

/**
 * The name an uploaded file is stored under: its base name made safe, or a dated default named
 * after `kind` (a help-desk kind; the project file browser's `file`).
 */
export function safeFileName(original: string | undefined, kind: HelpdeskKind | 'file'): string {
  const base = (original ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-128);
  if (FILE_NAME.test(cleaned)) return cleaned;
  return `${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * `<kind>/<name>` inside the folder, refused unless it is exactly that: no absolute paths, no
 * `..`, no backslashes, no other device's folder (a MID is never part of the accepted shape).
 */
export function resolveDeviceFile(folder: string, relative: unknown) {
  if (typeof relative !== 'string' || relative.length > 300) {
    throw new HelpdeskPathError('not a path');
  }
  const parts = relative.split('/');
  if (parts.length !== 2) throw new HelpdeskPathError(`not <kind>/<name>: ${relative}`);
  const [kind, name] = parts;
  if (!isHelpdeskKind(kind) || !FILE_NAME.test(name)) {
    throw new HelpdeskPathError(`not <kind>/<name>: ${relative}`);
  }
  // The store refuses a malformed key again (FileKeyError), as defence in depth.
  return { kind, name, fullpath: `${kind}/${name}`, key: `${folder}/${kind}/${name}` };
}
