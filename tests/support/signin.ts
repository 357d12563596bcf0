import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../server/config';

export interface BrowserOptions {
  /** The client's address as the server's socket sees it (app.inject's remoteAddress). */
  remoteAddress?: string;
  /** Headers sent with every request, e.g. X-Forwarded-For from a proxy. */
  headers?: Record<string, string>;
  /** Cookies the browser holds from before (a browser the user has signed in from). */
  cookies?: Record<string, string>;
}

export type Browser = (
  method: 'GET' | 'POST',
  url: string,
  form?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** A browser for app.inject: keeps cookies (ignoring their paths) and posts forms. */
export function browser(
  app: FastifyInstance,
  config: Config,
  options: BrowserOptions = {},
): Browser {
  const jar = new Map<string, string>(Object.entries(options.cookies ?? {}));
  return async (method, url, form) => {
    const target = new URL(url, config.PUBLIC_URL);
    const response = await app.inject({
      method,
      url: target.pathname + target.search,
      remoteAddress: options.remoteAddress,
      headers: {
        host: target.host,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.cookies as { name: string; value: string; expires?: Date }[]) {
      if (!cookie.value || (cookie.expires && cookie.expires.getTime() < Date.now()))
        jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  };
}

export const redirectUri = (config: Config) => `${config.PUBLIC_URL}/auth-callback`;

/** An authorization request of the console: returns its PKCE verifier and the response. */
export async function authorize(go: Browser, config: Config, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: config.OIDC_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri(config),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'state-1',
    nonce: 'nonce-1',
    ...extra,
  });
  return { verifier, response: await go('GET', `/oidc/auth?${query}`) };
}

/** Starts a sign-in; returns the PKCE verifier and the sign-in page's path. */
export async function startSignIn(go: Browser, config: Config, extra: Record<string, string> = {}) {
  const { verifier, response } = await authorize(go, config, extra);
  expect(response.statusCode).toBe(303);
  const interaction = response.headers.location as string;
  expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return { verifier, interaction };
}

/** The authorization code of a redirect to the console's callback. */
export function codeOf(response: LightMyRequestResponse, config: Config): string {
  expect(response.statusCode).toBe(303);
  const callback = new URL(response.headers.location as string);
  expect(callback.origin + callback.pathname).toBe(redirectUri(config));
  const code = callback.searchParams.get('code');
  expect(code, callback.search).toBeTruthy();
  return code!;
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  scope?: string;
}

/** Exchanges an authorization code for tokens. */
export async function exchange(go: Browser, config: Config, code: string, verifier: string) {
  const token = await go('POST', '/oidc/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(config),
    client_id: config.OIDC_CLIENT_ID,
    code_verifier: verifier,
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json() as TokenResponse;
}

/** The text of the page's alert, if any. */
export function alertOf(html: string): string | undefined {
  return /<p role="alert">([^<]*)<\/p>/.exec(html)?.[1];
}
