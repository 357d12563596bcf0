import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import {
  PROJECT_FILES_DOWNLOAD_PATH,
  PROJECT_FILES_UPLOAD_PATH,
} from '../../protocol/resources/project-files';
import { AuthError } from '../auth';
import { multipartBoundary } from '../helpdesk/upload-route';
import { languageOf } from '../messages';
import { authenticate, executeOperation, type ServicesDeps } from '../services/route';
import { withFileChannel, type FileChannel } from './channel';
import { UploadTooLarge } from './operations';
import { projectFilesText } from './texts';

/** `filename*` (RFC 6266/5987) keeps any name intact; the plain `filename` is its ASCII twin. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type Caller = Awaited<ReturnType<typeof authenticate>>;

/**
 * The file browser's two routes (docs/api.md): `POST /api/projects/files`, a multipart form with
 * the fields `database` and `folder` and then one file, streamed into the store; and
 * `POST /api/projects/files/download` {database, path}, the file as an attachment. Each runs its
 * services operation (uploadProjectFile, downloadProjectFile) through executeOperation, so
 * permission, menu gate, company state, validation and refusals are those of every operation.
 */
export async function registerProjectFiles(app: FastifyInstance, deps: ServicesDeps) {
  async function caller(request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
    try {
      return await authenticate(request, deps);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const text = error.text(languageOf(request.headers['accept-language']));
      await reply.code(401).send(errorResponse(ErrorCode.unauthenticated, text));
      return null;
    }
  }

  const run = (request: FastifyRequest, user: Caller, name: string, parameter: unknown) =>
    executeOperation({
      request,
      deps,
      user,
      operation: deps.registry.get(name)!,
      name,
      parameter,
      root: 'parameter',
    });

  await app.register(async (scope) => {
    const maxBytes = deps.config.HELPDESK_MAX_UPLOAD_MB * 1024 * 1024;
    await scope.register(multipart, {
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 2000, parts: 6 },
    });
    scope.post(PROJECT_FILES_UPLOAD_PATH, async (request, reply) => {
      const user = await caller(request, reply);
      if (!user) return reply;
      const language = languageOf(request.headers['accept-language']);
      const refuse = (key: 'notMultipart' | 'noFile') =>
        reply.code(400).send(errorResponse(ErrorCode.invalid, projectFilesText(language, key)));
      if (!request.isMultipart() || !multipartBoundary(request.headers['content-type'])) {
        return reply
          .code(415)
          .send(errorResponse(ErrorCode.invalid, projectFilesText(language, 'notMultipart')));
      }
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const upload = {
            source: part.file,
            check: async () => {
              if (part.file.truncated) throw new UploadTooLarge();
            },
          };
          const parameter = {
            database: Number(fields.database),
            folder: fields.folder ?? '',
            name: part.filename || 'file',
          };
          const { status, body } = await withFileChannel({ upload }, () =>
            run(request, user, 'uploadProjectFile', parameter),
          );
          // A refusal before the file was read: drain it, so the answer reaches the browser.
          if (!part.file.destroyed) part.file.resume();
          return reply.code(status).send(body);
        }
      } catch (error) {
        if (!(error as { code?: string }).code?.startsWith('FST_')) throw error;
        return refuse('notMultipart');
      }
      return refuse('noFile');
    });
  });

  app.post(PROJECT_FILES_DOWNLOAD_PATH, async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const parameter = z
      .object({ database: z.unknown(), path: z.unknown() })
      .safeParse(request.body ?? {});
    const channel: FileChannel = {};
    const { status, body } = await withFileChannel(channel, () =>
      run(request, user, 'downloadProjectFile', parameter.success ? parameter.data : {}),
    );
    const file = channel.download;
    if (status !== 200 || body.error.code !== ErrorCode.ok || !file) {
      file?.stream.destroy();
      // A refusal of a file is not a 200: the browser's download must not save the envelope.
      return reply.code(status === 200 ? 400 : status).send(body);
    }
    const name = (body.result as { name: string }).name;
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
}
