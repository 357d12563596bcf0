import type { FastifyInstance } from 'fastify';
import {
  UPDATE_DOWNLOAD_PATH,
  UPDATE_FILE_BYTES_MAX,
  UPDATE_UPLOAD_PATH,
} from '../../protocol/updates';
import { registerFileRoutes } from '../files/operation-routes';
import type { ServicesDeps } from '../services/route';
import { updatesText } from './texts';

/**
 * The update files' two routes (docs/updates.md): `POST /api/updates/upload`, a multipart form
 * with the fields `database`, `alias` (the TempDirectory), `numero` and `folder` and then the
 * file, streamed into the FileStore (000 §4 "Publish flow", step 2); and
 * `POST /api/updates/download` {database, version, numero}, the file as an attachment (001 §7).
 * Each runs its operation (uploadUpdateFile, downloadUpdateFile; file-operations.ts).
 */
export function registerUpdateFiles(app: FastifyInstance, deps: ServicesDeps) {
  return registerFileRoutes(app, deps, {
    upload: {
      path: UPDATE_UPLOAD_PATH,
      operation: 'uploadUpdateFile',
      maxBytes: UPDATE_FILE_BYTES_MAX,
      fields: 6,
      parameter: (fields) => ({
        database: Number(fields.database),
        alias: fields.alias ?? '',
        numero: Number(fields.numero),
        folder: fields.folder ?? '',
      }),
      text: updatesText,
    },
    download: {
      path: UPDATE_DOWNLOAD_PATH,
      operation: 'downloadUpdateFile',
      parameter: (body) => ({
        database: body.database,
        version: body.version,
        numero: body.numero,
      }),
    },
  });
}
