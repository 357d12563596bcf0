import fs from 'node:fs';
import type { FileStore } from '../files/index';
import type { ApkInfo } from './apk';

/**
 * Where the kiosk's APKs are kept in the shared file store (server/files, docs/operations.md "The
 * file store"), so that every node serves them: `kiosk/<company>/<sha256>.apk`, and beside it
 * `<sha256>.json`, what its manifest said. The same bytes uploaded twice are one file.
 */
export const apkKey = (company: number, sha256: string) => `kiosk/${company}/${sha256}.apk`;
const infoKey = (company: number, sha256: string) => `kiosk/${company}/${sha256}.json`;

/** Stores an APK (streamed from its temporary file) and what its manifest said. */
export async function storeApk(store: FileStore, company: number, file: string, info: ApkInfo) {
  await store.put(apkKey(company, info.sha256), fs.createReadStream(file));
  await store.put(infoKey(company, info.sha256), Buffer.from(JSON.stringify(info)));
}

/** What was learnt of the company's APK of that SHA-256 when it was uploaded; null if none. */
export async function storedApkInfo(
  store: FileStore,
  company: number,
  sha256: string,
): Promise<ApkInfo | null> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
  const opened = await store.get(infoKey(company, sha256));
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApkInfo;
}

/** Removes an APK and what its manifest said (the last app using it is gone). */
export async function removeApk(store: FileStore, company: number, sha256: string) {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return;
  await store.delete(apkKey(company, sha256));
  await store.delete(infoKey(company, sha256));
}
