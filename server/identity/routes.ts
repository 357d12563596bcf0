import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { deleteExpiredPayloads } from './adapter';
import { interactionRoutes } from './interaction';
import { passwordRoutes } from './password-page';
import { loadIdentityKeys } from './keys';
import { deleteEndedLimits } from './limits';
import { OIDC_PREFIX, createProvider } from './provider';
import { referenceHash } from './signin';

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

/**
 * Every request under /oidc is made to read as one for PUBLIC_URL before the provider or the
 * sign-in pages see it. oidc-provider builds its addresses (discovery, redirects, the resume
 * URL) from the request's host and scheme; with these headers fixed, a client-chosen Host or
 * X-Forwarded-Host never appears in them. The client's address is the one Fastify determined
 * (its own socket's peer, or X-Forwarded-For from the proxies TRUST_PROXY names).
 */
function asPublicUrlRequest(publicUrl: URL) {
  const host = publicUrl.host;
  const scheme = publicUrl.protocol.slice(0, -1);
  return async (req: FastifyRequest) => {
    const clientAddress = req.ip;
    const { headers } = req.raw;
    headers.host = host;
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-proto'] = scheme;
    headers['x-forwarded-for'] = clientAddress;
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

  await referenceHash();

  await app.register(async (identity) => {
    identity.addHook('onRequest', asPublicUrlRequest(new URL(config.PUBLIC_URL)));
    await identity.register(mountProvider(provider));
    await identity.register(
      interactionRoutes({ provider, config, db, cookieKeys: keys.cookieKeys }),
    );
  });
  await app.register(passwordRoutes({ config, db }));

  const purge = setInterval(() => {
    deleteExpiredPayloads(db).catch((error) =>
      app.log.warn({ err: error }, 'expired OIDC payloads not purged'),
    );
    deleteEndedLimits(db).catch((error) =>
      app.log.warn({ err: error }, 'ended sign-in limits not purged'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  return { publicJwks: keys.publicJwks };
}
