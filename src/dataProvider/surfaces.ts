import { ErrorCode } from '../../protocol/envelope';

/**
 * How a refusal is shown (002 §8, 001 §8): code "-1" an information dialog, "-2" a warning
 * dialog, each with `error.description`; the devices listing's "-1" the 'Atención!' dialog
 * (the users and companies table must be created to start working). Other refusals stay toasts.
 */
export type RefusalSurface = 'info' | 'warning' | 'attention';

/** The devices listing (002 §8 "The devices listing with code -1"). */
const DEVICE_LISTING = new Set(['devicesWithPages', 'devicelist']);

/** The dialog a refused answer opens, or null for a toast. */
export function surfaceOf(operation: string, code: string | undefined): RefusalSurface | null {
  if (code === ErrorCode.invalid) return DEVICE_LISTING.has(operation) ? 'attention' : 'info';
  if (code === ErrorCode.warning) return 'warning';
  return null;
}

/** How long a refusal waits for the notification that shows it. */
const KEPT_MS = 30_000;

const refusals = new Map<string, { surface: RefusalSurface; at: number }>();

/**
 * The wire client's side: a refused answer is remembered by its description, so that when a
 * screen notifies that description (every screen notifies `error.message`) the console's one
 * notification gate (src/layout/RefusalSurfaces.tsx) opens its dialog instead of a toast.
 */
export function rememberRefusal(
  operation: string,
  code: string | undefined,
  description: string,
  now = Date.now(),
): void {
  const surface = surfaceOf(operation, code);
  if (!surface || !description) return;
  for (const [text, entry] of refusals) if (now - entry.at > KEPT_MS) refusals.delete(text);
  refusals.set(description, { surface, at: now });
}

/**
 * The notification gate's side: the dialog for a message that is a refusal's description, or
 * ends with it (a screen's "Operación fallida: <description>"), taken once.
 */
export function takeRefusal(message: unknown, now = Date.now()): RefusalSurface | null {
  if (typeof message !== 'string') return null;
  const text = refusals.has(message)
    ? message
    : [...refusals.keys()].find((d) => message.endsWith(` ${d}`));
  const entry = text === undefined ? undefined : refusals.get(text);
  if (text === undefined || !entry) return null;
  refusals.delete(text);
  return now - entry.at > KEPT_MS ? null : entry.surface;
}

type Listener = () => void;
const emptyDownloadListeners = new Set<Listener>();

/** A download of no bytes (001 §8, 002 §8: warned about; the browser saved it all the same). */
export function announceEmptyDownload(): void {
  for (const listener of emptyDownloadListeners) listener();
}

/** The notification gate listens for empty downloads; the returned function stops it. */
export function onEmptyDownload(listener: Listener): () => void {
  emptyDownloadListeners.add(listener);
  return () => emptyDownloadListeners.delete(listener);
}
