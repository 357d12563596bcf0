import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniformTree } from '../../protocol/access-tree';
import { ENVIRONMENT_CALLBACK_PATH, EXTERNAL_CLIENT_ID } from '../../protocol/projects';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';

/** The console of another Flota server that adds this one as an external environment. */
const TRUSTED = 'http://otra.example:9000';
const UNTRUSTED = 'http://mala.example';
const CALLBACK = `${TRUSTED}${ENVIRONMENT_CALLBACK_PATH}`;

let t: TestApp;
let admin: string;
let companyId: number;

/** A browser for app.inject: keeps cookies and posts forms (as in identity.test.ts). */
function browser() {
  const jar = new Map<string, string>();
  return async (
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ) => {
    const target = new URL(url, t.config.PUBLIC_URL);
    const response = await t.app.inject({
      method,
      url: target.pathname + target.search,
      headers: {
        host: target.host,
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const cookie of response.cookies as { name: string; value: string }[]) {
      if (cookie.value) jar.set(cookie.name, cookie.value);
      else jar.delete(cookie.name);
    }
    return response;
  };
}

function authorizeQuery(verifier: string, redirectUri: string) {
  return new URLSearchParams({
    client_id: EXTERNAL_CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'popup-1',
  });
}

const preflight = (url: string, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    },
  });

beforeAll(async () => {
  t = await buildTestApp({ TRUSTED_ORIGINS: `${TRUSTED}, ${TRUSTED}/` });
  admin = await t.tokenFor('admin');
  ({ id: companyId } = await t.database.db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow());
});
afterAll(() => t.close());

describe('CORS for other Flota consoles', () => {
  it('answers the preflight of a trusted origin, and of its own', async () => {
    for (const origin of [TRUSTED, 'http://127.0.0.1:8089']) {
      const response = await preflight('/api/services', origin);
      expect(response.statusCode).toBe(204);
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, Accept-Language',
        vary: 'Origin',
      });
    }
  });

  it('gives other origins no CORS headers', async () => {
    const response = await preflight('/api/services', UNTRUSTED);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.statusCode).not.toBe(204);
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { origin: UNTRUSTED, authorization: `Bearer ${admin}` },
      payload: { operation: 'loginProjects', parameter: {} },
    });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('names the trusted origin on answers of the API paths only, refusals included', async () => {
    const headers = { origin: TRUSTED };
    for (const url of ['/api/config', '/api/version']) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(TRUSTED);
    }
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers,
      payload: { operation: 'loginProjects', parameter: {} },
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['access-control-allow-origin']).toBe(TRUSTED);
    const health = await t.app.inject({ url: '/healthz', headers });
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the xmanager client', () => {
  it('signs a trusted console in through the popup flow with a token this API accepts', async () => {
    const go = browser();
    const verifier = randomBytes(32).toString('base64url');
    const authorize = await go('GET', `/oidc/auth?${authorizeQuery(verifier, CALLBACK)}`);
    expect(authorize.statusCode).toBe(303);
    const interaction = authorize.headers.location as string;
    const login = await go('POST', `${interaction}/login`, {
      login: 'admin',
      password: t.passwords.admin,
    });
    expect(login.statusCode).toBe(303);
    // No consent screen: the grant is made on the way back.
    const resumed = await go('GET', login.headers.location as string);
    expect(resumed.statusCode).toBe(303);
    const callback = new URL(resumed.headers.location as string);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const code = callback.searchParams.get('code')!;
    const token = await go(
      'POST',
      '/oidc/token',
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: EXTERNAL_CLIENT_ID,
        code_verifier: verifier,
      },
      { origin: TRUSTED },
    );
    expect(token.statusCode).toBe(200);
    expect(token.headers['access-control-allow-origin']).toBe(TRUSTED);
    const { access_token: accessToken } = token.json() as { access_token: string };
    expect(decodeJwt(accessToken)).toMatchObject({
      aud: t.config.audience,
      iss: t.config.issuer,
      client_id: EXTERNAL_CLIENT_ID,
    });
    const { body } = await t.call('loginProjects', {}, accessToken);
    expect(body.error.code).toBe('0');
    expect(body.result.listOfServers[0].name).toBe('Local');
  });

  it('refuses a redirect to a console that is not trusted, and PKCE-less requests', async () => {
    const go = browser();
    const verifier = randomBytes(32).toString('base64url');
    const foreign = await go(
      'GET',
      `/oidc/auth?${authorizeQuery(verifier, `${UNTRUSTED}${ENVIRONMENT_CALLBACK_PATH}`)}`,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.headers.location).toBeUndefined();
    const query = authorizeQuery(verifier, CALLBACK);
    query.delete('code_challenge');
    query.delete('code_challenge_method');
    const withoutPkce = await go('GET', `/oidc/auth?${query}`);
    expect(new URL(withoutPkce.headers.location as string).searchParams.get('error')).toBe(
      'invalid_request',
    );
  });

  it('lists itself in the discovery document the popup reads', async () => {
    const response = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: '127.0.0.1:8089', origin: TRUSTED },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeDefined();
    expect(response.json().token_endpoint).toBe(`${t.config.issuer}/token`);
  });
});

describe('loginProjects', () => {
  let demo: TestProject;
  const made: Record<string, TestProject> = {};

  beforeAll(async () => {
    const { db } = t.database;
    demo = await demoProject(db);
    for (const name of ['beta', 'Alfa', 'gamma', 'Abierto antes', 'Borrado', 'De usuario']) {
      made[name] = await createProject(db, {
        companyId,
        ownerLogin: name === 'De usuario' ? 'usuario' : 'admin',
        name,
      });
    }
    await db
      .updateTable('core.projects')
      .set({ deleted: true, datedeleted: new Date() })
      .where('numero', '=', made.Borrado.numero)
      .execute();
    const adminId = (
      await db
        .selectFrom('core.users')
        .select('id')
        .where('login', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    // Opened 60 and 1 minutes ago, and just now (the deleted one). server/db/schema.ts types
    // last_access as Generated<Timestamp>, which an insert does not take: it is set with SQL.
    const opened: [TestProject, number][] = [
      [made['Abierto antes'], 60],
      [demo, 1],
      [made.Borrado, 0],
    ];
    for (const [project, minutes] of opened) {
      await sql`
        INSERT INTO core.project_recents (user_id, numero, last_access)
        VALUES (${adminId}, ${project.numero}, now() - make_interval(mins => ${minutes}))
      `.execute(db);
    }
    // An external environment is another server's: it is not listed here.
    await db
      .insertInto('core.environments')
      .values({
        company_id: companyId,
        name: 'Fuera',
        url_manager: 'https://fuera.example',
        url_authority: 'https://fuera.example/oidc',
      })
      .execute();
  });

  it("answers this server's environments with the caller's projects, latest opened first", async () => {
    const { body } = await t.call('loginProjects', {}, admin);
    expect(body.error.code).toBe('0');
    const { Version, listOfServers } = body.result;
    expect(Version).toMatch(/^\d+\.\d+\.\d+/);
    expect(listOfServers).toHaveLength(1);
    const [server] = listOfServers;
    const assigned = await t.database.db
      .selectFrom('core.projects')
      .select((eb) => eb.fn.sum<string>('licences').as('sum'))
      .executeTakeFirstOrThrow();
    expect(server).toMatchObject({
      name: 'Local',
      maxLic: 1000,
      asigLic: Number(assigned.sum),
      envLic: 0,
      serverAddrees: 'http://127.0.0.1:8089',
      serverPort: 8089,
      datemask: 'dd/mm/yyyy',
    });
    expect(server.databases.map((database: { name: string }) => database.name)).toEqual([
      'Demo',
      'Abierto antes',
      'Alfa',
      'beta',
      'De usuario',
      'gamma',
    ]);
    const [first] = server.databases;
    expect(first).toEqual({
      numero: demo.numero,
      name: 'Demo',
      lastaccess: expect.any(String),
      access: uniformTree(true, true),
    });
    expect(server.databases[2].lastaccess).toBeNull();
  });

  it('lists only the projects an ordinary user can reach, and nothing to a FREE user', async () => {
    const { body } = await t.call('loginProjects', {}, await t.tokenFor('usuario'));
    const names = body.result.listOfServers[0].databases.map((d: { name: string }) => d.name);
    expect(names).toContain('De usuario');
    expect(names).not.toContain('Alfa');
    await t.database.db
      .insertInto('core.users')
      .values({
        company_id: companyId,
        login: 'gratis',
        email: 'gratis@demo.flota.local',
        password_hash: 'x',
        role: 'FREE',
        rights: 'USUARIO',
      })
      .execute();
    const free = await t.call('loginProjects', {}, await t.tokenFor('gratis'));
    expect(free.body.result.listOfServers).toEqual([]);
  });
});
