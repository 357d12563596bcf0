import type { Readable } from 'node:stream';

/**
 * Where the server keeps the files it receives (help-desk uploads today), behind one interface so
 * that every server node reaches the same files (docs/operations.md, "The file store").
 *
 * A key names a file like a path: segments joined by `/`, each of letters, digits and `._:-`,
 * never only dots (`helpdesk/prj_12/MID-1/devicelogs/device.log`). A prefix is any beginning of a
 * key; `helpdesk/prj_12/MID-1/` is a device's folder.
 *
 * The operations are those of an object store, so an S3-compatible store can implement the
 * interface later: put (PutObject, or a multipart upload completed only after `check`), stat
 * (HeadObject), get (GetObject), list (ListObjectsV2 with a prefix), delete (DeleteObject) and
 * deletePrefix (a listing, then DeleteObjects).
 */
export interface FileStore {
  /**
   * Stores a file under `key`, replacing any file of that key. The bytes are streamed, never held
   * whole in memory, and the file is visible to the other calls only once complete and accepted
   * by `check`; when the source fails or `check` throws, nothing of it is kept.
   */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<FileInfo>;
  /** The file's size and time, or null when there is none. */
  stat(key: string): Promise<FileInfo | null>;
  /** The file's bytes as a stream, with its size and time, or null when there is none. */
  get(key: string): Promise<OpenedFile | null>;
  /** Every file whose key begins with `prefix`, in no particular order. */
  list(prefix: string): Promise<FileInfo[]>;
  /** Deletes one file; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** Deletes every file whose key begins with `prefix` (never empty); answers how many. */
  deletePrefix(prefix: string): Promise<number>;
}

export interface FileInfo {
  key: string;
  size: number;
  /** When the file was stored. */
  modified: Date;
}

export interface OpenedFile extends FileInfo {
  stream: Readable;
}

/** What a `check` learns of a file whose bytes are all written but which is not visible yet. */
export interface WrittenFile {
  size: number;
  /** The first HEAD_BYTES bytes (fewer in a shorter file), to tell its type. */
  head: Buffer;
}

export interface PutOptions {
  /** Refuses the written file by throwing (the error is put's); it is then discarded. */
  check?: (written: WrittenFile) => Promise<void>;
}

/** Bytes of a file's beginning that a put's `check` is shown. */
export const HEAD_BYTES = 64;

/**
 * A key or prefix that is not one (see FileStore), or, in a local folder, one whose way passes a
 * symbolic link (planted on the disk; the store never makes one).
 */
export class FileKeyError extends Error {}

/** The source of a put was closed before it could be read: its bytes were cut off. */
export class SourceClosedError extends Error {
  constructor() {
    super('the source was closed before it was stored');
  }
}

const SEGMENT = /^[A-Za-z0-9._:-]{1,128}$/;
const PARTIAL_SEGMENT = /^[A-Za-z0-9._:-]{0,128}$/;
/** The local folder's temporary files (local-store.ts): never a key of their own. */
export const TEMPORARY_NAME = /^\.upload-/;
const MAX_KEY = 1024;

export function isSegment(name: string): boolean {
  return SEGMENT.test(name) && !/^\.+$/.test(name) && !TEMPORARY_NAME.test(name);
}

/** The key's segments; throws FileKeyError when it is not a key. */
export function keySegments(key: string): string[] {
  const segments = typeof key === 'string' && key.length <= MAX_KEY ? key.split('/') : [''];
  if (!segments.every(isSegment)) throw new FileKeyError(`not a file key: ${String(key)}`);
  return segments;
}

/**
 * A prefix as the whole segments of its folder and the beginning of the next segment (empty when
 * the prefix ends with `/`); throws FileKeyError when it is not a prefix.
 */
export function prefixParts(prefix: string): { folder: string[]; partial: string } {
  if (typeof prefix !== 'string' || prefix.length > MAX_KEY) {
    throw new FileKeyError('not a file key prefix');
  }
  const segments = prefix.split('/');
  const partial = segments.pop() ?? '';
  if (!PARTIAL_SEGMENT.test(partial) || !segments.every(isSegment)) {
    throw new FileKeyError(`not a file key prefix: ${prefix}`);
  }
  return { folder: segments, partial };
}
