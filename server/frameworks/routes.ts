import type { FastifyInstance } from 'fastify';
import {
  GENERATION_DOWNLOAD_PATH,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_UPLOAD_PATH,
} from '../../protocol/frameworks';
import { registerFileRoutes } from '../files/operation-routes';
import type { ServicesDeps } from '../services/route';
import { frameworksText } from './texts';

/**
 * The frameworks' two file routes (docs/frameworks.md): `POST /api/frameworks/template`, a
 * multipart form with the field `id` and then the version's template zip, streamed into the
 * file store (uploadFrameworkTemplate); `POST /api/frameworks/download` {id, type}, a finished
 * generation's build as an attachment (downloadFramework).
 */
export function registerFrameworkFiles(app: FastifyInstance, deps: ServicesDeps) {
  return registerFileRoutes(app, deps, {
    upload: {
      path: TEMPLATE_UPLOAD_PATH,
      operation: 'uploadFrameworkTemplate',
      maxBytes: TEMPLATE_MAX_BYTES,
      fields: 2,
      parameter: (fields, filename) => ({ id: Number(fields.id), name: filename }),
      text: frameworksText,
    },
    download: {
      path: GENERATION_DOWNLOAD_PATH,
      operation: 'downloadFramework',
      parameter: (body) => ({ id: body.id, type: body.type }),
    },
  });
}
