import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import { describeUnstorable, findUnstorable } from '../db/storable';
import { languageOf } from '../messages';
import type { DeviceDirectory, DeviceHome } from './directory';
import { parseDeviceAuthorization } from './secrets';
import { deviceText, type DeviceTextKey } from './texts';

/** A refusal of the device API: becomes the error envelope with this HTTP status and code. */
export class DeviceRefusal extends Error {
  constructor(
    readonly status: number,
    readonly key: DeviceTextKey,
    readonly vars: Record<string, string | number> = {},
    readonly code: string = status === 401 ? ErrorCode.unauthenticated : ErrorCode.invalid,
  ) {
    super(key);
  }
}

/** 403: the device's company is disabled (000 §6); every device call waits until it is enabled. */
export function companyInactive(): DeviceRefusal {
  return new DeviceRefusal(403, 'companyInactive', {}, ErrorCode.forbidden);
}

export function sendRefusal(request: FastifyRequest, reply: FastifyReply, refusal: DeviceRefusal) {
  const text = deviceText(request.headers['accept-language'], refusal.key, refusal.vars);
  return reply.code(refusal.status).send(errorResponse(refusal.code, text));
}

/** A device-API route whose DeviceRefusal becomes its error envelope. */
export function refusing(
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
      throw error;
    }
  };
}

/** The device whose credential a request carries, or the 401 refusal. */
export async function authenticatedDevice(
  directory: DeviceDirectory,
  request: FastifyRequest,
): Promise<DeviceHome> {
  const credential = parseDeviceAuthorization(request.headers.authorization);
  if (!credential) throw new DeviceRefusal(401, 'noCredential');
  const home = await directory.authenticate(credential);
  if (!home) throw new DeviceRefusal(401, 'badCredential');
  return home;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}

/**
 * Parses a request's JSON body with its schema, or throws the 400 refusal that names what is
 * wrong: first a text PostgreSQL cannot store anywhere in the body (server/db/storable.ts).
 */
export function parseBody<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  const body = request.body;
  if (typeof body === 'string' || body instanceof Buffer) {
    throw new DeviceRefusal(415, 'badMediaType');
  }
  const unstorable = findUnstorable(body, 'body');
  if (unstorable) {
    const language = languageOf(request.headers['accept-language']);
    throw new DeviceRefusal(400, 'badBody', { detail: describeUnstorable(unstorable, language) });
  }
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success)
    throw new DeviceRefusal(400, 'badBody', { detail: describeIssues(parsed.error) });
  return parsed.data;
}
