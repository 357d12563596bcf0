import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  FileKeyError,
  isSegment,
  keySegments,
  prefixParts,
  SourceClosedError,
  type FileInfo,
  type FileStore,
} from './store';
import { measuring, toStream } from './streams';

/**
 * The file store of one node: a key is a path below `root` (DATA_DIR), so the key
 * `helpdesk/prj_12/MID-1/devicelogs/device.log` is the file
 * `DATA_DIR/helpdesk/prj_12/MID-1/devicelogs/device.log`. Other nodes do not see these files (docs/operations.md, "The file store").
 *
 * A put writes a temporary `.upload-<random>` file beside its destination and renames it into
 * place, so a half-written file is never listed. Symbolic links below the root (planted on the
 * disk; never made here) are not followed: listings skip them, and a key whose way passes one is
 * refused with FileKeyError.
 *
 * @example
 *   const store = localFileStore(config.DATA_DIR);
 *   await store.put('helpdesk/prj_1/MID-1/devicelogs/a.log', Buffer.from('INFO\n'));
 */
export function localFileStore(root: string): FileStore {
  const absolute = (segments: string[]) => path.join(root, ...segments);
  const keyOf = (segments: string[]) => segments.join('/');

  /** What is at `segments`, without following links; null when there is nothing. */
  async function inspect(segments: string[]): Promise<fs.Stats | null> {
    try {
      if (segments.length === 0) return await fsp.stat(root);
      let stat: fs.Stats | null = null;
      for (let depth = 1; depth <= segments.length; depth++) {
        stat = await fsp.lstat(absolute(segments.slice(0, depth)));
        if (stat.isSymbolicLink())
          throw new FileKeyError(`a link on the way to ${keyOf(segments)}`);
      }
      return stat;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async function stat(key: string): Promise<FileInfo | null> {
    const segments = keySegments(key);
    const found = await inspect(segments);
    return found?.isFile() ? { key, size: found.size, modified: found.mtime } : null;
  }

  /** The files below a folder, links and temporary files left out; `only` its entries so named. */
  async function walk(segments: string[], only?: (name: string) => boolean): Promise<FileInfo[]> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(absolute(segments), { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
    const found: FileInfo[] = [];
    for (const entry of entries) {
      if (!isSegment(entry.name) || (only && !only(entry.name))) continue;
      const inner = [...segments, entry.name];
      if (entry.isDirectory()) {
        found.push(...(await walk(inner)));
      } else if (entry.isFile()) {
        const file = await fsp.lstat(absolute(inner)).catch(() => null);
        if (file?.isFile())
          found.push({ key: keyOf(inner), size: file.size, modified: file.mtime });
      }
    }
    return found;
  }

  async function list(prefix: string): Promise<FileInfo[]> {
    const { folder, partial } = prefixParts(prefix);
    try {
      if (!(await inspect(folder))?.isDirectory()) return [];
    } catch (error) {
      // A folder behind a link is not listed.
      if (error instanceof FileKeyError) return [];
      throw error;
    }
    return walk(folder, partial ? (name) => name.startsWith(partial) : undefined);
  }

  return {
    async put(key, body, options = {}) {
      const segments = keySegments(key);
      const target = absolute(segments);
      const directory = path.dirname(target);
      await fsp.mkdir(directory, { recursive: true, mode: 0o700 });
      await inspect(segments.slice(0, -1));
      const source = toStream(body);
      // A source closed meanwhile (the body ended or was cut off inside the file) would leave
      // pipeline waiting for ever, holding the temporary file open.
      if (source.destroyed) throw new SourceClosedError();
      const temporary = path.join(directory, `.upload-${crypto.randomBytes(8).toString('hex')}`);
      const measure = measuring();
      try {
        await pipeline(
          source,
          measure.stream,
          fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }),
        );
        await options.check?.(measure.written());
        await fsp.rename(temporary, target);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw error;
      }
      const stored = await fsp.stat(target);
      return { key, size: stored.size, modified: stored.mtime };
    },

    stat,

    async get(key) {
      const info = await stat(key);
      return info && { ...info, stream: fs.createReadStream(absolute(keySegments(key))) };
    },

    list,

    async delete(key) {
      if (!(await stat(key))) return false;
      await fsp.rm(absolute(keySegments(key)), { force: true });
      return true;
    },

    async deletePrefix(prefix) {
      const { folder, partial } = prefixParts(prefix);
      if (folder.length === 0) throw new FileKeyError('deletePrefix needs a folder');
      const found = await inspect(folder);
      if (!found?.isDirectory()) return 0;
      const count = (await list(prefix)).length;
      if (!partial) {
        await fsp.rm(absolute(folder), { recursive: true, force: true });
        return count;
      }
      // Links among the entries are removed, never followed.
      for (const name of await fsp.readdir(absolute(folder))) {
        if (name.startsWith(partial)) {
          await fsp.rm(absolute([...folder, name]), { recursive: true, force: true });
        }
      }
      return count;
    },
  };
}

function missing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
