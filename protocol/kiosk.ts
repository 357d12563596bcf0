/**
 * The simple kiosk's wire (002 §7 "Simple kiosk", "File upload"; docs/kiosk.md), shared by the
 * server and the console.
 */

export const KIOSK_ACTIONS_PATH = '/api/kiosk/Actions';
export const UPLOAD_FILE_PATH = '/api/UploadFile';

/** The opers of `POST /api/kiosk/Actions` (002 §7 Simple kiosk). */
export const KIOSK_OPERS = [
  'List',
  'ListUpdate',
  'AppUpdate',
  'UpdateConfig',
  'deleteAPP',
  'saveListWifis',
  'getConfig',
  'getListWifis',
] as const;
export type KioskOper = (typeof KIOSK_OPERS)[number];

/** A kiosk app as the wire has it (002 §3): the flags as 1/0. */
export interface KioskAppRow {
  Id: number;
  Name: string;
  Package: string;
  Version: string | null;
  URL: string | null;
  Visible: 0 | 1;
  Whitelist: 0 | 1;
  Uninstall: 0 | 1;
  Executeapp: 0 | 1;
  Checksum: string | null;
  Checksumtype: 'SHA-256' | null;
  Filesize: number | null;
  VersionCode: number | null;
  MinSdk: number | null;
  /** The engine's row version, sent back with an edit (optimistic concurrency). */
  version: number;
  /** A signed link to the APK, valid for a day; null for a system app. */
  Download: string | null;
}

/** What `POST /api/UploadFile` answers of an APK: read from its manifest and bytes. */
export interface UploadedApk {
  Name: string;
  Package: string;
  Version: string | null;
  VersionCode: number | null;
  MinSdk: number | null;
  URL: string;
  Filesize: number;
  Checksum: string;
  Checksumtype: 'SHA-256';
}

/**
 * The device admin (DPC) component the enrolment QR names: Flota's kiosk agent. Its APK is
 * downloaded from the company's kiosk list when an app of its package was uploaded there.
 */
export const KIOSK_AGENT_PACKAGE = 'com.flota.kiosk';
export const KIOSK_AGENT_COMPONENT = `${KIOSK_AGENT_PACKAGE}/.AdminReceiver`;

/** The QR code's side in the simple kiosk, in pixels (002 §9). */
export const KIOSK_QR_SIZE = 400;
