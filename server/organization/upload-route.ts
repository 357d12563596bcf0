import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_UPLOAD_PATH,
} from '../../protocol/resources/certificates';
import { multipartBoundary } from '../helpdesk/upload-route';
import { languageOf } from '../messages';
import { organizationText } from '../services/organization/texts';
import { callerOrRefused, executeOperation, type ServicesDeps } from '../services/route';

class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    readonly key: Parameters<typeof organizationText>[1],
  ) {
    super(key);
  }
}

/** The form's fields and its one file, read whole (a certificate is small: CERTIFICATE_MAX_BYTES). */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart() || !multipartBoundary(request.headers['content-type'])) {
    throw new UploadRefusal(415, 'notMultipart');
  }
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new UploadRefusal(413, 'tooLarge');
    file = { name: part.filename, bytes };
  }
  if (!file) throw new UploadRefusal(400, 'noFile');
  return { fields, file };
}

/**
 * `POST /api/organization/certificates`: the console's certificate upload, a multipart form with
 * the certificate's fields and its file, answered as the services call `uploadCertificate` it
 * becomes (same permission, menu gate, validation and envelope).
 */
export async function registerCertificateUpload(
  app: FastifyInstance,
  deps: ServicesDeps,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
    });
    scope.post(CERTIFICATE_UPLOAD_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
      const language = languageOf(request.headers['accept-language']);
      const user = await callerOrRefused(request, reply, deps);
      if (!user) return reply;
      let form;
      try {
        form = await readForm(request);
      } catch (error) {
        const known =
          error instanceof UploadRefusal
            ? error
            : (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
              ? new UploadRefusal(413, 'tooLarge')
              : (error as { code?: string }).code?.startsWith('FST_')
                ? new UploadRefusal(400, 'notMultipart')
                : null;
        if (!known) throw error;
        const code = known.status === 413 ? ErrorCode.tooLarge : ErrorCode.invalid;
        const text = organizationText(language, known.key, { kb: CERTIFICATE_MAX_BYTES / 1024 });
        return reply.code(known.status).send(errorResponse(code, text));
      }
      const name = 'uploadCertificate';
      const { status, body } = await executeOperation({
        request,
        deps,
        user,
        operation: deps.registry.get(name)!,
        name,
        parameter: {
          ...form.fields,
          file: form.file.bytes.toString('base64'),
          file_name: form.file.name,
        },
        root: 'parameter',
      });
      return reply.code(status).send(body);
    });
  });
}
