// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { User } from 'oidc-client-ts';
import type { UserManager } from 'oidc-client-ts';
import { EXTERNAL_CLIENT_ID } from '../../../protocol/projects';
import { createServiceClient } from '../../../src/dataProvider';
import { callServiceAt } from '../../../src/dataProvider/callService';
import { setCurrentEnvironment } from '../../../src/environments';
import { externalStoragePrefix } from '../../../src/environments/externalSessions';
import { OWN_SERVER_OPERATIONS, serviceTarget } from '../../../src/environments/routing';

const external = {
  id: 9,
  title: 'Otra flota',
  address: 'https://otra.example.com/',
  authority: 'https://otra.example.com/oidc',
  external: true,
};
const system = { ...external, id: 1, address: 'https://flota.example.com', external: false };
const ownUser = { getUser: async () => ({ access_token: 'own' }) } as unknown as UserManager;

/** Signs the console in to the external environment, as the popup would have left it. */
function storeExternalUser(token: string, expiresIn = 3600) {
  const user = new User({
    access_token: token,
    token_type: 'Bearer',
    profile: { sub: '5', iss: external.authority, aud: EXTERNAL_CLIENT_ID, exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
  });
  const key = `${externalStoragePrefix(external.id)}user:${external.authority}:${EXTERNAL_CLIENT_ID}`;
  localStorage.setItem(key, user.toStorageString());
}

function okFetch() {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ error: { code: '0', description: '' }, result: 1 }), {
        status: 200,
      }),
  );
}

const sent = (fetch: ReturnType<typeof okFetch>, call = 0) => {
  const [url, init] = fetch.mock.calls[call];
  return { url, authorization: (init?.headers as Record<string, string>).Authorization };
};

afterEach(() => {
  localStorage.clear();
  setCurrentEnvironment(null);
});

describe('the routing rule', () => {
  it('keeps every call on the own server without an external current environment', () => {
    expect(serviceTarget('devicesWithPages', null, null)).toEqual({ kind: 'own' });
    expect(serviceTarget('devicesWithPages', system, 'tok')).toEqual({ kind: 'own' });
  });

  it('refuses project operations of an external environment without its token', () => {
    expect(serviceTarget('devicesWithPages', external, null)).toEqual({ kind: 'notConnected' });
    expect(serviceTarget('session', external, null)).toEqual({ kind: 'own' });
  });

  it('sends project operations to the external server with its token', () => {
    expect(serviceTarget('devicesWithPages', external, 'tok')).toEqual({
      kind: 'environment',
      address: external.address,
      token: 'tok',
    });
  });

  it('keeps session-level and environment management operations on the own server', () => {
    for (const operation of ['session', 'menu', 'saveState', 'environments', 'companies']) {
      expect(OWN_SERVER_OPERATIONS.has(operation)).toBe(true);
      expect(serviceTarget(operation, external, 'tok')).toEqual({ kind: 'own' });
    }
  });
});

describe('the service client', () => {
  it('posts to the own server while no environment is chosen', async () => {
    const fetch = okFetch();
    await createServiceClient(ownUser, { fetch })('projects');
    expect(sent(fetch)).toEqual({ url: '/api/services', authorization: 'Bearer own' });
  });

  it('follows the current external environment once connected, but not for the session', async () => {
    const fetch = okFetch();
    const callService = createServiceClient(ownUser, { fetch });
    setCurrentEnvironment(external);
    // Not connected: its project numbers mean other projects here, so nothing is sent.
    await expect(callService('projects')).rejects.toThrow('environments.errors.not_connected');
    expect(fetch).not.toHaveBeenCalled();

    storeExternalUser('ext');
    await callService('projects');
    await callService('session');
    expect(sent(fetch, 0)).toEqual({
      url: 'https://otra.example.com/api/services',
      authorization: 'Bearer ext',
    });
    expect(sent(fetch, 1)).toEqual({ url: '/api/services', authorization: 'Bearer own' });
  });

  it('routes raw posts (MDM, downloads) the same way, keeping their path', async () => {
    const fetch = okFetch();
    const callService = createServiceClient(ownUser, { fetch });
    setCurrentEnvironment(external);
    storeExternalUser('ext');
    const post = (callService as unknown as { post: (url: string, body: unknown) => unknown }).post;
    await post('/api/kioskpremium/mdm', { operation: 'mdm', parameter: {} });
    expect(sent(fetch).url).toBe('https://otra.example.com/api/kioskpremium/mdm');
  });

  it('never sends an expired external token', async () => {
    const fetch = okFetch();
    setCurrentEnvironment(external);
    storeExternalUser('old', -10);
    const callService = createServiceClient(ownUser, { fetch });
    await expect(callService('projects')).rejects.toThrow('environments.errors.not_connected');
    await callService('menu');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sent(fetch).url).toBe('/api/services');
  });

  it('calls a given environment explicitly, whatever the current one', async () => {
    const fetch = okFetch();
    const callService = createServiceClient(ownUser, { fetch });
    storeExternalUser('ext');
    await callServiceAt(callService, external)('environmentProjects', { environment: 3 });
    await callServiceAt(callService, system)('environmentProjects', { environment: 1 });
    expect(sent(fetch, 0)).toEqual({
      url: 'https://otra.example.com/api/services',
      authorization: 'Bearer ext',
    });
    expect(sent(fetch, 1)).toEqual({ url: '/api/services', authorization: 'Bearer own' });
  });

  it('refuses an explicit call to an external environment it is not signed in to', async () => {
    const fetch = okFetch();
    const at = callServiceAt(createServiceClient(ownUser, { fetch }), external);
    await expect(at('loginProjects')).rejects.toThrow('environments.errors.not_connected');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns a 401 of another server into a refusal the console session ignores', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: '401', description: 'Token caducado' } }), {
          status: 401,
        }),
    );
    storeExternalUser('ext');
    const at = callServiceAt(createServiceClient(ownUser, { fetch }), external);
    await expect(at('loginProjects')).rejects.toMatchObject({
      status: 502,
      message: 'Token caducado',
    });
  });
});
