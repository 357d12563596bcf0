// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { OidcClient } from 'oidc-client-ts';
import { createUserManager } from '../../../src/authProvider';
import { clearStaleState, signInUrl } from '../../../src/boot/signInRedirect';
import type { ConsoleConfig } from '../../../src/config';

/**
 * The boot script starts a sign-in without oidc-client-ts (src/boot/signInRedirect.ts). These
 * tests hold it to the library the app completes the sign-in with: the same authorize URL, the
 * same pending state, and a state the library reads back on /auth-callback.
 */
const origin = 'http://localhost';
const config: ConsoleConfig = {
  issuer: `${origin}/oidc`,
  clientId: 'console',
  scope: 'openid profile email',
  flavour: 'cloud',
  version: 'test',
};
const endpoint = `${origin}/oidc/auth`;

/** The app's own client settings (createUserManager), with the discovery answer given. */
async function libraryClient(): Promise<OidcClient> {
  const { settings } = await createUserManager(config, origin).load();
  return new OidcClient({
    ...settings,
    metadata: { issuer: config.issuer, authorization_endpoint: endpoint },
  });
}

/** The one pending sign-in in sessionStorage. */
function storedState(): Record<string, unknown> {
  const keys = Object.keys(sessionStorage).filter((key) => key.startsWith('oidc.'));
  expect(keys).toHaveLength(1);
  return JSON.parse(sessionStorage.getItem(keys[0])!) as Record<string, unknown>;
}

const RANDOM = ['state', 'code_challenge'];
const RANDOM_STATE = ['id', 'created', 'code_verifier'];
const without = (entries: [string, unknown][], names: string[]) =>
  entries.filter(([name]) => !names.includes(name));

beforeEach(() => sessionStorage.clear());

describe('the boot sign-in redirect', () => {
  it('asks the provider exactly what UserManager.signinRedirect asks', async () => {
    const library = await (
      await libraryClient()
    ).createSigninRequest({
      request_type: 'si:r',
      ui_locales: 'es',
    });
    const libraryState = storedState();
    sessionStorage.clear();

    const ours = new URL(await signInUrl(config, { endpoint, origin, locale: 'es' }));
    const theirs = new URL(library.url);
    expect(ours.origin + ours.pathname).toBe(theirs.origin + theirs.pathname);
    expect([...ours.searchParams.keys()]).toEqual([...theirs.searchParams.keys()]);
    expect(without([...ours.searchParams], RANDOM)).toEqual(
      without([...theirs.searchParams], RANDOM),
    );
    expect(ours.searchParams.get('code_challenge_method')).toBe('S256');

    const state = storedState();
    expect(Object.keys(state).sort()).toEqual(Object.keys(libraryState).sort());
    expect(without(Object.entries(state), RANDOM_STATE)).toEqual(
      without(Object.entries(libraryState), RANDOM_STATE),
    );
    expect(state.id).toBe(ours.searchParams.get('state'));
    expect(state.code_verifier).toMatch(/^[0-9a-f]{96}$/);
  });

  it('leaves a pending sign-in that the library completes on the callback', async () => {
    const url = new URL(await signInUrl(config, { endpoint, origin, locale: 'en' }));
    const id = url.searchParams.get('state')!;
    const { state } = await (
      await libraryClient()
    ).readSigninResponseState(`${origin}/auth-callback?code=abc&state=${id}`);
    expect(state.id).toBe(id);
    expect(state.redirect_uri).toBe(`${origin}/auth-callback`);
    // The library derives the challenge from the stored verifier: PKCE holds together.
    expect(state.code_challenge).toBe(url.searchParams.get('code_challenge'));
  });

  it('drops pending sign-ins older than the library keeps, as it does', () => {
    const now = 1_000_000;
    sessionStorage.setItem('oidc.old', JSON.stringify({ id: 'old', created: now - 901 }));
    sessionStorage.setItem('oidc.fresh', JSON.stringify({ id: 'fresh', created: now - 10 }));
    sessionStorage.setItem('oidc.broken', '{');
    sessionStorage.setItem('flota.other', 'kept');
    clearStaleState(sessionStorage, now);
    expect(Object.keys(sessionStorage).sort()).toEqual(['flota.other', 'oidc.fresh']);
  });
});
