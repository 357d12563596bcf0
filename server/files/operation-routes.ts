import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import { multipartBoundary } from '../helpdesk/upload-route';
import type { SessionUser } from '../auth';
import { languageOf, type Language } from '../messages';
import { withFileChannel, type FileChannel } from '../project-files/channel';
import { UploadTooLarge } from '../project-files/operations';
import { callerOrRefused, executeOperation, type ServicesDeps } from '../services/route';

/** `filename*` (RFC 6266/5987) keeps any name intact; the plain `filename` is its ASCII twin. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type Caller = SessionUser;

/** One console file route pair: a multipart upload and a download, each a services operation. */
export interface FileRoutes {
  upload: {
    path: string;
    operation: string;
    /** Bytes one file may have, and how many form fields come before it. */
    maxBytes: number;
    fields: number;
    /** The operation's parameter from the fields sent before the file, and the file's name. */
    parameter(fields: Record<string, string>, filename: string): unknown;
    /** The refusals of a request that is not a form with one file. */
    text(language: Language, key: 'notMultipart' | 'noFile'): string;
  };
  download: {
    path: string;
    operation: string;
    /** The operation's parameter from the JSON body (validated by the operation itself). */
    parameter(body: Record<string, unknown>): unknown;
  };
}

/**
 * Registers a console file route pair (the project file browser, the update files). Each request
 * runs its operation through executeOperation, so permission, menu gate, company state,
 * validation and refusals are those of every operation; the file's bytes pass through the
 * operation's FileChannel, streamed, never held whole.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  deps: ServicesDeps,
  routes: FileRoutes,
) {
  const caller = (request: FastifyRequest, reply: FastifyReply): Promise<Caller | null> =>
    callerOrRefused(request, reply, deps);

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

  const { upload, download } = routes;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: upload.maxBytes,
        files: 1,
        fields: upload.fields,
        fieldSize: 2000,
        parts: upload.fields + 1,
      },
    });
    scope.post(upload.path, async (request, reply) => {
      const user = await caller(request, reply);
      if (!user) return reply;
      const language = languageOf(request.headers['accept-language']);
      const refuse = (status: number, key: 'notMultipart' | 'noFile') =>
        reply.code(status).send(errorResponse(ErrorCode.invalid, upload.text(language, key)));
      if (!request.isMultipart() || !multipartBoundary(request.headers['content-type'])) {
        return refuse(415, 'notMultipart');
      }
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const source = {
            source: part.file,
            check: async () => {
              if (part.file.truncated) throw new UploadTooLarge();
            },
          };
          // The fields come before the file, so that it streams straight into the store.
          const parameter = upload.parameter(fields, part.filename || 'file');
          const { status, body } = await withFileChannel({ upload: source }, () =>
            run(request, user, upload.operation, parameter),
          );
          // A refusal before the file was read: drain it, so the answer reaches the browser.
          if (!part.file.destroyed) part.file.resume();
          return reply.code(status).send(body);
        }
      } catch (error) {
        if (!(error as { code?: string }).code?.startsWith('FST_')) throw error;
        return refuse(400, 'notMultipart');
      }
      return refuse(400, 'noFile');
    });
  });

  app.post(download.path, async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const json = request.body;
    const body = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
    const channel: FileChannel = {};
    const answered = await withFileChannel(channel, () =>
      run(request, user, download.operation, download.parameter(body)),
    );
    const file = channel.download;
    if (answered.status !== 200 || answered.body.error.code !== ErrorCode.ok || !file) {
      file?.stream.destroy();
      // A refusal of a file is not a 200: the browser's download must not save the envelope.
      return reply.code(answered.status === 200 ? 400 : answered.status).send(answered.body);
    }
    const name = (answered.body.result as { name: string }).name;
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
}
