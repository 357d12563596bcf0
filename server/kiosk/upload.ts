import { z } from 'zod';
import { ErrorCode } from '../../protocol/envelope';
import type { UploadedApk } from '../../protocol/kiosk';
import { recordAction } from '../actions-log';
import { fileStore } from '../files/index';
import { safeFileName } from '../helpdesk/paths';
import { languageOf } from '../messages';
import { fileChannel } from '../project-files/channel';
import { UploadTooLarge } from '../project-files/operations';
import { defineOperation, ServiceError, type OperationContext } from '../services/registry';
import { ApkTooLarge, NotAnApk, readApkManifest, withReceivedFile } from './apk';
import { apkKey, storeApk } from './apk-store';
import { kioskText } from './texts';

const flag = z.union([z.string().max(10), z.boolean()]).optional();
const isSet = (value: unknown) =>
  value !== undefined && value !== '' && value !== '0' && value !== 'false' && value !== false;

/** A refusal of the upload: 'Error al subir app: <why>' (002 §8), in the caller's language. */
function uploadRefusal(
  ctx: OperationContext,
  key: Parameters<typeof kioskText>[1],
  vars = {},
  status = 200,
) {
  const language = languageOf(ctx.user.language);
  const reason = kioskText(language, key, vars);
  const code = status === 413 ? ErrorCode.tooLarge : ErrorCode.invalid;
  return new ServiceError(kioskText(language, 'uploadError', { reason }), code, status);
}

/**
 * `kioskUploadApk` {kiosk | kioskpremium, name}: the APK of `POST /api/UploadFile` (002 §7 "File
 * upload"), streamed by the route into a temporary file while its size and SHA-256 are counted,
 * then its manifest read (package, version name and code, minimum SDK) with adbkit-apkreader;
 * a file that is not an APK is refused, nothing kept. The APK is stored in the shared file store
 * (every node serves it) and the answer is what the app editor fills the app with.
 */
export const kioskUploadApk = defineOperation({
  name: 'kioskUploadApk',
  parameter: z.object({ kiosk: flag, kioskpremium: flag, name: z.string().trim().min(1).max(255) }),
  permission: 'admin',
  async handler({ kiosk, kioskpremium, name }, ctx): Promise<UploadedApk> {
    // Both kiosks keep their apps in kiosk-apps: the premium one links them to its profiles.
    if (!isSet(kiosk) && !isSet(kioskpremium)) throw uploadRefusal(ctx, 'noFlag');
    const upload = fileChannel()?.upload;
    if (!upload) throw uploadRefusal(ctx, 'noFile');
    const company = ctx.user.companyId;
    if (company === null) throw uploadRefusal(ctx, 'noFile');
    const maxMb = ctx.config.KIOSK_MAX_APK_MB;
    try {
      const info = await withReceivedFile(upload.source, maxMb * 1024 * 1024, async (file) => {
        await upload.check();
        if (file.size === 0) throw uploadRefusal(ctx, 'noFile');
        const manifest = await readApkManifest(file.path);
        if (!manifest.package) throw uploadRefusal(ctx, 'noPackage');
        const apk = {
          name: safeFileName(name, 'file'),
          ...manifest,
          size: file.size,
          sha256: file.sha256,
        };
        await storeApk(fileStore(ctx.config, ctx.db), company, file.path, apk);
        return apk;
      });
      await recordAction(ctx, 'kiosk_apk_uploaded', {
        name: info.name,
        package: info.package,
        version: info.versionName,
        size: info.size,
        sha256: info.sha256,
      });
      return {
        Name: info.name,
        Package: info.package,
        Version: info.versionName,
        VersionCode: info.versionCode,
        MinSdk: info.minSdk,
        URL: info.name,
        Filesize: info.size,
        Checksum: info.sha256,
        Checksumtype: 'SHA-256',
      };
    } catch (error) {
      if (error instanceof NotAnApk) throw uploadRefusal(ctx, 'notApk', { detail: error.detail });
      const code = (error as { code?: string }).code;
      if (
        error instanceof ApkTooLarge ||
        error instanceof UploadTooLarge ||
        code === 'FST_REQ_FILE_TOO_LARGE'
      ) {
        throw uploadRefusal(ctx, 'tooLarge', { mb: maxMb }, 413);
      }
      throw error;
    }
  },
});

/**
 * `kioskDownloadApk` {Checksum}: an APK of the company's kiosk, to the console (through
 * `POST /api/kiosk/apk/download`, the file as an attachment); devices follow signed links instead.
 */
export const kioskDownloadApk = defineOperation({
  name: 'kioskDownloadApk',
  parameter: z.object({ Checksum: z.string().regex(/^[0-9a-f]{64}$/) }),
  permission: 'user',
  async handler({ Checksum }, ctx) {
    const company = ctx.user.companyId ?? 0;
    const store = fileStore(ctx.config, ctx.db);
    const channel = fileChannel();
    const key = apkKey(company, Checksum);
    const opened = channel ? await store.get(key) : null;
    const found = opened ?? (await store.stat(key));
    if (!found) {
      const language = languageOf(ctx.user.language);
      throw new ServiceError(kioskText(language, 'apkMissing', { checksum: Checksum }));
    }
    if (channel && opened) channel.download = opened;
    return { name: `${Checksum}.apk`, size: found.size };
  },
});
