import type {
  CommandHistoryRow,
  CommandLogRow,
  CommandName,
  SendCommandResponse,
} from '../../protocol/commands';
import type { Page } from '../../protocol/paging';
import type { ReplicaStatusRow } from '../../protocol/replication';
import { authorizedPostOf, resultOf, type CallService } from './callService';
import { announceEmptyDownload } from './surfaces';

/**
 * Remote operations (docs/api.md): commands, help-desk files, mail, push, position. The device
 * dialog's lists (command history, error logs, help-desk files) are declared resources, read
 * and deleted through the definitions' calls (protocol/resources).
 */

export const MDM_URL = '/api/kioskpremium/mdm';
export const HELPDESK_DOWNLOAD_URL = '/api/helpdesk/download';

/** The opers of `POST /api/kioskpremium/mdm` (001 §7 Device commands). */
export type MdmOper =
  'dpc_emm_api' | 'afw_emm_api' | 'cmdMdmLog' | 'setDataDevice' | 'setDataDeviceGPS';

export type LogFilter = 'errors' | 'replicator' | 'live' | 'frame' | 'script';
export type HelpdeskKind = 'devicelogs' | 'errorlogs' | 'database' | 'replica' | 'kiosklogs';
export const HELPDESK_KINDS: readonly HelpdeskKind[] = [
  'devicelogs',
  'errorlogs',
  'database',
  'replica',
  'kiosklogs',
];

/** A help-desk file (001 §3); `fullpath` is `<kind>/<name>`. */
export interface HelpdeskFileRow {
  name: string;
  date: string;
  size: number;
  fullpath: string;
  screenshot: boolean;
}
export type HelpdeskLists = Record<HelpdeskKind, HelpdeskFileRow[]>;

export interface ViewLogResponse {
  stFilename: string;
  /** base64 of raw deflate when `compress`. */
  stText: string;
  compress: boolean;
  lines: number;
  totalLines: number;
  truncated: boolean;
}

export interface ViewImageResponse {
  stFilename: string;
  image: string;
  type: 'image/png' | 'image/jpeg';
}

export interface PushResponse {
  total: number;
  sent: number;
  offline: number;
}

export interface MailResponse {
  message: string;
  sent: number;
  skipped: string[];
  withoutEmail?: string[];
}

export interface GpsResponse {
  MID: string;
  command: unknown;
  LATITUDE: number | null;
  LONGITUDE: number | null;
  ACCURACY: number | null;
  TIME: string | null;
}

export interface PageRequest {
  start: number;
  length: number;
}

/**
 * Saves a blob under a name through a temporary link: the browser's own download. An empty one
 * is warned about, here for every download (001 §8, 002 §8).
 */
export function saveBlob(blob: Blob, name: string) {
  if (blob.size === 0) announceEmptyDownload();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a Content-Disposition, preferring the UTF-8 `filename*`. */
export function attachmentName(header: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

export function remoteCalls(callService: CallService) {
  const post = authorizedPostOf(callService);
  /** Through the MDM endpoint when the client can post there, else the same operation. */
  const mdm = async <R>(oper: MdmOper, data: unknown, signal?: AbortSignal): Promise<R> =>
    post
      ? resultOf<R>(await post(MDM_URL, { operation: 'mdm', parameter: { oper, data } }, signal))
      : callService<R>(oper, data, signal);

  return {
    sendCommand: (
      database: number,
      cmd: CommandName,
      dest: string[],
      params: Record<string, unknown> = {},
      signal?: AbortSignal,
      /** Hours the command waits for a device that is offline (the server's default if absent). */
      expiry?: number,
    ) =>
      callService<SendCommandResponse>(
        'sendCommand',
        { database, cmd, dest, params, wait: true, ...(expiry !== undefined && { expiry }) },
        signal,
      ),
    /** Cancels queued commands still pending (server/commands/cancel.ts). */
    cancelCommand: (database: number, ids: number[]) =>
      callService<{ cancelled: number[]; notPending: number[] }>('cancelCommand', {
        database,
        ids,
      }),
    /** The policy toggles as the device last reported them (server/commands/controls.ts). */
    deviceControls: (database: number, mid: string, signal?: AbortSignal) =>
      callService<{ toggles: Partial<Record<CommandName, { enabled: boolean; at: string }>> }>(
        'deviceControls',
        { database, mid },
        signal,
      ),
    deviceCommandLog: (database: number, mid: string, signal?: AbortSignal) =>
      callService<CommandLogRow>('deviceCommandLog', { database, mid }, signal),
    deviceReplicaStatus: (database: number, mid: string, signal?: AbortSignal) =>
      callService<ReplicaStatusRow>('deviceReplicaStatus', { database, mid }, signal),
    sendPush: (database: number, devices: string[] | 'all', type: number) =>
      callService<PushResponse>('send push', { database, devices, type }),
    mdmCommand: (database: number, cmd: CommandName, dest: string[], params = {}) =>
      mdm<SendCommandResponse>('dpc_emm_api', { database, cmd, dest, params, wait: true }),
    mdmCommandLog: (database: number, mid: string, page: PageRequest, signal?: AbortSignal) =>
      mdm<Page<CommandHistoryRow>>('cmdMdmLog', { database, mid, datatable: page }, signal),
    deviceInventory: (database: number, mid: string, signal?: AbortSignal) =>
      mdm<{ MID: string; INFO: unknown; LASTINFO: string | null; LASTGPS: string | null }>(
        'setDataDevice',
        { database, mid },
        signal,
      ),
    requestPosition: (database: number, mid: string) =>
      mdm<GpsResponse>('setDataDeviceGPS', { database, mid, wait: true }),
    helpdeskFiles: (database: number, mid: string, signal?: AbortSignal) =>
      callService<HelpdeskLists>('deviceData', { database, mid, data: 'helpdesk' }, signal),
    viewLog: (
      database: number,
      mid: string,
      stFilename: string,
      filters: LogFilter[],
      text: string,
      signal?: AbortSignal,
    ) =>
      callService<ViewLogResponse>(
        'viewLog',
        { database, mid, stFilename, filter: filters, stText: text || null, compress: true },
        signal,
      ),
    viewImage: (database: number, mid: string, stFilename: string, signal?: AbortSignal) =>
      callService<ViewImageResponse>('viewImage', { database, mid, stFilename }, signal),
    mailDevices: (database: number, mids: string[], subject: string, message: string) =>
      callService<MailResponse>('admemail', { database, devices: mids, subject, message }),
    mailAllDevices: (database: number, subject: string, message: string) =>
      callService<MailResponse>('admemailall', { database, subject, message }),
    mailUsers: (emails: string[], subject: string, message: string) =>
      callService<MailResponse>('send e-mail', { lstEmails: emails, sbj: subject, msg: message }),
    /** The file as an attachment, saved by the browser under the server's name. */
    downloadHelpdeskFile: async (database: number, mid: string, filePath: string) => {
      if (!post) throw new Error('download needs the service client');
      const response = await post(HELPDESK_DOWNLOAD_URL, { database, mid, filePath });
      // Refusals are envelopes: resultOf turns them into the HttpError with the description.
      if (!response.ok) await resultOf(response);
      const blob = await response.blob();
      const fallback = filePath.split('/').pop() ?? filePath;
      saveBlob(blob, attachmentName(response.headers.get('Content-Disposition'), fallback));
      return blob.size;
    },
  };
}

export type RemoteCalls = ReturnType<typeof remoteCalls>;
