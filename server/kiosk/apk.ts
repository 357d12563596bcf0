import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ApkReader from '@devicefarmer/adbkit-apkreader';

/** What the server learns of an uploaded APK, from its bytes and its manifest, never the form. */
export interface ApkInfo {
  /** The file's name as uploaded (made safe): the app's `URL` (002 §3). */
  name: string;
  package: string;
  versionName: string | null;
  versionCode: number | null;
  minSdk: number | null;
  size: number;
  /** SHA-256 of the file, lower-case hex. */
  sha256: string;
}

/** The upload passed `maxBytes`. */
export class ApkTooLarge extends Error {}

/** The file is not an APK: no readable AndroidManifest.xml (the reason in `detail`). */
export class NotAnApk extends Error {
  constructor(readonly detail: string) {
    super(`not an APK: ${detail}`);
  }
}

/**
 * Streams an upload to a temporary file (never whole in memory), counting and hashing it on the
 * way; `work` gets the file's path, size and SHA-256, and the file is removed afterwards.
 */
export async function withReceivedFile<T>(
  source: Readable,
  maxBytes: number,
  work: (file: { path: string; size: number; sha256: string }) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'flota-apk-'));
  const file = path.join(dir, `${randomUUID()}.apk`);
  try {
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new ApkTooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(source, counter, fs.createWriteStream(file));
    return await work({ path: file, size, sha256: hash.digest('hex') });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Reads the manifest of the APK at `file` with adbkit-apkreader; NotAnApk when it cannot. */
export async function readApkManifest(file: string) {
  let manifest;
  try {
    manifest = await (await ApkReader.open(file)).readManifest();
  } catch (error) {
    throw new NotAnApk(error instanceof Error ? error.message : String(error));
  }
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) ? value : null;
  return {
    package: typeof manifest.package === 'string' ? manifest.package : '',
    versionName:
      manifest.versionName === undefined || manifest.versionName === null
        ? null
        : String(manifest.versionName),
    versionCode: number(manifest.versionCode),
    minSdk: number(manifest.usesSdk?.minSdkVersion),
  };
}
