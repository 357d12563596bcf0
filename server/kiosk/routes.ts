import type { FastifyInstance } from 'fastify';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import { UPLOAD_FILE_PATH } from '../../protocol/kiosk';
import { fileStore } from '../files/index';
import { registerFileRoutes } from '../files/operation-routes';
import { languageOf } from '../messages';
import type { ServicesDeps } from '../services/route';
import { registerKioskActions } from './actions-route';
import { registerKioskEnrol } from './premium/enrol';
import { registerPremiumKiosk } from './premium/routes';
import { apkKey } from './apk-store';
import { deviceConfig } from './device-config';
import { KIOSK_APK_PATH, KIOSK_DEVICE_CONFIG_PATH, linkIsValid } from './signed-link';
import { kioskText } from './texts';

export const KIOSK_DOWNLOAD_PATH = '/api/kiosk/apk/download';

/**
 * The simple kiosk's routes (docs/kiosk.md): `POST /api/kiosk/Actions`; `POST /api/UploadFile`, a
 * multipart form with the field `kiosk` then one APK (kioskUploadApk); `POST /api/kiosk/apk/download`
 * {Checksum} for the console; and the two signed links devices follow without a session:
 * `GET /api/kiosk/apk/<company>/<sha256>.apk` and `GET /api/kiosk/device-config/<company>`.
 */
export async function registerKiosk(app: FastifyInstance, deps: ServicesDeps) {
  registerKioskActions(app, deps);
  registerPremiumKiosk(app, deps);
  registerKioskEnrol(app, deps);
  await registerFileRoutes(app, deps, {
    upload: {
      path: UPLOAD_FILE_PATH,
      operation: 'kioskUploadApk',
      maxBytes: deps.config.KIOSK_MAX_APK_MB * 1024 * 1024,
      fields: 3,
      parameter: (fields, name) => ({
        kiosk: fields.kiosk,
        kioskpremium: fields.kioskpremium,
        name,
      }),
      text: (language, key) => kioskText(language, key),
    },
    download: {
      path: KIOSK_DOWNLOAD_PATH,
      operation: 'kioskDownloadApk',
      parameter: (body) => ({ Checksum: body.Checksum }),
    },
  });

  const refused = (language: string | undefined) =>
    errorResponse(ErrorCode.forbidden, kioskText(languageOf(language), 'badLink'));

  app.get<{
    Params: { company: string; file: string };
    Querystring: { expires?: string; signature?: string };
  }>(`${KIOSK_APK_PATH}/:company/:file`, async (request, reply) => {
    const { company, file } = request.params;
    const sha256 = /^([0-9a-f]{64})\.apk$/.exec(file)?.[1];
    const { expires, signature } = request.query;
    const subject = `apk/${company}/${sha256}`;
    if (
      !/^\d{1,10}$/.test(company) ||
      !sha256 ||
      !(await linkIsValid(deps.config, deps.db, subject, expires, signature))
    ) {
      return reply.code(403).send(refused(request.headers['accept-language']));
    }
    const opened = await fileStore(deps.config, deps.db).get(apkKey(Number(company), sha256));
    if (!opened) return reply.code(404).send(refused(request.headers['accept-language']));
    return reply
      .header('content-type', 'application/vnd.android.package-archive')
      .header('content-length', opened.size)
      .header('cache-control', 'private, max-age=3600')
      .send(opened.stream);
  });

  app.get<{
    Params: { company: string };
    Querystring: { expires?: string; signature?: string };
  }>(`${KIOSK_DEVICE_CONFIG_PATH}/:company`, async (request, reply) => {
    const { company } = request.params;
    const { expires, signature } = request.query;
    if (
      !/^\d{1,10}$/.test(company) ||
      !(await linkIsValid(deps.config, deps.db, `config/${company}`, expires, signature))
    ) {
      return reply.code(403).send(refused(request.headers['accept-language']));
    }
    return deviceConfig(deps.config, deps.db, Number(company));
  });
}
