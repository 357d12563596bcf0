import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { restCall, type RestCall } from '../support/rest-client';
import { demoProject } from '../support/devices';
import { createUser, ok, refused } from '../support/projects';
import { authorize, browser, startSignIn, type Browser } from '../support/signin';
import { hashPassword } from '../../server/identity/passwords';
import { sql } from 'kysely';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { CLOUD_TREE } from '../../protocol/menu-tree';
import { userIdOf } from '../support/projects';

// /app/security (docs/identity.md, "Clients registered by companies"): API clients get tokens
// with their secret and act with the rights their creator gave them; login clients sign people
// in with PKCE at validated redirect URIs; both live in the embedded provider from the database.

let t: TestApp;
let admin: string;
let usuario: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
  const { id: other } = await t.database.db
    .insertInto('core.companies')
    .values({ name: 'Otra', tier: 'FLOTA_PRO' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createUser(t.database.db, other, 'otra-admin', true);
  otherAdmin = await t.tokenFor('otra-admin');
});
afterAll(async () => {
  await t?.close();
});

/** The client-credentials grant at the provider's token endpoint, with HTTP basic auth. */
async function clientToken(clientId: string, secret: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    payload: 'grant_type=client_credentials',
  });
  return { status: response.statusCode, body: response.json() };
}

async function restDevices(token: string) {
  const { numero } = await demoProject(t.database.db);
  return t.app.inject({
    method: 'GET',
    url: `/api/rest/projects/${numero}/devicelist?range=[0,4]`,
    headers: { authorization: `Bearer ${token}` },
  });
}

describe('API clients', () => {
  let clientid: string;
  let secret: string;

  it('are created with a secret answered once, and listed without it', async () => {
    const created = await ok(
      t,
      'createClient',
      { name: 'ERP', type: 'api', rights: 'USUARIO' },
      admin,
    );
    expect(created).toMatchObject({
      name: 'ERP',
      type: 'api',
      rights: 'USUARIO',
      created_login: 'admin',
    });
    expect(created.clientid).toMatch(/^flota-api-/);
    expect(created.pwd).toHaveLength(43);
    ({ clientid, pwd: secret } = created);
    const list = await ok(t, 'clients', {}, usuario);
    expect(list.data).toEqual([expect.objectContaining({ clientid, name: 'ERP' })]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const row = await t.database.db
      .selectFrom('core.identity_clients')
      .select('sealed_secret')
      .where('clientid', '=', clientid)
      .executeTakeFirstOrThrow();
    expect(row.sealed_secret).not.toContain(secret);
  });

  it('get a token for the API with the secret, and list the project’s devices', async () => {
    const { status, body } = await clientToken(clientid, secret);
    expect(status, JSON.stringify(body)).toBe(200);
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({ sub: clientid, client_id: clientid, aud: t.config.audience });
    const devices = await restDevices(body.access_token);
    expect(devices.statusCode, devices.body).toBe(200);
    expect(devices.headers['content-range']).toMatch(/^devicelist 0-\d+\/\d+$/);
    const services = await t.call('session', {}, body.access_token);
    expect(services.body.error.code).toBe('0');
    // USUARIO rights: the company's user administration is refused.
    expect((await t.call('companyUsers', {}, body.access_token)).status).toBe(403);
    // A client never manages clients, whatever its rights.
    expect(await refused(t, 'createClient', { name: 'Más', type: 'api' }, body.access_token)).toBe(
      'Un cliente de API no puede gestionar clientes de identidad.',
    );
    expect((await clientToken(clientid, 'wrong-secret')).status).toBe(401);
  });

  it('never get more rights than their creator', async () => {
    expect(
      await refused(
        t,
        'createClient',
        { name: 'Admin', type: 'api', rights: 'ADMINISTRADOR' },
        usuario,
      ),
    ).toBe('No puede dar a un cliente más derechos que los suyos.');
    const created = await ok(
      t,
      'createClient',
      { name: 'Admin', type: 'api', rights: 'ADMINISTRADOR' },
      admin,
    );
    const { body } = await clientToken(created.clientid, created.pwd);
    expect((await t.call('companyUsers', {}, body.access_token)).body.error.code).toBe('0');
    // The creator demoted: the client is demoted with them, at once.
    await t.database.db
      .updateTable('core.users')
      .set({ rights: 'USUARIO', role: 'USER' })
      .where('login', '=', 'admin')
      .execute();
    expect((await t.call('companyUsers', {}, body.access_token)).status).toBe(403);
    await t.database.db
      .updateTable('core.users')
      .set({ rights: 'ADMINISTRADOR', role: 'ADMIN' })
      .where('login', '=', 'admin')
      .execute();
  });

  it('are deleted by their creator or an administrator only, and their tokens stop at once', async () => {
    const { body } = await clientToken(clientid, secret);
    expect(await refused(t, 'deleteClient', { clientid }, otherAdmin)).toBe(
      `Cliente de identidad ${clientid} no existe.`,
    );
    expect(await refused(t, 'deleteClient', { clientid }, usuario)).toBe(
      'Solo un administrador puede borrar clientes creados por otro usuario.',
    );
    await ok(t, 'deleteClient', { clientid, type: 'api' }, admin);
    expect((await restDevices(body.access_token)).statusCode).toBe(401);
    expect((await clientToken(clientid, secret)).status).toBe(401);
    const log = await t.database.db
      .selectFrom('core.actions_log')
      .select('action')
      .where('action', 'in', ['client_created', 'client_deleted'])
      .execute();
    expect(log.map((row) => row.action)).toEqual([
      'client_created',
      'client_created',
      'client_deleted',
    ]);
  });
});

/** A call of the REST API (docs/rest.md) with a token. */
const rest = (...call: RestCall) => restCall(t, ...call);

describe('on the engine, keyed by the text clientid (docs/resources.md, "Text keys")', () => {
  it('serves /api/rest/identity-clients/<clientid>, with its revisions and actions log', async () => {
    const made = await rest('POST', '/api/rest/identity-clients', admin, {
      name: 'Por REST',
      type: 'api',
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json();
    expect(created).toMatchObject({ name: 'Por REST', version: 1, dbid: null });
    expect(created.id).toBe(created.clientid);
    expect(created.pwd).toHaveLength(43);
    const url = `/api/rest/identity-clients/${created.clientid}`;
    const shown = await rest('GET', url, usuario);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id: created.clientid, name: 'Por REST', type: 'api' });
    expect(shown.body).not.toContain(created.pwd);
    expect(shown.body).not.toContain('sealed');
    // Not edited: a new client replaces one.
    expect((await rest('PUT', url, admin, { name: 'Otro' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    const listed = await rest('GET', '/api/rest/identity-clients?filter={"q":"Por REST"}', admin);
    expect(listed.json()).toEqual([expect.objectContaining({ clientid: created.clientid })]);
    const gone = await rest('DELETE', url, admin);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await rest('GET', url, admin)).statusCode).toBe(404);
    const history = await ok(
      t,
      'revisions',
      { filter: { resource: 'identity-clients', record: created.clientid } },
      admin,
    );
    expect(history.data.map((r: { action: string }) => r.action)).toEqual(['delete', 'create']);
    expect(JSON.stringify(history)).not.toContain(created.pwd);
    const log = await t.database.db
      .selectFrom('core.actions_log')
      .select(['action', 'detail'])
      .where(sql<boolean>`detail->>'id' = ${created.clientid}`)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['client_created', 'client_deleted']);
  });

  it('lists the rows stored before the engine came, and sorts and filters them in SQL', async () => {
    const { id: creator } = await t.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', 'admin')
      .executeTakeFirstOrThrow();
    const company = (await ok(t, 'clients', {}, admin)).data[0];
    const companyId = (
      await t.database.db
        .selectFrom('core.identity_clients')
        .select('company_id')
        .where('clientid', '=', company.clientid)
        .executeTakeFirstOrThrow()
    ).company_id;
    await t.database.db
      .insertInto('core.identity_clients')
      .values({
        clientid: 'viejo.cliente-1',
        company_id: companyId,
        type: 'login',
        name: 'Anterior',
        redirect_uris: ['https://a.example.com/cb', 'https://b.example.com/cb'],
        created_by: creator,
        created_login: 'admin',
      })
      .execute();
    const page = await ok(
      t,
      'identityClientsList',
      {
        datatable: { start: 0, length: 5, orderBy: 'name', orderDir: 'asc' },
        rowfilter: { clientid: 'viejo' },
        rowfilteroper: { clientid: 3 },
      },
      admin,
    );
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({
      id: 'viejo.cliente-1',
      name: 'Anterior',
      version: 1,
      redirect_uris: 'https://a.example.com/cb\nhttps://b.example.com/cb',
    });
    // The specification's name sorts by its wire name of the key, `clientid`, as a person reads.
    const sorted = await ok(
      t,
      'clients',
      { datatable: { orderBy: 'clientid', orderDir: 'desc' } },
      admin,
    );
    const ids = sorted.data.map((row: { clientid: string }) => row.clientid.toLowerCase());
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort().reverse());
    await ok(t, 'identityClientsDelete', { id: 'viejo.cliente-1' }, admin);
  });
});

describe('who may, by the menu tree (002 §6 security indices)', () => {
  it('gates each type of client, and the list, by its index', async () => {
    const usuarioId = await userIdOf(t.database.db, 'usuario');
    const { id: local } = await t.database.db
      .selectFrom('core.environments')
      .select('id')
      .where('name', '=', 'Local')
      .executeTakeFirstOrThrow();
    const save = (access: unknown) =>
      ok(t, 'saveUserAccess', { idusr: usuarioId, idenv: local, access }, admin);
    const all = uniformTree(true, true, CLOUD_TREE);
    await save(markShow(all, 'projects.security.createLogin', false));
    const login = { name: 'Web', type: 'login', redirect_uris: 'http://localhost:3000/cb' };
    for (const operation of ['createClient', 'identityClientsCreate']) {
      const denied = await t.call(operation, login, usuario);
      expect(denied.status).toBe(403);
      expect(denied.body.error.description).toMatch(/^Su árbol de accesos no le permite «/);
    }
    const api = await ok(t, 'identityClientsCreate', { name: 'Permitido', type: 'api' }, usuario);
    await save(markShow(all, 'projects.security.deleteApi', false));
    expect((await t.call('identityClientsDelete', { id: api.id }, usuario)).status).toBe(403);
    await save(markShow(all, 'projects.security', false));
    for (const operation of ['clients', 'identityClientsList']) {
      expect((await t.call(operation, {}, usuario)).status).toBe(403);
    }
    expect((await t.call('identityClientsShow', { id: api.id }, usuario)).status).toBe(403);
    await save(null);
    await ok(t, 'deleteClient', { clientid: api.id }, usuario);
  });
});

describe('login clients', () => {
  it('validate their redirect URIs: https, or http on localhost only', async () => {
    for (const uri of [
      'http://app.example.com/cb',
      'ftp://x.example.com/',
      'https://x.example.com/#f',
      'not a uri',
    ]) {
      expect(
        await refused(t, 'createClient', { name: 'Web', type: 'login', redirect_uris: uri }, admin),
      ).toBe(
        `La dirección de retorno «${uri}» no es válida: use https, o http solo para localhost.`,
      );
    }
    expect(await refused(t, 'createClient', { name: 'Web', type: 'login' }, admin)).toBe(
      'Un cliente de acceso necesita al menos una dirección de retorno.',
    );
  });

  it('sign people in with PKCE at once after creation, with no secret', async () => {
    const created = await ok(
      t,
      'createClient',
      {
        name: 'Portal',
        type: 'login',
        redirect_uris: 'https://portal.example.com/cb\nhttp://localhost:3000/cb',
      },
      usuario,
    );
    expect(created.pwd).toBeUndefined();
    expect(created.redirect_uris).toBe('https://portal.example.com/cb\nhttp://localhost:3000/cb');
    const challenge = createHash('sha256')
      .update(randomBytes(32).toString('base64url'))
      .digest('base64url');
    const authorize = (redirect: string) =>
      t.app.inject({
        method: 'GET',
        url: `/oidc/auth?${new URLSearchParams({
          client_id: created.clientid,
          response_type: 'code',
          scope: 'openid',
          redirect_uri: redirect,
          code_challenge: challenge,
          code_challenge_method: 'S256',
          state: 's',
        })}`,
      });
    const started = await authorize('http://localhost:3000/cb');
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toMatch(/\/oidc\/interaction\//);
    // A redirect URI it was not given is refused by the provider.
    expect((await authorize('https://evil.example.com/cb')).statusCode).toBe(400);
    // Its creator (not an administrator) may delete it; then the provider no longer knows it.
    await ok(t, 'deleteClient', { clientid: created.clientid }, usuario);
    expect((await authorize('http://localhost:3000/cb')).statusCode).toBe(400);
  });

  it("sign in only their company's active users, even one already signed in elsewhere", async () => {
    const created = await ok(
      t,
      'createClient',
      { name: 'Intranet', type: 'login', redirect_uris: 'http://localhost:3000/cb' },
      admin,
    );
    const otherUser = await t.database.db
      .updateTable('core.users')
      .set({ password_hash: await hashPassword('otra-clave-1') })
      .where('login', '=', 'otra-admin')
      .returning('id')
      .executeTakeFirstOrThrow();
    const clientQuery = {
      client_id: created.clientid,
      redirect_uri: 'http://localhost:3000/cb',
      scope: 'openid',
    };
    const signIn = async (go: Browser, login: string, password: string, lang = 'es') => {
      const { interaction } = await startSignIn(go, t.config, clientQuery);
      await go('GET', `${interaction}?lang=${lang}`);
      return go('POST', `${interaction}/login`, { login, password });
    };

    // Another company's administrator, right password: refused with a page, in their language.
    const go = browser(t.app, t.config);
    const refusedPage = await signIn(go, 'otra-admin', 'otra-clave-1');
    expect(refusedPage.statusCode).toBe(200);
    expect(refusedPage.body).toContain(
      'Esta aplicación es de otra empresa: solo admite a los usuarios de esa empresa.',
    );
    // Its link takes the browser back to the client with access_denied, never a code.
    const back = /href="([^"]+)"/.exec(refusedPage.body)![1].replace(/&amp;/g, '&');
    const denied = await go('GET', back);
    const returned = new URL(denied.headers.location as string);
    expect(returned.origin).toBe('http://localhost:3000');
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expect(returned.searchParams.get('code')).toBeNull();
    const english = await signIn(browser(t.app, t.config), 'otra-admin', 'otra-clave-1', 'en');
    expect(english.body).toContain(
      'This application belongs to another company and accepts only that company',
    );
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('user_id', '=', otherUser.id)
      .where('action', '=', 'signin_failed')
      .execute();
    expect(logged.map((row) => (row.detail as { reason: string }).reason)).toContain('client');

    // A user of the client's company signs in and gets a code.
    const demoBrowser = browser(t.app, t.config);
    const demo = await signIn(demoBrowser, 'usuario', t.passwords.usuario);
    expect(demo.statusCode).toBe(303);
    const resumed = await demoBrowser('GET', demo.headers.location as string);
    expect(resumed.statusCode).toBe(303);
    expect(new URL(resumed.headers.location as string).searchParams.get('code')).toBeTruthy();

    // A session of the other company's user (the console's, say) gets no code silently: the
    // provider asks for a sign-in again.
    const console = browser(t.app, t.config);
    const { interaction } = await startSignIn(console, t.config);
    const signedIn = await console('POST', `${interaction}/login`, {
      login: 'otra-admin',
      password: 'otra-clave-1',
    });
    expect((await console('GET', signedIn.headers.location as string)).statusCode).toBe(303);
    const again = await authorize(console, t.config, clientQuery);
    expect(again.response.statusCode).toBe(303);
    expect(again.response.headers.location).toMatch(/^\/oidc\/interaction\//);
    const silent = await authorize(console, t.config, { ...clientQuery, prompt: 'none' });
    const silentBack = new URL(silent.response.headers.location as string);
    expect(silentBack.searchParams.get('error')).toBe('login_required');

    // A deactivated user of the company is refused as on the console.
    await t.database.db
      .updateTable('core.users')
      .set({ active: false })
      .where('login', '=', 'usuario')
      .execute();
    const inactive = await signIn(browser(t.app, t.config), 'usuario', t.passwords.usuario);
    expect(inactive.body).toContain('Su usuario está desactivado.');
    await t.database.db
      .updateTable('core.users')
      .set({ active: true })
      .where('login', '=', 'usuario')
      .execute();
  });
});
