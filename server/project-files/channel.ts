import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import type { OpenedFile } from '../files/index';

/**
 * The bytes of a call of the file browser's routes (routes.ts), beside its JSON parameter: the
 * upload's stream, which the operation stores, and the download's file, which the operation opens
 * and the route sends. The operations run through executeOperation like any other, so the
 * permission, the menu gate, the company's state and the envelope are the services API's.
 */
export interface FileChannel {
  upload?: { source: Readable; check(): Promise<void> };
  download?: OpenedFile;
}

const channel = new AsyncLocalStorage<FileChannel>();

export function withFileChannel<T>(files: FileChannel, work: () => Promise<T>): Promise<T> {
  return channel.run(files, work);
}

/** The channel of the route running this operation; undefined over /api/services. */
export function fileChannel(): FileChannel | undefined {
  return channel.getStore();
}
