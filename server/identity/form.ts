import type { FastifyInstance } from 'fastify';

/** Forms only, small ones: parsed here rather than adding @fastify/formbody. */
export function acceptSmallForms(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
