import { fetchUtils, HttpError, type DataProvider } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

// Another program drives the REST API with ra-data-simple-rest itself, as the docs say.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

async function providerFor(login: string, language = 'es'): Promise<DataProvider> {
  const token = await t.tokenFor(login);
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers);
    headers.set('Accept-Language', language);
    return fetchUtils.fetchJson(url, {
      ...options,
      headers,
      user: { authenticated: true, token: `Bearer ${token}` },
    });
  };
  return simpleRestProvider(`${base}/api/rest`, httpClient);
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('it was not refused');
}

const site = (n: number) => ({
  title: `Entorno REST ${n}`,
  address: `https://rest-${n}.example.com`,
  authority: `https://rest-${n}.example.com/oidc`,
  maxLicences: 0,
});

describe('environments over REST, as ra-data-simple-rest drives them', () => {
  it('creates, lists with sort, range and search, reads, changes and deletes', async () => {
    const admin = await providerFor('admin');
    const created = await admin.create('environments', { data: site(1) });
    expect(created.data).toMatchObject({ title: 'Entorno REST 1', system: false });
    await admin.create('environments', { data: site(2) });

    const page = await admin.getList('environments', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'title', order: 'DESC' },
      filter: { q: 'rest-' },
    });
    expect(page.total).toBe(2);
    expect(page.data.map((row) => row.title)).toEqual(['Entorno REST 2']);

    const one = await admin.getOne('environments', { id: created.data.id });
    expect(one.data).toMatchObject({ id: created.data.id, address: 'https://rest-1.example.com' });
    const many = await admin.getMany('environments', { ids: [created.data.id] });
    expect(many.data.map((row) => row.id)).toEqual([created.data.id]);

    const changed = await admin.update('environments', {
      id: created.data.id,
      data: { ...one.data, title: 'Entorno REST uno' },
      previousData: one.data,
    });
    expect(changed.data).toMatchObject({ id: created.data.id, title: 'Entorno REST uno' });

    await admin.delete('environments', { id: created.data.id, previousData: changed.data });
    const gone = await refusal(admin.getOne('environments', { id: created.data.id }));
    expect(gone.status).toBe(404);
  });

  it('refuses a bad record by the field labels, in the caller language', async () => {
    const bad = { ...site(3), title: '', address: 'ftp://nope' };
    const es = await refusal((await providerFor('admin')).create('environments', { data: bad }));
    expect(es.status).toBe(400);
    expect(es.message).toBe(
      'El campo Nombre es obligatorio. El campo Dirección del servidor debe ser una dirección http o https.',
    );
    expect((es.body as { error: { code: string } }).error.code).toBe('-1');
    const en = await refusal(
      (await providerFor('admin', 'en')).create('environments', { data: bad }),
    );
    expect(en.message).toBe('Name is required. Server address must be an http or https address.');
  });
});

describe('permissions, verbs and errors', () => {
  it('serves companies to the top administrator only', async () => {
    const top = await providerFor('superadmin');
    const companies = await top.getList('companies', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(companies.data.map((row) => row.name)).toContain('Demo');
    const refused = await refusal(
      (await providerFor('admin')).getList('companies', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'name', order: 'ASC' },
        filter: {},
      }),
    );
    expect(refused.status).toBe(403);
  });

  it('filters the actions log by an action code', async () => {
    const admin = await providerFor('admin');
    await admin.create('environments', { data: site(4) });
    const logged = await admin.getList('actions', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'at', order: 'DESC' },
      filter: { action: 'environment_created' },
    });
    expect(logged.total).toBeGreaterThan(0);
    expect(new Set(logged.data.map((row) => row.action))).toEqual(new Set(['environment_created']));
  });

  it('answers 401 without a token, 404 for an unknown resource, 405 for a verb not offered', async () => {
    const none = await fetch(`${base}/api/rest/environments`);
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe('401');
    const token = await t.tokenFor('superadmin');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const unknown = await fetch(`${base}/api/rest/spaceships`, { headers });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.description).toContain('No existe el recurso spaceships');
    const post = await fetch(`${base}/api/rest/companies`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'X' }),
    });
    expect(post.status).toBe(405);
    const badRange = await fetch(`${base}/api/rest/companies?range=[5,1]`, { headers });
    expect(badRange.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes every declared resource, and every reference resolves', async () => {
    const response = await fetch(`${base}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/rest/environments',
        '/api/rest/environments/{id}',
        '/api/rest/companies',
        '/api/rest/actions',
        '/api/rest/notifications',
      ]),
    );
    expect(document.paths['/api/rest/companies'].post).toBeUndefined();
    const refs = JSON.stringify(document).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = ref.slice('"#/components/schemas/'.length, -1);
      expect(document.components.schemas[name], name).toBeDefined();
    }
    expect(document.components.schemas.environmentsCreate.required).toEqual([
      'title',
      'address',
      'authority',
    ]);
  });
});
