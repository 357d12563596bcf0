import type { ConsoleConfig } from '../config';
import { callbackUrl, OIDC_STORE_PREFIX } from '../authProvider/oidcSettings';

/**
 * The start of a sign-in (authorization code + PKCE) as oidc-client-ts 3.5's
 * `UserManager.signinRedirect` does it, without the library: the same authorize URL and the
 * same pending state in sessionStorage, so that the app's UserManager completes it on
 * /auth-callback unchanged. tests/unit/console/signInRedirect.test.ts holds it to the library.
 */

/** oidc-client-ts's `staleStateAgeInSeconds` default: older pending sign-ins are dropped. */
const STALE_STATE_SECONDS = 15 * 60;
/** oidc-client-ts's request type of a redirect sign-in. */
const REDIRECT_REQUEST = 'si:r';

/** A v4 UUID without dashes, as oidc-client-ts's CryptoUtils.generateUUIDv4. */
const uuid = () => crypto.randomUUID().replace(/-/g, '');

function base64Url(bytes: ArrayBuffer): string {
  const text = String.fromCharCode(...new Uint8Array(bytes));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function codeChallenge(verifier: string): Promise<string> {
  return base64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

/** The provider's authorization endpoint, from its discovery document. */
export async function authorizationEndpoint(issuer: string): Promise<string> {
  const base = issuer.endsWith('/') ? issuer : `${issuer}/`;
  const response = await fetch(`${base}.well-known/openid-configuration`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const { authorization_endpoint: endpoint } = (await response.json()) as {
    authorization_endpoint?: string;
  };
  if (!endpoint) throw new Error('discovery names no authorization_endpoint');
  return endpoint;
}

/** Drops pending sign-ins older than oidc-client-ts would keep (its clearStaleState). */
export function clearStaleState(store: Storage, now = Math.floor(Date.now() / 1000)): void {
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index) ?? '');
  for (const key of keys.filter((name) => name.startsWith(OIDC_STORE_PREFIX))) {
    try {
      const { created } = JSON.parse(store.getItem(key) ?? '') as { created?: number };
      if (!(Number(created) > now - STALE_STATE_SECONDS)) store.removeItem(key);
    } catch {
      store.removeItem(key);
    }
  }
}

export interface SignInTarget {
  /** The provider's authorization endpoint (authorizationEndpoint). */
  endpoint: string;
  /** The console's origin, to which the provider sends the browser back. */
  origin: string;
  /** The language of the provider's pages (ui_locales). */
  locale: string;
}

/**
 * Stores a pending sign-in in `store` and answers the provider's authorize URL for it.
 * @example window.location.assign(await signInUrl(config, { endpoint, origin, locale: 'es' }));
 */
export async function signInUrl(
  config: Pick<ConsoleConfig, 'issuer' | 'clientId' | 'scope'>,
  { endpoint, origin, locale }: SignInTarget,
  store: Storage = sessionStorage,
): Promise<string> {
  const id = uuid();
  const verifier = uuid() + uuid() + uuid();
  const redirectUri = callbackUrl(origin);
  const url = new URL(endpoint);
  const parameters: [string, string][] = [
    ['client_id', config.clientId],
    ['redirect_uri', redirectUri],
    ['response_type', 'code'],
    ['scope', config.scope],
    ['state', id],
    ['code_challenge', await codeChallenge(verifier)],
    ['code_challenge_method', 'S256'],
    ['ui_locales', locale],
  ];
  for (const [name, value] of parameters) url.searchParams.append(name, value);

  clearStaleState(store);
  // SigninState.toStorageString's fields (those oidc-client-ts leaves undefined are left out).
  const state = {
    id,
    created: Math.floor(Date.now() / 1000),
    request_type: REDIRECT_REQUEST,
    code_verifier: verifier,
    authority: config.issuer,
    client_id: config.clientId,
    redirect_uri: redirectUri,
    scope: config.scope,
    extraTokenParams: {},
  };
  store.setItem(`${OIDC_STORE_PREFIX}${id}`, JSON.stringify(state));
  return url.href;
}
