// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import type { UserManager } from 'oidc-client-ts';
import { createDataProvider, createServiceClient } from '../../../src/dataProvider';

const userManager = { getUser: async () => ({ access_token: 'abc' }) } as unknown as UserManager;

function answering(status: number, body: unknown) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

describe('callService', () => {
  it('posts {operation, parameter} with the bearer token and the console language', async () => {
    const fetch = answering(200, { error: { code: '0', description: '' }, result: { ok: 1 } });
    const callService = createServiceClient(userManager, { fetch, getLocale: () => 'en' });
    await expect(callService('pricing', {})).resolves.toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/services');
    expect(JSON.parse(String(init?.body))).toEqual({ operation: 'pricing', parameter: {} });
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer abc', 'Accept-Language': 'en' });
  });

  it('turns an error envelope into an HttpError carrying the description', async () => {
    const envelope = {
      error: { code: '-1', description: 'No puede desactivar su propia empresa.' },
      result: null,
    };
    const callService = createServiceClient(userManager, { fetch: answering(200, envelope) });
    const error = await callService('updateCompanyState', { idcia: 1, disabled: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('No puede desactivar su propia empresa.');
    expect((error as HttpError).body).toEqual(envelope);
  });

  it('keeps the HTTP status so that the session rules can act on it', async () => {
    const envelope = { error: { code: '401', description: 'Token caducado' }, result: null };
    const callService = createServiceClient(userManager, { fetch: answering(401, envelope) });
    await expect(callService('session')).rejects.toMatchObject({
      status: 401,
      message: 'Token caducado',
    });
  });
});

describe('dataProvider', () => {
  it('asks for a page of the actions log with its sort and filters', async () => {
    const callService = vi.fn(async () => ({
      data: [{ id: 7, action: 'subscribe' }],
      total: '41',
    }));
    const dataProvider = createDataProvider(callService as never);
    const page = await dataProvider.getList('actions', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'login', order: 'DESC' },
      filter: { action: 'subscribe', login: ' ', other: 'x' },
    });
    expect(page).toEqual({ data: [{ id: 7, action: 'subscribe' }], total: 41 });
    expect(callService).toHaveBeenCalledWith(
      'actionsLog',
      {
        datatable: { start: 40, length: 20, orderBy: 'login', orderDir: 'desc' },
        filter: { action: 'subscribe' },
      },
      undefined,
    );
  });

  it('enables or disables a company through updateCompanyState', async () => {
    const callService = vi.fn(async () => ({ id: 3, name: 'Acme', tier: null, active: false }));
    const dataProvider = createDataProvider(callService as never);
    const company = await dataProvider.setCompanyState(3, true);
    expect(callService).toHaveBeenCalledWith('updateCompanyState', { idcia: 3, disabled: true });
    expect(company.active).toBe(false);
  });
});

describe('the calls home does not make', () => {
  it('are methods before their chunk loads, and call through it once it has', async () => {
    const callService = vi.fn(async () => ({ cancelled: [4], notPending: [] }));
    const dataProvider = createDataProvider(callService as never);
    const { laterCalls } = await import('../../../src/dataProvider/laterCalls');
    // Every method of the chunk is on the provider already (react-admin checks they are functions).
    for (const name of Object.keys(laterCalls(callService as never))) {
      expect(typeof dataProvider[name as keyof typeof dataProvider], name).toBe('function');
    }
    await expect(dataProvider.cancelCommand(3, [4])).resolves.toEqual({
      cancelled: [4],
      notPending: [],
    });
    expect(callService).toHaveBeenCalledWith('cancelCommand', { database: 3, ids: [4] });
  });
});
