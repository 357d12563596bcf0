import type { FastifyInstance } from 'fastify';
import {
  PROJECT_FILES_DOWNLOAD_PATH,
  PROJECT_FILES_UPLOAD_PATH,
} from '../../protocol/resources/project-files';
import { registerFileRoutes } from '../files/operation-routes';
import type { ServicesDeps } from '../services/route';
import { projectFilesText } from './texts';

/**
 * The file browser's two routes (docs/api.md): `POST /api/projects/files`, a multipart form with
 * the fields `database` and `folder` and then one file, streamed into the store; and
 * `POST /api/projects/files/download` {database, path}, the file as an attachment. Each runs its
 * services operation (uploadProjectFile, downloadProjectFile).
 */
export function registerProjectFiles(app: FastifyInstance, deps: ServicesDeps) {
  return registerFileRoutes(app, deps, {
    upload: {
      path: PROJECT_FILES_UPLOAD_PATH,
      operation: 'uploadProjectFile',
      maxBytes: deps.config.HELPDESK_MAX_UPLOAD_MB * 1024 * 1024,
      fields: 5,
      parameter: (fields, name) => ({
        database: Number(fields.database),
        folder: fields.folder ?? '',
        name,
      }),
      text: projectFilesText,
    },
    download: {
      path: PROJECT_FILES_DOWNLOAD_PATH,
      operation: 'downloadProjectFile',
      parameter: (body) => ({ database: body.database, path: body.path }),
    },
  });
}
