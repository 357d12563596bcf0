import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';
import { demoProject } from '../support/devices';

// Another program drives the REST API with ra-data-simple-rest itself, as the docs say.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

const providerFor = (login: string, language = 'es') => restProviderFor(t, base, login, language);

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
  it('serves every company to the top administrator, their own to an administrator, none to a user', async () => {
    const top = await providerFor('superadmin');
    const companies = await top.getList('companies', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(companies.data.map((row) => row.name)).toContain('Demo');
    const own = await (
      await providerFor('admin')
    ).getList('companies', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(own.data.map((row) => row.name)).toEqual(['Demo']);
    const refused = await refusal(
      (await providerFor('usuario')).getList('companies', {
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

describe('the device list over REST, in a project', () => {
  it('creates, lists by filter and sort, reads, changes and deletes a project’s devices', async () => {
    const admin = await providerFor('admin');
    const { numero } = await demoProject(t.database.db);
    const devices = `projects/${numero}/devicelist`;
    const one = await admin.create(devices, {
      data: { MID: 'REST-MID-1', OWNER: 'Ana Rest', EMAIL: 'ana@rest.example.com' },
    });
    expect(one.data).toMatchObject({ id: one.data.ID, MID: 'REST-MID-1', OWNER: 'Ana Rest' });
    await admin.create(devices, { data: { MID: 'REST-MID-2', OWNER: 'Luis Rest' } });

    // A text filter contains (whatever its case), a number equals; sorted in SQL.
    const both = await admin.getList(devices, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'MID', order: 'DESC' },
      filter: { MID: 'rest-mid' },
    });
    expect(both.total).toBe(2);
    expect(both.data.map((row) => row.MID)).toEqual(['REST-MID-2', 'REST-MID-1']);
    expect(both.data[0]).toHaveProperty('Estado');
    const byOwner = await admin.getList(devices, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'ID', order: 'ASC' },
      filter: { OWNER: 'ANA REST', ID: one.data.id },
    });
    expect(byOwner.data.map((row) => row.MID)).toEqual(['REST-MID-1']);

    const read = await admin.getOne(devices, { id: one.data.id });
    expect(read.data).toMatchObject({ id: one.data.id, MID: 'REST-MID-1', OWNER: 'Ana Rest' });

    // The key goes beside the device: the same device changes, no other is made.
    const changed = await admin.update(devices, {
      id: one.data.id,
      data: { ...read.data, OWNER: 'Ana Cambiada' },
      previousData: read.data,
    });
    expect(changed.data).toMatchObject({ id: one.data.id, MID: 'REST-MID-1' });
    const after = await admin.getList(devices, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'ID', order: 'ASC' },
      filter: { MID: 'REST-MID' },
    });
    expect(after.data.map((row) => [row.id, row.OWNER])).toEqual([
      [one.data.id, 'Ana Cambiada'],
      [expect.any(Number), 'Luis Rest'],
    ]);

    await admin.delete(devices, { id: one.data.id, previousData: changed.data });
    const gone = await refusal(admin.getOne(devices, { id: one.data.id }));
    expect(gone.status).toBeGreaterThanOrEqual(400);
    expect(gone.message).toContain(String(one.data.id));

    // A project resource is only served under a project.
    const unscoped = await refusal(
      admin.getList('devicelist', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'ID', order: 'ASC' },
        filter: {},
      }),
    );
    expect(unscoped.status).toBe(404);
  });
});

describe('the global device search over REST: a list that cannot count', () => {
  it('answers Content-Range with * until its last page, which has the total', async () => {
    const { numero, schema } = await demoProject(t.database.db);
    const devices = sql.id(schema, 'devices');
    await sql`
      INSERT INTO ${devices} ("MID", "OWNER", "DEVICE_TYPE")
      SELECT 'RESTSEARCH-' || i, 'Buscado ' || i, 'ANDROID' FROM generate_series(1, 3) AS i
    `.execute(t.database.db);
    const token = await t.tokenFor('admin');
    const page = (range: string) =>
      fetch(`${base}/api/rest/search?range=${range}&sort=["MID","ASC"]&filter={"q":"restsearch"}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await page('[0,1]');
    expect(first.headers.get('content-range')).toBe('search 0-1/*');
    const rows = await first.json();
    expect(rows.map((row: { MID: string }) => row.MID)).toEqual(['RESTSEARCH-1', 'RESTSEARCH-2']);
    expect(rows[0].id).toBe(`${numero}:${rows[0].ID}`);
    expect((await page('[2,3]')).headers.get('content-range')).toBe('search 2-2/3');

    // ra-data-simple-rest reads the last page's total; a record by its key through the list.
    const admin = await providerFor('admin');
    const last = await admin.getList('search', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'MID', order: 'ASC' },
      filter: { q: 'restsearch', DEVICE_TYPE: 'ANDROID' },
    });
    expect(last.total).toBe(3);
    expect(last.data.map((row) => row.MID)).toEqual(['RESTSEARCH-3']);
    const one = await admin.getOne('search', { id: rows[0].id });
    expect(one.data).toMatchObject({ MID: 'RESTSEARCH-1', name: 'Demo', colour: 'red' });
    // List only: nothing is created, changed or deleted through it.
    const post = await fetch(`${base}/api/rest/search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ MID: 'X' }),
    });
    expect(post.status).toBe(405);
    const document = await (await fetch(`${base}/api/openapi.json`)).json();
    expect(Object.keys(document.paths['/api/rest/search'])).toEqual(['get']);
    await sql`DELETE FROM ${devices} WHERE "MID" LIKE 'RESTSEARCH-%'`.execute(t.database.db);
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
    // The device dialog's lists, per project; a help-desk file may be deleted, a command not.
    const files = '/api/rest/projects/{database}/helpdesk-files';
    expect(Object.keys(document.paths[`${files}/{id}`])).toEqual(['get', 'delete']);
    const history = '/api/rest/projects/{database}/command-history';
    expect(Object.keys(document.paths[history])).toEqual(['get']);
    expect(document.paths['/api/rest/projects/{database}/device-errors']).toBeDefined();
    // The device list: every verb, by its project.
    const deviceList = '/api/rest/projects/{database}/devicelist';
    expect(Object.keys(document.paths[deviceList])).toEqual(['get', 'post']);
    expect(Object.keys(document.paths[`${deviceList}/{id}`])).toEqual(['get', 'put', 'delete']);
    expect(document.components.schemas.devicelistCreate.required).toEqual(['MID']);
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
