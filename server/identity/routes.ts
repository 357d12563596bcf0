import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { deleteExpiredPayloads } from './adapter';
import { interactionRoutes } from './interaction';
import { loadIdentityKeys } from './keys';
import { OIDC_PREFIX, createProvider } from './provider';

/**
 * Mounts oidc-provider (a Koa app) under /oidc. The provider builds its URLs from
 * `originalUrl`, and reads request bodies itself: this scope has no parser that consumes them.
 */
function mountProvider(provider: Provider) {
  const callback = provider.callback();
  const forward = (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = req.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '').slice(OIDC_PREFIX.length) || '/';
    void callback(raw, reply.raw);
  };
  return async function providerScope(scope: FastifyInstance): Promise<void> {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all(`${OIDC_PREFIX}/*`, forward);
  };
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The embedded identity provider: OpenID Connect endpoints under /oidc (discovery at
 * /oidc/.well-known/openid-configuration) and the sign-in pages at /oidc/interaction/:uid.
 * Returns the public keys that verify its access tokens.
 *
 * @example
 * const { publicJwks } = await registerIdentity(app, { config, db });
 */
export async function registerIdentity(
  app: FastifyInstance,
  { config, db }: { config: Config; db: Db },
): Promise<{ publicJwks: { keys: JWK[] } }> {
  const keys = await loadIdentityKeys(db);
  const provider = createProvider({ config, db, keys });
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'identity provider error'),
  );

  await app.register(mountProvider(provider));
  await app.register(interactionRoutes({ provider, config, db }));

  const purge = setInterval(() => {
    deleteExpiredPayloads(db).catch((error) =>
      app.log.warn({ err: error }, 'expired OIDC payloads not purged'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return { publicJwks: keys.publicJwks };
}
