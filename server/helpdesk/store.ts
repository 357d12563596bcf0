import type { Readable } from 'node:stream';
import type { Db } from '../db/database';
import { FileKeyError, type FileStore, type OpenedFile, type WrittenFile } from '../files/index';
import {
  FILE_NAME,
  HELPDESK_FOLDER,
  HELPDESK_KINDS,
  HELPDESK_LISTS,
  HelpdeskPathError,
  MID_PATTERN,
  SCHEMA_PATTERN,
  deviceFolder,
  isHelpdeskKind,
  resolveDeviceFile,
  type HelpdeskFile,
  type HelpdeskKind,
  type HelpdeskList,
  type StoredFile,
} from './paths';

export * from './paths';

/**
 * The help-desk files: what devices upload, written, listed and deleted inside each device's
 * folder of the file store (server/files; paths.ts resolves every path).
 */

/** One device's help-desk files: the file store and the device's folder in it. */
export interface DeviceFiles {
  store: FileStore;
  /** A key prefix without its final `/` (deviceFolder). */
  folder: string;
}

/** The device's files in `store`; refused (HelpdeskPathError) for a malformed schema or MID. */
export function deviceFiles(store: FileStore, schema: string, mid: string): DeviceFiles {
  return { store, folder: deviceFolder(schema, mid) };
}

/** Files kept per device and kind: the oldest go when a new upload passes this. */
export const KEEP_PER_KIND = 200;

/**
 * Stores an upload; it is listed only once whole, and a file of the same name is replaced.
 * `check` may refuse the written file (by throwing) before it becomes visible.
 */
export async function storeUpload(
  device: DeviceFiles,
  kind: HelpdeskKind,
  name: string,
  source: Readable,
  check?: (written: WrittenFile) => Promise<void>,
): Promise<StoredFile> {
  const target = resolveDeviceFile(device.folder, `${kind}/${name}`);
  const saved = await device.store.put(target.key, source, { check });
  await pruneKind(device, kind);
  return { ...target, size: saved.size, mtime: saved.modified };
}

/**
 * The help-desk files of the device's folder, newest first; keys of any other shape (not
 * `<kind>/<name>`) are ignored.
 */
async function filesOf(device: DeviceFiles, kind?: HelpdeskKind): Promise<StoredFile[]> {
  const prefix = `${device.folder}/${kind ? `${kind}/` : ''}`;
  const files: StoredFile[] = [];
  for (const info of await device.store.list(prefix)) {
    const [fileKind, name, ...rest] = info.key.slice(device.folder.length + 1).split('/');
    if (rest.length > 0 || !isHelpdeskKind(fileKind) || !FILE_NAME.test(name ?? '')) continue;
    const fullpath = `${fileKind}/${name}`;
    files.push({
      kind: fileKind,
      name,
      fullpath,
      key: info.key,
      size: info.size,
      mtime: info.modified,
    });
  }
  return files.sort(
    (a, b) => b.mtime.getTime() - a.mtime.getTime() || a.name.localeCompare(b.name),
  );
}

async function pruneKind(device: DeviceFiles, kind: HelpdeskKind): Promise<void> {
  const files = await filesOf(device, kind);
  for (const old of files.slice(KEEP_PER_KIND)) await device.store.delete(old.key);
}

/**
 * The five lists of the help-desk tab, newest first. Screenshots have no list of their own in
 * the specification: they join the device logs, marked `screenshot: true`.
 */
export async function listDeviceFiles(
  device: DeviceFiles,
): Promise<Record<HelpdeskList, HelpdeskFile[]>> {
  const lists = Object.fromEntries(HELPDESK_LISTS.map((list) => [list, []])) as unknown as Record<
    HelpdeskList,
    HelpdeskFile[]
  >;
  // One listing of the folder (one query in the database), in the kinds' order.
  const files = await filesOf(device);
  for (const kind of HELPDESK_KINDS) {
    const list: HelpdeskList = kind === 'screenshots' ? 'devicelogs' : kind;
    for (const file of files.filter((candidate) => candidate.kind === kind)) {
      lists[list].push({
        name: file.name,
        date: file.mtime.toISOString(),
        size: file.size,
        fullpath: file.fullpath,
        screenshot: kind === 'screenshots',
      });
    }
  }
  lists.devicelogs.sort((a, b) => b.date.localeCompare(a.date));
  return lists;
}

/** Runs a store call, turning a key the store refuses (a planted link) into a path refusal. */
async function inFolder<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FileKeyError) throw new HelpdeskPathError('a link out of the folder');
    throw error;
  }
}

/** The stored file at `relative`, or null when there is none; a hostile path is refused. */
export async function findDeviceFile(
  device: DeviceFiles,
  relative: unknown,
): Promise<StoredFile | null> {
  const file = resolveDeviceFile(device.folder, relative);
  const info = await inFolder(() => device.store.stat(file.key));
  return info && { ...file, size: info.size, mtime: info.modified };
}

/** The file at `relative` opened for reading, or null when there is none. */
export async function openDeviceFile(
  device: DeviceFiles,
  relative: unknown,
): Promise<(StoredFile & Pick<OpenedFile, 'stream'>) | null> {
  const file = resolveDeviceFile(device.folder, relative);
  const opened = await inFolder(() => device.store.get(file.key));
  return opened && { ...file, size: opened.size, mtime: opened.modified, stream: opened.stream };
}

/** Deletes one file; false when there was none. */
export async function deleteDeviceFile(device: DeviceFiles, relative: unknown): Promise<boolean> {
  const file = await findDeviceFile(device, relative);
  if (!file) return false;
  return inFolder(() => device.store.delete(file.key));
}

/** Deletes every help-desk file of a device; answers how many files there were. */
export async function deleteDeviceFolder(device: DeviceFiles): Promise<number> {
  return device.store.deletePrefix(`${device.folder}/`);
}

/**
 * Removes the files of deleted devices. The deletion names MIDs only; a MID belongs to one
 * project at a time, so its folder is looked for under every project schema.
 */
export async function deleteFilesOfMids(store: FileStore, db: Db, mids: string[]): Promise<void> {
  const valid = mids.filter((mid) => MID_PATTERN.test(mid) && !/^\.+$/.test(mid));
  if (valid.length === 0) return;
  const projects = await db.selectFrom('core.projects').select('schema_name').execute();
  for (const { schema_name: schema } of projects) {
    if (!SCHEMA_PATTERN.test(schema)) continue;
    for (const mid of valid) await store.deletePrefix(`${HELPDESK_FOLDER}/${schema}/${mid}/`);
  }
}
