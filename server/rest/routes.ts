import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import type { Verb } from '../../protocol/resource-definition';
import { AuthError } from '../auth';
import { languageOf, type Language } from '../messages';
import { authenticate, type ServicesDeps } from '../services/route';
import { keyOf } from './calls';
import { callResource, RestRefusal } from './resource-call';
import { BadQuery } from './query';
import { restText } from './texts';

type Params = { resource: string; database?: string; id?: string };

/**
 * The envelope of a refusal, with `message` beside it: react-admin's fetchJson makes an
 * HttpError's message of the body's `message`.
 */
const refusalBody = (code: string, description: string) => ({
  ...errorResponse(code, description),
  message: description,
});

/**
 * `/api/rest/<resource>` and `/api/rest/projects/<numero>/<resource>` (docs/api.md): every
 * declared resource in the dialect of ra-data-simple-rest, through the same operations, checks
 * and texts as `/api/services`.
 */
export function registerRestApi(app: FastifyInstance, deps: ServicesDeps): void {
  for (const prefix of ['/api/rest/:resource', '/api/rest/projects/:database/:resource']) {
    app.get(prefix, handle(deps, 'list'));
    app.get(`${prefix}/:id`, handle(deps, 'show'));
    app.post(prefix, handle(deps, 'create'));
    app.put(`${prefix}/:id`, handle(deps, 'edit'));
    app.delete(`${prefix}/:id`, handle(deps, 'delete'));
  }
}

function handle(deps: ServicesDeps, verb: Verb) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    try {
      return await answer(request, reply, deps, verb, language);
    } catch (error) {
      if (error instanceof RestRefusal) {
        return reply.code(error.status).send(refusalBody(error.code, error.description));
      }
      if (error instanceof AuthError) {
        return reply.code(401).send(errorResponse(ErrorCode.unauthenticated, error.text(language)));
      }
      if (error instanceof BadQuery) {
        const text = restText(language, 'badQuery', {
          param: error.param,
          expected: error.expected,
        });
        return reply.code(400).send(refusalBody(ErrorCode.invalid, text));
      }
      throw error;
    }
  };
}

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ServicesDeps,
  verb: Verb,
  language: Language,
) {
  const params = request.params as Params;
  const user = await authenticate(request, deps);
  const answered = await callResource({
    request,
    deps,
    user,
    language,
    resource: params.resource,
    database: params.database,
    verb,
    id: params.id === undefined ? undefined : keyOf(params.id),
    body: (request.body ?? {}) as Record<string, unknown>,
    query: request.query as Record<string, unknown>,
    channel: 'rest',
  });
  if (answered.kind === 'record') {
    return answered.created ? reply.code(201).send(answered.record) : answered.record;
  }
  if (answered.kind === 'rows') return answered.rows;
  const { rows, start, end, total } = answered;
  return reply
    .header('Content-Range', `${params.resource} ${start}-${end}/${total}`)
    .header('Access-Control-Expose-Headers', 'Content-Range')
    .send(rows);
}
