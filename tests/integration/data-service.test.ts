import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIdentityKeys } from '../../server/identity/keys';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';
import { demoCompany, ok } from '../support/projects';

/**
 * The data service for apps (issue 38; 002 §7 "Data service", §8): public and non-public,
 * authorised and not, a client bound to project A refused on project B, GetAccessToken, and
 * hostile bodies, each answered `{err, data}`.
 */
let t: TestApp;
let admin: string;
let projectA: TestProject & { pid: string };
let projectB: TestProject;
let reportId: number;

async function pidOf(numero: number): Promise<string> {
  const row = await t.database.db
    .selectFrom('core.projects')
    .select('pid')
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
  return row.pid;
}

async function data(
  path: 'DataService' | 'DataServiceAuth',
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/Global/${path}`,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const answer = response.json() as { err: string | null; data: string | null };
  expect(Object.keys(answer).sort()).toEqual(['data', 'err']);
  return {
    status: response.statusCode,
    err: answer.err,
    data: answer.data === null ? null : JSON.parse(answer.data),
  };
}

async function setPublic(value: string) {
  await ok(
    t,
    'setDBconfig',
    { database: projectA.numero, keyname: 'DATASERVICE_PUBLIC', keyvalue: value },
    admin,
  );
}

/** A client-credentials token of an API client, from the embedded provider's token endpoint. */
async function clientToken(clientid: string, secret: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientid}:${secret}`).toString('base64')}`,
    },
    payload: 'grant_type=client_credentials',
  });
  expect(response.statusCode).toBe(200);
  return response.json().access_token;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  const demo = await demoProject(t.database.db);
  projectA = { ...demo, pid: await pidOf(demo.numero) };
  projectB = await createProject(t.database.db, {
    companyId: await demoCompany(t.database.db),
    ownerLogin: 'admin',
    name: 'Proyecto B',
  });
  const saved = await ok(
    t,
    'SaveReport',
    { DBNumber: projectA.numero, ID: -1, Title: 'Grupos', SQL: 'SELECT 1 AS uno' },
    admin,
  );
  reportId = saved.ID;
});

afterAll(() => t.close());

describe('DataServiceAuth (bearer)', () => {
  it('lists and changes a project resource, answering data as a JSON text', async () => {
    const listed = await data(
      'DataServiceAuth',
      { operation: 'list', parameter: { pid: projectA.pid, resource: 'platforms' } },
      admin,
    );
    expect(listed).toMatchObject({ status: 200, err: null });
    expect(listed.data.total).toBeGreaterThanOrEqual(1);
    const first = listed.data.data[0];
    expect(first).toMatchObject({ id: expect.anything(), platform: expect.anything() });
    const changed = await data(
      'DataServiceAuth',
      {
        operation: 'edit',
        parameter: {
          dbid: projectA.numero,
          resource: 'platforms',
          id: first.id,
          // An engine resource's edit carries the version it read (a stale one is refused).
          record: { active: !first.active, version: first.version },
        },
      },
      admin,
    );
    expect(changed.err).toBeNull();
    const again = await data(
      'DataServiceAuth',
      {
        operation: 'show',
        parameter: { dbid: projectA.numero, resource: 'platforms', id: first.id },
      },
      admin,
    );
    expect(again.data.active).toBe(!first.active);
  });

  it('runs a saved report with runReport’s checks', async () => {
    const run = await data(
      'DataServiceAuth',
      { operation: 'report', parameter: { dbid: projectA.numero, id: reportId } },
      admin,
    );
    expect(run.err).toBeNull();
    expect(JSON.stringify(run.data)).toContain('uno');
  });

  it('refuses without a token (401) and with a forged one, as {err, data: null}', async () => {
    const body = { operation: 'list', parameter: { dbid: projectA.numero, resource: 'groups' } };
    const missing = await data('DataServiceAuth', body);
    expect(missing).toMatchObject({ status: 401, data: null });
    expect(missing.err).toMatch(/token de acceso/);
    const forged = await data('DataServiceAuth', body, 'a.b.c', { 'accept-language': 'en' });
    expect(forged).toMatchObject({ status: 401, err: 'The access token is not valid.' });
  });
});

describe('DataService (no authorisation)', () => {
  const listGroups = { operation: 'list', parameter: { resource: 'platforms' } };

  it('serves nothing by default', async () => {
    const answer = await data('DataService', {
      ...listGroups,
      parameter: { ...listGroups.parameter, dbid: projectA.numero },
    });
    expect(answer).toMatchObject({ status: 200, data: null });
    expect(answer.err).toBe(
      `El proyecto ${projectA.numero} no ofrece «platforms» sin autorización.`,
    );
  });

  it('serves what the project marks public, read-only, and no other project', async () => {
    await setPublic(`platforms, report:${reportId}`);
    const listed = await data('DataService', {
      ...listGroups,
      parameter: { ...listGroups.parameter, pid: projectA.pid },
    });
    expect(listed.err).toBeNull();
    expect(listed.data.total).toBeGreaterThanOrEqual(1);
    const report = await data('DataService', {
      operation: 'report',
      parameter: { dbid: projectA.numero, id: reportId },
    });
    expect(report.err).toBeNull();
    // Writes are never public, even of a public resource: nothing was written.
    const write = await data(
      'DataService',
      {
        operation: 'edit',
        parameter: {
          dbid: projectA.numero,
          resource: 'platforms',
          id: 1,
          record: { active: false },
        },
      },
      undefined,
      { 'accept-language': 'en' },
    );
    expect(write).toMatchObject({
      err: 'Without authorisation only reading is served: list, show and report.',
      data: null,
    });
    const other = await data('DataService', {
      ...listGroups,
      parameter: { ...listGroups.parameter, dbid: projectB.numero },
    });
    expect(other.err).toMatch(/no ofrece «platforms»/);
    const unmarked = await data('DataService', {
      operation: 'list',
      parameter: { dbid: projectA.numero, resource: 'groups' },
    });
    expect(unmarked.err).toMatch(/no ofrece «groups»/);
  });

  it('refuses a setting that names neither a resource nor a report', async () => {
    const { body } = await t.call(
      'setDBconfig',
      { database: projectA.numero, keyname: 'DATASERVICE_PUBLIC', keyvalue: 'groups, DROP TABLE' },
      admin,
    );
    expect(body.error.code).toBe('-1');
    expect(body.error.description).toContain('«DROP»');
  });
});

describe('clients bound to a project', () => {
  let tokenA: string;

  beforeAll(async () => {
    const created = await ok(
      t,
      'createClient',
      {
        dbid: projectA.numero,
        clientid: 'app-proyecto-a',
        pwd: 'clave-de-la-app-a',
        type: 'api',
        rights: 'ADMINISTRADOR',
      },
      admin,
    );
    expect(created.dbid).toBe(projectA.numero);
    tokenA = await clientToken('app-proyecto-a', 'clave-de-la-app-a');
  });

  it('reach their project, without naming it', async () => {
    const listed = await data(
      'DataServiceAuth',
      { operation: 'list', parameter: { resource: 'platforms' } },
      tokenA,
    );
    expect(listed.err).toBeNull();
    expect(listed.data.total).toBeGreaterThanOrEqual(1);
  });

  it('are refused another project in the data service and in the services API', async () => {
    const answer = await data(
      'DataServiceAuth',
      { operation: 'list', parameter: { dbid: projectB.numero, resource: 'groups' } },
      tokenA,
    );
    expect(answer.err).toBe(
      `El cliente de identidad de este token está vinculado al proyecto ${projectA.numero}: no puede usar el proyecto ${projectB.numero}.`,
    );
    const services = await t.call('getDBconfig', { database: projectB.numero }, tokenA);
    expect(services.status).toBe(403);
    expect(services.body.error.code).toBe('403');
    expect(services.body.error.description).toMatch(/vinculado al proyecto/);
    // The project lists show only the bound project.
    const own = await t.call('getDBconfig', { database: projectA.numero }, tokenA);
    expect(own.body.error.code).toBe('0');
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/rest/projects/${projectB.numero}/groups`,
      headers: { authorization: `Bearer ${tokenA}`, 'accept-language': 'en' },
    });
    expect(rest.statusCode).toBe(403);
    expect(rest.json().message).toMatch(/bound to project/);
  });
  it('administer no company: administrator calls that name no project are refused', async () => {
    for (const [operation, parameter] of [
      ['companyUsers', {}],
      ['createUser', { username: 'intruso', email: 'intruso@example.com', role: 'ADMINISTRADOR' }],
      ['createEnvironment', { name: 'Intruso', urlManager: 'https://intruso.example.com' }],
    ] as const) {
      const { status, body } = await t.call(operation, parameter, tokenA);
      expect(status).toBe(403);
      expect(body.error.code).toBe('403');
      expect(body.error.description).toBe(
        `El cliente de identidad de este token está vinculado al proyecto ${projectA.numero}: no administra la empresa (${operation}).`,
      );
    }
    const users = await t.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', 'intruso')
      .execute();
    expect(users).toEqual([]);
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/rest/users',
      headers: { authorization: `Bearer ${tokenA}`, 'accept-language': 'en' },
    });
    expect(rest.statusCode).toBe(403);
    expect(rest.json().message).toMatch(/does not administer the company/);
    // Its own project's administration still answers.
    const own = await t.call('getDBconfig', { database: projectA.numero }, tokenA);
    expect(own.body.error.code).toBe('0');
  });

  it('go with their project when it is purged, rather than becoming unbound', async () => {
    const projectC = await createProject(t.database.db, {
      companyId: await demoCompany(t.database.db),
      ownerLogin: 'admin',
      name: 'Proyecto C',
    });
    await ok(
      t,
      'createClient',
      { dbid: projectC.numero, clientid: 'app-proyecto-c', pwd: 'clave-de-la-app-c', type: 'api' },
      admin,
    );
    await t.database.db.deleteFrom('core.projects').where('numero', '=', projectC.numero).execute();
    const left = await t.database.db
      .selectFrom('core.identity_clients')
      .select('clientid')
      .where('clientid', '=', 'app-proyecto-c')
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });
});

describe('GetAccessToken', () => {
  let idToken: string;

  beforeAll(async () => {
    await ok(
      t,
      'createClient',
      {
        name: 'App de campo',
        type: 'login',
        clientid: 'login-proyecto-a',
        dbid: projectA.numero,
        redirect_uris: 'https://app.example.com/callback',
      },
      admin,
    );
    // The ID token the provider gives the login client after a sign-in (aud: the client).
    const keys = await loadIdentityKeys(t.database.db);
    const jwk = keys.jwks.keys[0] as JWK;
    const user = await t.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', 'usuario')
      .executeTakeFirstOrThrow();
    idToken = await new SignJWT({ nonce: 'n' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setSubject(String(user.id))
      .setIssuer(t.config.issuer)
      .setAudience('login-proyecto-a')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importJWK(jwk, 'RS256'));
  });

  async function exchange(query: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/Global/GetAccessToken${query}`,
    });
    const body = response.json();
    return { status: response.statusCode, ...body };
  }

  it('gives an access token for a valid ID token, bound as its client is', async () => {
    const answer = await exchange(`?id_token=${idToken}`);
    expect(answer.err).toBeNull();
    const token = JSON.parse(answer.data);
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    const session = await t.call('session', {}, token.access_token);
    expect(session.body.error.code).toBe('0');
    const other = await t.call('getDBconfig', { database: projectB.numero }, token.access_token);
    expect(other.status).toBe(403);
  });

  it('refuses a missing, forged, or access token with {err, data: null}', async () => {
    expect(await exchange('')).toMatchObject({ status: 401, data: null });
    const forged = await exchange(`?id_token=${idToken.slice(0, -4)}AAAA`);
    expect(forged).toMatchObject({ status: 401, err: expect.stringMatching(/no es válido/) });
    // A console access token is no ID token of a registered login client.
    const asAccess = await exchange(`?id_token=${admin}`);
    expect(asAccess).toMatchObject({ status: 401, data: null });
  });
});

describe('hostile input', () => {
  it('answers broken JSON, a wrong shape, an unknown resource and an oversized body with err', async () => {
    const broken = await data('DataService', '{"operation":');
    expect(broken).toMatchObject({ status: 400, data: null });
    expect(broken.err).toMatch(/JSON/);
    const shape = await data('DataService', { operation: 'drop' });
    expect(shape.err).toMatch(/operation/);
    const unknown = await data(
      'DataServiceAuth',
      { operation: 'list', parameter: { dbid: projectA.numero, resource: 'secretos' } },
      admin,
    );
    expect(unknown.err).toMatch(/No existe el recurso secretos/);
    const missingProject = await data('DataService', { operation: 'list', parameter: {} });
    expect(missingProject.err).toBe('Indique el proyecto: dbid (su número) o pid.');
    const huge = await data('DataService', {
      operation: 'list',
      parameter: { dbid: projectA.numero, resource: 'x'.repeat(300_000) },
    });
    expect(huge).toMatchObject({ status: 413, data: null });
    for (const answer of [broken, shape, unknown, missingProject, huge]) {
      expect(answer.err).not.toMatch(/at .*\.ts|stack/i);
    }
  });
});
