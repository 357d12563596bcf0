import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, type SessionUser } from '../auth';
import { frameworkErrors } from '../framework-errors';
import { loadIdentityKeys, type IdentityKeys } from '../identity/keys';
import { languageOf, message } from '../messages';
import { authenticate, type ServicesDeps } from '../services/route';
import { exchangeIdToken } from './access-token';
import { DataRefusal, serveData } from './serve';
import { dataServiceText } from './texts';

/** The largest body the data service reads: a record or a report's macros, not a file. */
export const DATA_SERVICE_BODY_LIMIT = 256 * 1024;

/** The answer of every data-service call (002 §7): `data` is a JSON text, or null with `err`. */
export interface DataServiceResponse {
  err: string | null;
  data: string | null;
}

const answer = (data: unknown): DataServiceResponse => ({
  err: null,
  data: JSON.stringify(data ?? null),
});
const refusal = (text: string): DataServiceResponse => ({ err: text, data: null });

/**
 * `POST /api/Global/DataService` (no authorisation: what a project marks public),
 * `POST /api/Global/DataServiceAuth` (bearer) and `GET /api/Global/GetAccessToken` (an ID
 * token for an access token): docs/api.md, "The data service for apps". Every answer, refusals
 * and broken bodies too, is `{err, data}`; callers resolve null when `err` is set (002 §8).
 */
export async function registerDataService(app: FastifyInstance, deps: ServicesDeps) {
  const keys = deps.config.embeddedIssuer ? await loadIdentityKeys(deps.db) : null;
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const language = languageOf(request.headers['accept-language']);
      const known = error.code ? frameworkErrors[error.code] : undefined;
      if (known) {
        const vars = { limit: DATA_SERVICE_BODY_LIMIT };
        return reply.code(known.status).send(refusal(message(language, known.key, vars)));
      }
      request.log.error({ err: error }, 'data service call failed');
      return reply.code(500).send(refusal(message(language, 'internal')));
    });
    const options = { bodyLimit: DATA_SERVICE_BODY_LIMIT };
    scope.post('/api/Global/DataService', options, dataCall(deps, false));
    scope.post('/api/Global/DataServiceAuth', options, dataCall(deps, true));
    scope.get('/api/Global/GetAccessToken', accessTokenCall(deps, keys));
  });
}

function dataCall(deps: ServicesDeps, authorised: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    let user: SessionUser | null = null;
    try {
      if (authorised) user = await authenticate(request, deps);
      return answer(await serveData({ request, deps, language, user, body: request.body }));
    } catch (error) {
      if (error instanceof AuthError) return reply.code(401).send(refusal(error.text(language)));
      if (error instanceof DataRefusal)
        return reply.code(error.status).send(refusal(error.message));
      throw error;
    }
  };
}

function accessTokenCall(deps: ServicesDeps, keys: IdentityKeys | null) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    if (!keys) {
      const text = dataServiceText(language, 'embeddedOnly', { issuer: deps.config.issuer });
      return refusal(text);
    }
    const query = request.query as Record<string, unknown>;
    const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const given = typeof query.id_token === 'string' ? query.id_token : header;
    if (!given || given.length > 16_384) {
      return reply.code(401).send(refusal(dataServiceText(language, 'idTokenMissing')));
    }
    try {
      return answer(await exchangeIdToken(given, { ...deps, keys, language }));
    } catch (error) {
      if (error instanceof DataRefusal)
        return reply.code(error.status).send(refusal(error.message));
      throw error;
    }
  };
}
