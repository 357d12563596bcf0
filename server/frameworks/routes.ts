import type { FastifyInstance } from 'fastify';
import {
  GENERATION_DOWNLOAD_PATH,
  TEMPLATE_MAX_BYTES,
  TEMPLATE_UPLOAD_PATH,
} from '../../protocol/frameworks';
import { registerFileRoutes } from '../files/operation-routes';
import type { ServicesDeps } from '../services/route';
import { failStaleGenerations } from './stale';
import { frameworksText } from './texts';

/**
 * The frameworks' two file routes (docs/frameworks.md): `POST /api/frameworks/template`, a
 * multipart form with the field `id` and then the version's template zip, streamed into the
 * file store (uploadFrameworkTemplate); `POST /api/frameworks/download` {id, type}, a finished
 * generation's build as an attachment (downloadFramework). At start, the generations a stopped
 * node left running are marked failed (stale.ts).
 */
export function registerFrameworkFiles(app: FastifyInstance, deps: ServicesDeps) {
  // Generations whose node stopped mid-job are failed when a node starts (and later on reads).
  app.addHook('onReady', async () => {
    await failStaleGenerations(deps.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'frameworks: stale generations not swept'),
    );
  });
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
