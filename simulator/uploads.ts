import { DEVICE_API, deviceAuthorization } from '../protocol/device-protocol';
import { ProtocolError } from './client';
import { generateLog, type LogSource } from './log-text';
import { screenshotPng } from './png';

/**
 * What a device uploads for the `logs` command: help-desk files sent to
 * `POST /api/device/v1/files` (docs/device-protocol.md, Help-desk files).
 */

/** The kinds of the protocol (the server's list, written again: the simulator is an agent). */
export type UploadKind = LogSource | 'database' | 'screenshots';

/** The device as the upload needs it: where its server is and its credential. */
export interface UploadingDevice {
  /** Base URL of the server (DeviceClient.server). */
  server: string;
  mid: string;
  credential: string;
}

export interface UploadParams {
  /** The logs to send; all four text logs by default. */
  kinds?: LogSource[];
  /** Also send a screenshot (default true). */
  screenshot?: boolean;
  /** The screenshot's PNG when the device draws its own screen (a kiosk's home screen). */
  screen?: Buffer;
  /** Lines per log (default 200). */
  lines?: number;
  /** The time the logs end at, and the files' date stamp (default now). */
  now?: Date;
  /** Makes the logs repeatable (default: the MID and the time). */
  seed?: number | string;
}

export interface UploadedFile {
  name: string;
  size: number;
  kind: UploadKind;
}

const TIMEOUT_MS = 30_000;

const FILE_PREFIX: Record<LogSource, string> = {
  devicelogs: 'device',
  errorlogs: 'error',
  kiosklogs: 'kiosk',
  replica: 'replica',
};

/** Sends one file; answers what the server stored, or throws ProtocolError. */
export async function uploadFile(
  device: UploadingDevice,
  kind: UploadKind,
  name: string,
  content: Buffer | string,
  type = 'text/plain',
): Promise<UploadedFile> {
  const form = new FormData();
  // The kind first: the server streams the file straight into its folder.
  form.append('kind', kind);
  const bytes = typeof content === 'string' ? content : new Uint8Array(content);
  form.append('file', new Blob([bytes], { type }), name);
  const response = await fetch(`${device.server}${DEVICE_API}/files`, {
    method: 'POST',
    headers: { authorization: deviceAuthorization(device.mid, device.credential) },
    body: form,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const envelope = (await response.json().catch(() => null)) as {
    error?: { code: string; description: string };
    result?: UploadedFile | null;
  } | null;
  if (!response.ok || envelope?.error?.code !== '0' || !envelope.result) {
    throw new ProtocolError(
      response.status,
      envelope?.error?.code ?? String(response.status),
      envelope?.error?.description ?? response.statusText,
    );
  }
  return envelope.result;
}

function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** A simulated screenshot of the device's screen, as a PNG. */
export function uploadScreenshot(
  device: UploadingDevice,
  now = new Date(),
  screen?: Buffer,
): Promise<UploadedFile> {
  const hue = [...device.mid].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  const png = screen ?? screenshotPng(hue);
  return uploadFile(device, 'screenshots', `screen-${stamp(now)}.png`, png, 'image/png');
}

/**
 * The answer to the `logs` command: the device writes its logs and a screenshot and uploads
 * them one by one; the help-desk tab lists them as they arrive.
 */
export async function uploadLogs(
  device: UploadingDevice,
  params: UploadParams = {},
): Promise<UploadedFile[]> {
  const now = params.now ?? new Date();
  const kinds = params.kinds ?? ['devicelogs', 'errorlogs', 'kiosklogs', 'replica'];
  const seed = params.seed ?? `${device.mid}-${now.getTime()}`;
  const uploaded: UploadedFile[] = [];
  for (const kind of kinds) {
    const text = generateLog(kind, { lines: params.lines, now, seed: `${seed}-${kind}` });
    const name = `${FILE_PREFIX[kind]}-${stamp(now)}.log`;
    uploaded.push(await uploadFile(device, kind, name, text));
  }
  if (params.screenshot ?? true) uploaded.push(await uploadScreenshot(device, now, params.screen));
  return uploaded;
}
