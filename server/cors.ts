import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/**
 * The endpoints another Flota console calls from its own origin (external environments), and
 * the data service a generated web app calls from its own (an origin of TRUSTED_ORIGINS).
 */
const CORS_PATHS = new Set([
  '/api/services',
  '/api/config',
  '/api/version',
  '/api/Global/DataService',
  '/api/Global/DataServiceAuth',
  '/api/Global/GetAccessToken',
]);

/** The origins whose consoles may call the API: this server's own and TRUSTED_ORIGINS. */
export function apiOrigins(config: Config): Set<string> {
  return new Set([new URL(config.PUBLIC_URL).origin, ...config.TRUSTED_ORIGINS]);
}

/**
 * CORS for the API paths above: a request from an allowed origin gets
 * `Access-Control-Allow-Origin` naming it, and its preflight (OPTIONS) is answered here with
 * the methods and headers the console sends. Other origins get no CORS headers, so their
 * browsers refuse to show them the answer.
 */
export function registerApiCors(app: FastifyInstance, config: Config): void {
  const allowed = apiOrigins(config);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!CORS_PATHS.has(path)) return;
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    if (request.method !== 'OPTIONS') return;
    return reply
      .code(204)
      .headers({
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept-Language',
        'Access-Control-Max-Age': '600',
      })
      .send();
  });
}
