import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import { AuthError, loadSessionUser, type TokenVerifier } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { SqlSandbox } from '../db/sandbox';
import { languageOf, message } from '../messages';
import { databaseSchema, requireProject } from '../services/projects/access';
import { ServiceError, type OperationContext } from '../services/registry';
import { describeIssues } from '../device/refusal';
import { helpdeskDevice } from '../services/remote/helpdesk-device';
import { HelpdeskPathError, openDeviceFile } from './store';
import { helpdeskText } from './texts';

export interface HelpdeskDownloadDeps {
  config: Config;
  db: Db;
  sandbox: SqlSandbox;
  verifyToken: TokenVerifier;
}

const downloadSchema = z.object({
  database: databaseSchema,
  mid: z.string().min(1).max(64),
  filePath: z.string().min(1).max(300),
});

/** `filename*` (RFC 6266/5987) keeps any name intact; the plain `filename` is its ASCII twin. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `POST /api/helpdesk/download` {database, mid, filePath}: a help-desk file as an attachment
 * (001 §7 "Help-desk download: POST {filePath}"). A file is a stream, not an envelope, so the
 * refusals here use HTTP statuses: 400 a bad body, path or project, 401, 403, 404 no such file.
 */
export function registerHelpdeskDownload(
  app: FastifyInstance,
  { config, db, sandbox, verifyToken }: HelpdeskDownloadDeps,
): void {
  app.post('/api/helpdesk/download', async (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers['accept-language'];
    const refuse = (status: number, code: string, text: string) =>
      reply.code(status).send(errorResponse(code, text));

    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token)
      return refuse(401, ErrorCode.unauthenticated, message(languageOf(accept), 'noToken'));
    let user;
    try {
      user = await loadSessionUser(db, config, await verifyToken(token));
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return refuse(401, ErrorCode.unauthenticated, error.text(languageOf(accept)));
    }

    const body = downloadSchema.safeParse(request.body ?? {});
    if (!body.success) {
      const detail = describeIssues(body.error);
      return refuse(400, ErrorCode.invalid, helpdeskText(accept, 'badBody', { detail }));
    }
    const { database, mid, filePath } = body.data;
    const ctx: OperationContext = { db, sandbox, config, user, log: request.log };
    try {
      const project = await requireProject(ctx, database);
      if (!project.can('devices', 'show')) {
        return refuse(403, ErrorCode.forbidden, helpdeskText(accept, 'forbidden'));
      }
      const { files } = await helpdeskDevice(ctx, project, { mid });
      const file = await openDeviceFile(files, filePath);
      if (!file) {
        return refuse(404, ErrorCode.invalid, helpdeskText(accept, 'notFound', { path: filePath }));
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'no-store')
        .send(file.stream);
    } catch (error) {
      if (error instanceof HelpdeskPathError) {
        return refuse(400, ErrorCode.invalid, helpdeskText(accept, 'badPath', { path: filePath }));
      }
      if (error instanceof ServiceError) return refuse(400, error.code, error.message);
      throw error;
    }
  });
}
