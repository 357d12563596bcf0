import Provider, {
  errors,
  interactionPolicy,
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { ENVIRONMENT_CALLBACK_PATH, EXTERNAL_CLIENT_ID } from '../../protocol/projects';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { CLAIMS_BY_SCOPE, accountFinder, loadProfile, type FlotaAccount } from './account';
import { postgresAdapter } from './adapter';
import type { IdentityKeys } from './keys';
import { clientCompanyCheck } from './client-company';
import { providerPages } from './provider-pages';
import { LOGIN_CLIENT_PREFIX, registeredClientFinder } from './registered-clients';

/** Where the provider is mounted on the Fastify app; the issuer is PUBLIC_URL + this. */
export const OIDC_PREFIX = '/oidc';

const VITE_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];
const API_SCOPE = 'openid profile email';

/**
 * The resource indicator of the API. RFC 8707 wants an absolute URI; an OIDC_AUDIENCE that
 * is not one still becomes the tokens' `aud`, only the indicator falls back to PUBLIC_URL/api.
 */
export function apiResourceIndicator(config: Config): string {
  return URL.canParse(config.audience) ? config.audience : `${config.PUBLIC_URL}/api`;
}

function consoleClient(config: Config): ClientMetadata {
  const origins = [config.PUBLIC_URL, ...VITE_ORIGINS];
  return {
    client_id: config.OIDC_CLIENT_ID,
    client_name: 'Flota',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: origins.flatMap((origin) => [
      `${origin}/auth-callback`,
      `${origin}/silent-renew.html`,
    ]),
    post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
  };
}

/** Consoles that sign in here as an external environment: this server's own and TRUSTED_ORIGINS. */
function environmentOrigins(config: Config): string[] {
  return [...new Set([new URL(config.PUBLIC_URL).origin, ...config.TRUSTED_ORIGINS])];
}

/**
 * `xmanager` (002 §7): the client of another Flota console that adds this server as an external
 * environment and signs in through a popup. Public (PKCE, no secret); its access tokens are for
 * this server's API, like the console's.
 */
function externalClient(config: Config): ClientMetadata {
  const origins = environmentOrigins(config);
  return {
    client_id: EXTERNAL_CLIENT_ID,
    client_name: 'Flota (external environment)',
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: origins.map((origin) => `${origin}${ENVIRONMENT_CALLBACK_PATH}`),
    post_logout_redirect_uris: origins.flatMap((origin) => [
      `${origin}/`,
      `${origin}${ENVIRONMENT_CALLBACK_PATH}`,
    ]),
  };
}

/**
 * The console is first-party: instead of a consent screen, every authorization request gets
 * a grant covering what it asks for (offline_access too, when oidc-provider kept it). Without
 * this, silent renewal (prompt=none in an iframe) would fail with consent_required. `xmanager`
 * is first-party too: only the consoles of PUBLIC_URL and TRUSTED_ORIGINS can receive its codes.
 */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const { Grant } = oidc.provider;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId || oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await Grant.find(grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new Grant({ clientId, accountId });
  grant.addOIDCScope(oidc.requestParamOIDCScopes);
  if (oidc.requestParamClaims.size) grant.addOIDCClaims(oidc.requestParamClaims);
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
    if (scopes.length) grant.addResourceScope(indicator, scopes);
  }
  await grant.save();
  return grant;
}

/**
 * oidc-provider's interaction policy without the check that turns `prompt=consent` into a consent
 * interaction: the grant above is the consent of first-party clients, so such a request ends with
 * a code like any other (and `offline_access`, which oidc-provider keeps only with
 * `prompt=consent`, yields a refresh token). Every other check of the policy stays.
 */
function firstPartyPolicy(db: Db) {
  const policy = interactionPolicy.base();
  policy.get('consent')!.checks.remove('consent_prompt');
  policy.get('login')!.checks.add(clientCompanyCheck(db));
  return policy;
}

export interface ProviderDeps {
  config: Config;
  db: Db;
  keys: IdentityKeys;
}

/** The embedded OpenID Connect provider that signs users in to the console. */
export function createProvider({ config, db, keys }: ProviderDeps): Provider {
  const resource = apiResourceIndicator(config);
  const corsOrigins = new Set([new URL(config.PUBLIC_URL).origin, ...VITE_ORIGINS]);
  const externalOrigins = new Set(environmentOrigins(config));
  const findAccount = accountFinder(db);
  const pages = providerPages(config.PUBLIC_URL);

  const configuration: Configuration = {
    adapter: postgresAdapter(db, registeredClientFinder(db, config)),
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    clients: [consoleClient(config), externalClient(config)],
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: CLAIMS_BY_SCOPE,
    // The console reads role, rights and company from the ID token: no userinfo round trip.
    conformIdTokenClaims: false,
    findAccount,
    async extraTokenClaims(ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const loaded = ctx.oidc.account as FlotaAccount | undefined;
      const profile =
        loaded?.accountId === token.accountId
          ? loaded.profile
          : await loadProfile(db, token.accountId);
      if (!profile) return undefined;
      const { sub: _sub, ...claims } = profile;
      return claims;
    },
    loadExistingGrant: grantWithoutConsent,
    pkce: { required: () => true },
    interactions: {
      policy: firstPartyPolicy(db),
      url: async (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}`,
    },
    clientBasedCORS: (_ctx, origin, client) =>
      corsOrigins.has(origin) ||
      (client.clientId === EXTERNAL_CLIENT_ID && externalOrigins.has(origin)) ||
      // A company's login client (a web app) exchanges its code from its redirect URIs' origins.
      (client.clientId.startsWith(LOGIN_CLIENT_PREFIX) &&
        (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin)),
    features: {
      devInteractions: { enabled: false },
      // API clients of /app/security: tokens for the API with their secret (docs/identity.md).
      clientCredentials: { enabled: true },
      // Off, so not advertised: every access token is for the API (resourceIndicators), and
      // userinfo accepts only tokens without a resource. The ID token carries the same claims.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: config.audience,
            accessTokenTTL: config.ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: pages.logoutSource,
        postLogoutSuccessSource: pages.postLogoutSuccessSource,
      },
    },
    renderError: pages.renderError,
    ttl: {
      AccessToken: config.ACCESS_TOKEN_TTL,
      IdToken: config.ACCESS_TOKEN_TTL,
      Session: 12 * 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 24 * 3600,
    },
  };

  const provider = new Provider(config.issuer, configuration);
  // Koa reads host, scheme and client address from X-Forwarded-*: registerIdentity sets those
  // headers itself on every request under /oidc (PUBLIC_URL's host and scheme, the address
  // Fastify trusts), so nothing a client sends reaches the provider's addresses.
  provider.proxy = true;
  return provider;
}
