import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FILE_NAME,
  HELPDESK_KINDS,
  HELPDESK_LISTS,
  MID_PATTERN,
  SCHEMA_PATTERN,
  findDeviceFile,
  helpdeskRoot,
  missing,
  resolveDeviceFile,
  type HelpdeskFile,
  type HelpdeskKind,
  type HelpdeskList,
  type StoredFile,
} from './paths';

export * from './paths';

/**
 * The help-desk blob store: files devices upload, written, listed and deleted inside each
 * device's folder (paths.ts resolves every path).
 */

/** Files kept per device and kind: the oldest go when a new upload passes this. */
export const KEEP_PER_KIND = 200;

/** The upload's stream was closed before it could be written: the body was cut off. */
export class UploadCutOffError extends Error {
  constructor() {
    super('the upload was cut off before it was stored');
  }
}

/**
 * Writes an upload to a temporary file beside its destination and renames it into place, so a
 * half-written file is never listed; a file of the same name is replaced. `check` may refuse
 * the written file (by throwing) before it becomes visible.
 */
export async function storeUpload(
  folder: string,
  kind: HelpdeskKind,
  name: string,
  source: Readable,
  check?: (temporary: string) => Promise<void>,
): Promise<StoredFile> {
  const target = resolveDeviceFile(folder, `${kind}/${name}`);
  const directory = path.dirname(target.absolute);
  await fsp.mkdir(directory, { recursive: true, mode: 0o700 });
  // A source closed meanwhile (the body ended or was cut off inside the file) would leave
  // pipeline waiting for ever, holding the temporary file open.
  if (source.destroyed) throw new UploadCutOffError();
  const temporary = path.join(directory, `.upload-${crypto.randomBytes(8).toString('hex')}`);
  try {
    await pipeline(source, fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    await check?.(temporary);
    await fsp.rename(temporary, target.absolute);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw error;
  }
  await pruneKind(directory);
  const stat = await fsp.stat(target.absolute);
  return { ...target, size: stat.size, mtime: stat.mtime };
}

/** The regular files of one kind folder, newest first; links and temporary files are ignored. */
async function filesOf(directory: string) {
  let entries: fs.Dirent[];
  try {
    // A kind folder that is a link (planted on the disk, never made here) is not listed.
    if ((await fsp.lstat(directory)).isSymbolicLink()) return [];
    entries = await fsp.readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (missing(error)) return [];
    throw error;
  }
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && FILE_NAME.test(entry.name))
      .map(async (entry) => {
        const stat = await fsp.lstat(path.join(directory, entry.name)).catch(() => null);
        return stat?.isFile() ? { name: entry.name, size: stat.size, mtime: stat.mtime } : null;
      }),
  );
  return files
    .filter((file) => file !== null)
    .sort((a, b) => b.mtime.getTime() - a.mtime.getTime() || a.name.localeCompare(b.name));
}

async function pruneKind(directory: string): Promise<void> {
  const files = await filesOf(directory);
  for (const old of files.slice(KEEP_PER_KIND)) {
    await fsp.rm(path.join(directory, old.name), { force: true });
  }
}

/**
 * The five lists of the help-desk tab, newest first. Screenshots have no list of their own in
 * the specification: they join the device logs, marked `screenshot: true`.
 */
export async function listDeviceFiles(
  folder: string,
): Promise<Record<HelpdeskList, HelpdeskFile[]>> {
  const lists = Object.fromEntries(HELPDESK_LISTS.map((list) => [list, []])) as unknown as Record<
    HelpdeskList,
    HelpdeskFile[]
  >;
  for (const kind of HELPDESK_KINDS) {
    const list: HelpdeskList = kind === 'screenshots' ? 'devicelogs' : kind;
    for (const file of await filesOf(path.join(folder, kind))) {
      lists[list].push({
        name: file.name,
        date: file.mtime.toISOString(),
        size: file.size,
        fullpath: `${kind}/${file.name}`,
        screenshot: kind === 'screenshots',
      });
    }
  }
  lists.devicelogs.sort((a, b) => b.date.localeCompare(a.date));
  return lists;
}

/** Deletes one file; false when there was none. */
export async function deleteDeviceFile(folder: string, relative: unknown): Promise<boolean> {
  const file = await findDeviceFile(folder, relative);
  if (!file) return false;
  await fsp.rm(file.absolute, { force: true });
  return true;
}

/** Deletes every help-desk file of a device; answers how many files there were. */
export async function deleteDeviceFolder(folder: string): Promise<number> {
  let count = 0;
  for (const kind of HELPDESK_KINDS) count += (await filesOf(path.join(folder, kind))).length;
  await fsp.rm(folder, { recursive: true, force: true });
  return count;
}

/**
 * Removes the folders of deleted devices. The deletion names MIDs only; a MID belongs to one
 * project at a time, so its folder is looked for under every project schema.
 */
export async function deleteFoldersOfMids(dataDir: string, mids: string[]): Promise<void> {
  const root = helpdeskRoot(dataDir);
  let schemas: string[];
  try {
    schemas = (await fsp.readdir(root)).filter((name) => SCHEMA_PATTERN.test(name));
  } catch (error) {
    if (missing(error)) return;
    throw error;
  }
  for (const schema of schemas) {
    for (const mid of mids) {
      if (MID_PATTERN.test(mid) && !/^\.+$/.test(mid)) {
        await fsp.rm(path.join(root, schema, mid), { recursive: true, force: true });
      }
    }
  }
}
