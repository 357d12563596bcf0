import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorCode,
  errorResponse,
  okResponse,
  servicesResponse,
  type ServiceResponse,
} from '../../protocol/envelope';
import { AuthError, loadSessionUser, type SessionUser, type TokenVerifier } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { isValueRefused } from '../db/errors';
import { asCaller } from '../actions-log';
import type { SqlSandbox } from '../db/sandbox';
import { describeUnstorable, findUnstorable } from '../db/storable';
import { languageOf, message } from '../messages';
import { fieldIssueTexts } from '../resources/record-parameter';
import { menuGateRefusal } from './access/menu-gate';
import { inactiveCompanyRefusal } from './admin/active-company';
import { boundRefusal } from './projects/access';
import { companyCallOfBoundClient, namedOutsideBinding } from './projects/binding';
import { isPermitted, ServiceError, type Operation, type OperationRegistry } from './registry';

/** Answers shaped `{data, total}` whose total is not a count of rows (a chart's sum). */
const NOT_PAGES = new Set(['graph']);

const envelopeSchema = z.object({
  operation: z.string().min(1).max(100),
  parameter: z.unknown().optional(),
});

export interface ServicesDeps {
  config: Config;
  db: Db;
  sandbox: SqlSandbox;
  registry: OperationRegistry;
  verifyToken: TokenVerifier;
}

function describeIssues(error: z.ZodError, root: string): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || root}: ${issue.message}`)
    .join('; ');
}

/** The caller of a bearer-authenticated request, or an AuthError saying why not. */
export async function authenticate(request: FastifyRequest, deps: ServicesDeps) {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new AuthError('noToken');
  const claims = await deps.verifyToken(token);
  return loadSessionUser(deps.db, deps.config, claims);
}

/**
 * The caller of a bearer-authenticated request, or null once the 401 with the error envelope (in
 * the request's language) has been sent: the one answer of every route to a caller without a
 * token that holds.
 */
export async function callerOrRefused(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ServicesDeps,
): Promise<SessionUser | null> {
  try {
    return await authenticate(request, deps);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const text = error.text(languageOf(request.headers['accept-language']));
    await reply.code(401).send(errorResponse(ErrorCode.unauthenticated, text));
    return null;
  }
}

/**
 * The reads that take no parameter and are also served by `GET /api/services/<operation>`
 * (002 §7: "Project list at login (without body), and a list-all-projects variant. A GET variant
 * is also supported."): the same checks and envelope as by POST.
 */
export const GET_OPERATIONS: readonly string[] = ['loginProjects', 'projects'];

/** `POST /api/services`: the operation registry behind the specification's `{operation, parameter}` calls. */
export function registerServices(app: FastifyInstance, deps: ServicesDeps): void {
  app.get<{ Params: { operation: string } }>('/api/services/:operation', async (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const name = request.params.operation;
    const operation = GET_OPERATIONS.includes(name) ? deps.registry.get(name) : undefined;
    if (!operation) {
      const text = message(language, 'notByGet', {
        operation: name,
        list: GET_OPERATIONS.join(', '),
      });
      return reply.code(405).send(errorResponse(ErrorCode.invalid, text));
    }
    return runAuthenticated({ request, reply, deps, operation, name, parameter: {} });
  });
  app.post('/api/services', async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    if (typeof request.body === 'string') {
      return reply
        .code(415)
        .send(errorResponse(ErrorCode.invalid, message(language, 'badMediaType')));
    }
    const envelope = envelopeSchema.safeParse(request.body);
    if (!envelope.success)
      return errorResponse(ErrorCode.invalid, message(language, 'badEnvelope'));
    const { operation: name, parameter } = envelope.data;

    const operation = deps.registry.get(name);
    return runAuthenticated({ request, reply, deps, operation, name, parameter });
  });
}

/**
 * A call by POST or GET: its caller from the bearer token (401 without one that holds), then an
 * unknown operation refused (after the token, so that nothing is told to a stranger), then the
 * operation itself.
 */
async function runAuthenticated(call: {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: ServicesDeps;
  operation: Operation | undefined;
  name: string;
  parameter: unknown;
}) {
  const { request, reply, deps, operation, name } = call;
  const language = languageOf(request.headers['accept-language']);
  const user = await callerOrRefused(request, reply, deps);
  if (!user) return reply;
  if (!operation) {
    return errorResponse(
      ErrorCode.invalid,
      message(language, 'unknownOperation', { operation: name }),
    );
  }
  return runOperation({ ...call, user, operation, root: 'parameter' });
}

interface OperationCall {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: ServicesDeps;
  user: Awaited<ReturnType<typeof authenticate>>;
  operation: Operation;
  /** The name the caller used (an operation or an MDM `oper`). */
  name: string;
  /** Aborted when the caller goes away (runOperation sets it). */
  signal?: AbortSignal;
  parameter: unknown;
  /** How a problem with the whole parameter is named in the description. */
  root: string;
  /** The REST API and the data service say so; the services endpoint is the console's. */
  channel?: 'console' | 'rest' | 'data-service';
}

/** What running an operation answered: the HTTP status and the envelope. */
export interface Executed {
  status: number;
  body: ServiceResponse<unknown>;
  /** A refusal's own REST status (ServiceError.restStatus). */
  restStatus?: number;
}

/** Aborts when the connection closes before the answer was written (the console cancelled). */
function callerGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) controller.abort();
  });
  return controller.signal;
}

/**
 * Validates the parameter, checks the permission and runs the handler, answering the envelope:
 * shared by /api/services and the MDM endpoint, which differ only in how they find the operation.
 */
export async function runOperation(call: OperationCall) {
  const { status, body } = await executeOperation({ ...call, signal: callerGone(call.reply) });
  return status === 200 ? body : call.reply.code(status).send(body);
}

/**
 * The whole of a call but the sending: the REST API (server/rest/) answers the same checks with
 * its own statuses and bodies.
 */
export async function executeOperation(call: Omit<OperationCall, 'reply'>): Promise<Executed> {
  const refuse = (status: number, code: string, text: string): Executed => ({
    status,
    body: errorResponse(code, text),
  });
  const { request, deps, user, operation, name } = call;
  const language = languageOf(request.headers['accept-language']);
  // Texts PostgreSQL cannot store are refused here, for every operation, before any schema.
  const unstorable = findUnstorable(call.parameter, call.root);
  if (unstorable) {
    const detail = describeUnstorable(unstorable, language);
    return refuse(
      200,
      ErrorCode.invalid,
      message(language, 'badParameter', { operation: name, detail }),
    );
  }
  // A declared resource's fields are refused by their labels, without the operation's name,
  // in the language of the screen that sent them, else the user's own.
  const fieldLanguage = request.headers['accept-language'] ? language : languageOf(user.language);
  const parsed = operation.parameter.safeParse(call.parameter ?? {});
  if (!parsed.success) {
    const fieldTexts = fieldIssueTexts(parsed.error, fieldLanguage);
    if (fieldTexts) return refuse(200, ErrorCode.invalid, fieldTexts);
    const detail = describeIssues(parsed.error, call.root);
    return refuse(
      200,
      ErrorCode.invalid,
      message(language, 'badParameter', { operation: name, detail }),
    );
  }
  const ctx = {
    db: deps.db,
    sandbox: deps.sandbox,
    config: deps.config,
    user,
    log: request.log,
    address: request.ip,
    signal: call.signal,
    language: fieldLanguage,
    channel:
      call.channel === 'data-service'
        ? call.channel
        : user.apiClient
          ? ('api-client' as const)
          : (call.channel ?? 'console'),
  };
  // A token of a client bound to a project names no other (docs/identity.md).
  const outside = namedOutsideBinding(user, parsed.data);
  if (outside !== null) {
    request.log.warn({ operation: name, user: user.login }, 'operation refused: client binding');
    const refused = boundRefusal({ ...user, language: fieldLanguage }, outside);
    return refuse(refused.status, refused.code, refused.message);
  }
  const adminOnly = operation.permission === 'admin' || operation.permission === 'topadmin';
  if (adminOnly && companyCallOfBoundClient(user, parsed.data)) {
    request.log.warn({ operation: name, user: user.login }, 'operation refused: client binding');
    const vars = { bound: user.boundProject?.numero ?? '', operation: name };
    return refuse(403, ErrorCode.forbidden, message(fieldLanguage, 'clientBoundCompany', vars));
  }
  if (!(await isPermitted(operation.permission, parsed.data, ctx))) {
    request.log.warn({ operation: name, user: user.login }, 'operation refused: no permission');
    return refuse(403, ErrorCode.forbidden, message(language, 'forbidden', { operation: name }));
  }
  const gateName = operation.aliasOf ?? operation.name;
  const inactive = inactiveCompanyRefusal(user, gateName, language);
  if (inactive) return refuse(403, ErrorCode.forbidden, inactive);
  // The caller's menu tree for the operation's area (002 §6; services/access/menu-gate.ts).
  const denied = await menuGateRefusal(gateName, parsed.data, ctx, language);
  if (denied) {
    request.log.warn({ operation: name, user: user.login }, 'operation refused: access tree');
    return refuse(403, ErrorCode.forbidden, denied);
  }
  try {
    const result = await asCaller(request.ip, () => operation.handler(parsed.data, ctx));
    // A chart's `{data, total}` counts devices, not rows: not a page (001 §7 recordsTotal).
    const body = NOT_PAGES.has(gateName) ? okResponse(result) : servicesResponse(result);
    return { status: 200, body };
  } catch (error) {
    if (isValueRefused(error)) {
      // A value the schemas let through and the database did not take: the caller's to fix.
      request.log.warn({ err: error, operation: name }, 'operation refused: value not stored');
      const detail = message(language, 'valueRefused');
      return refuse(
        200,
        ErrorCode.invalid,
        message(language, 'badParameter', { operation: name, detail }),
      );
    }
    if (!(error instanceof ServiceError)) throw error;
    return { ...refuse(error.status, error.code, error.message), restStatus: error.restStatus };
  }
}
