import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';

let t: TestApp;
let userToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  userToken = await t.tokenFor('usuario');
});
afterAll(() => t.close());

describe('POST /api/services envelope', () => {
  it('answers a known operation with code 0 and the result', async () => {
    const { status, body } = await t.call('session', {}, userToken);
    expect(status).toBe(200);
    expect(body.error).toEqual({ code: '0', description: '' });
    expect(body.result.profile).toMatchObject({
      nickname: 'usuario',
      role: 'USER',
      active: 'true',
    });
    expect(body.result.company).toMatchObject({ name: 'Demo', tier: 'FLOTA_PRO', active: true });
    expect(body.result.landing).toBe('/app/home');
  });

  it('refuses an unknown operation with code -1 and names it', async () => {
    const { body } = await t.call('dropEverything', {}, userToken);
    expect(body).toEqual({
      error: { code: '-1', description: 'Operación desconocida: dropEverything.' },
      result: null,
    });
  });

  it('refuses a parameter of the wrong type with code -1 and the field', async () => {
    const { body } = await t.call('saveState', { state: 42 }, userToken);
    expect(body.error.code).toBe('-1');
    expect(body.error.description).toMatch(/^Parámetro no válido para saveState: state:/);
  });

  it('answers a body that is not JSON with 400 and the envelope, no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${userToken}` },
      payload: '{"operation": "session",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: '-1', description: 'El cuerpo de la petición no es JSON válido.' },
      result: null,
    });
    expect(response.body).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers a body that is not an envelope, and a non-JSON media type', async () => {
    expect((await t.call('', {}, userToken)).body.error.code).toBe('-1');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { 'content-type': 'text/plain', authorization: `Bearer ${userToken}` },
      payload: 'operation=session',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('-1');
  });

  it('refuses a 10 MB body with 413 before reading it all', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${userToken}` },
      payload: JSON.stringify({
        operation: 'session',
        parameter: { pad: 'x'.repeat(10 * 1024 * 1024) },
      }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: '413',
      description: 'La petición es demasiado grande (máximo 1048576 bytes).',
    });
  });

  it('answers in English when the caller asks for it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${userToken}`, 'accept-language': 'en-GB,en' },
      payload: { operation: 'nope' },
    });
    expect(response.json().error.description).toBe('Unknown operation: nope.');
  });
});

describe('access tokens', () => {
  it('refuses a call without a token with 401', async () => {
    const { status, body } = await t.call('session', {});
    expect(status).toBe(401);
    expect(body.error.code).toBe('401');
  });

  it('refuses an expired token', async () => {
    const expired = await t.tokenFor('usuario', { expiresIn: '-1m' });
    const { status, body } = await t.call('session', {}, expired);
    expect(status).toBe(401);
    expect(body.error.description).toBe('El token de acceso ha caducado.');
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${expired}`, 'accept-language': 'en' },
      payload: { operation: 'session', parameter: {} },
    });
    expect(english.json().error.description).toBe('The access token has expired.');
  });

  it('refuses a forged token and a token of another issuer', async () => {
    const [header, payload] = userToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString(
      'base64url',
    );
    const forged = `${header}.${forgedPayload}.${userToken.split('.')[2]}`;
    expect((await t.call('session', {}, forged)).status).toBe(401);
    const foreign = await t.tokenFor('usuario', { issuer: 'https://other.example/oidc' });
    const { status, body } = await t.call('session', {}, foreign);
    expect(status).toBe(401);
    expect(body.error.description).toBe('El token de acceso no es válido.');
  });
});

describe('permissions', () => {
  it('refuses admin and top-admin operations to an ordinary user with 403', async () => {
    for (const operation of ['actionsLog', 'companies']) {
      const { status, body } = await t.call(operation, {}, userToken);
      expect(status).toBe(403);
      expect(body.error).toEqual({
        code: '403',
        description: 'Su usuario no tiene permiso para esta acción.',
      });
    }
  });

  it('lets an administrator read the actions log and, of the companies, their own', async () => {
    const admin = await t.tokenFor('admin');
    expect((await t.call('actionsLog', {}, admin)).body.error.code).toBe('0');
    const { body } = await t.call('companies', {}, admin);
    expect(body.result.data.map((row: { name: string }) => row.name)).toEqual(['Demo']);
  });
});

describe('menu', () => {
  const menuIds = async (login: string) =>
    (await t.call('menu', {}, await t.tokenFor(login))).body.result.entries.map(
      (e: { id: string }) => e.id,
    );

  it('gives each role its entries', async () => {
    const fleet = [
      'mam',
      'recents',
      'shareds',
      'environments',
      'identity-clients',
      'frameworks',
      'mamdash',
      'devicelist',
      'monitoring',
      'database',
      'databasestat',
      'updates',
      'kioskpremium',
      'mdmdash',
      'mdmiosconfig',
      'mdmwmconfig',
      'reports',
      'sqltables',
      'setting',
      'search',
    ];
    // The entries of the definitions that name one (protocol/menu-declared.ts), after the rest.
    const declared = [
      'mdm-organizations',
      'mdm-policies',
      'mdm-devices',
      'mdm-kiosk-devices',
      'mdm-kiosk',
      'mdm-ios-devices',
      'mdm-pending-devices',
      'mdm-users',
      'kiosk-apps',
      'managed-apps',
      'revisions',
    ];
    // Bots, custom entities and fields are for administrators (issues 38 and 34).
    const administered = [
      'mdm-organizations',
      'mdm-policies',
      'mdm-enrolment-tokens',
      'mdm-devices',
      'mdm-kiosk-devices',
      'mdm-kiosk',
      'mdm-ios-devices',
      'mdm-pending-devices',
      'mdm-users',
      'mdm-roles',
      'kiosk-apps',
      'bots',
      'bot-runs',
      'managed-apps',
      'custom-entities',
      'custom-fields',
      'revisions',
    ];
    // Organization: every user of a company reads it (its administrators change it).
    expect(await menuIds('usuario')).toEqual([
      'home',
      ...fleet,
      'pricing',
      'profile',
      'organization',
      ...declared,
    ]);
    const administration = ['users', 'organization', 'actions', 'logs', 'tools', 'resources'];
    expect(await menuIds('admin')).toEqual([
      'home',
      ...fleet,
      'pricing',
      'profile',
      ...administration,
      'all-users',
      ...administered,
    ]);
    expect(await menuIds('superadmin')).toEqual([
      'home',
      ...fleet,
      'pricing',
      'profile',
      ...administration,
      'companies',
      'company-management',
      'all-users',
      ...administered,
    ]);
  });
});

describe('saved UI state and landing', () => {
  it('keeps the last screen on the server and lands there after sign-in', async () => {
    const saved = await t.call('saveState', { state: '/app/profile', currentdb: '1' }, userToken);
    expect(saved.body.result).toEqual({ state: '/app/profile', serverid: null, currentdb: '1' });
    const { body } = await t.call('session', {}, userToken);
    expect(body.result.landing).toBe('/app/profile');
    expect((await t.call('loadState', {}, userToken)).body.result.state).toBe('/app/profile');
  });

  it('keeps the saved project when a screen outside a project saves only its path', async () => {
    await t.call('saveState', { state: '/app/devicelist?database=1', currentdb: '1' }, userToken);
    const saved = await t.call('saveState', { state: '/app/profile' }, userToken);
    expect(saved.body.result).toEqual({ state: '/app/profile', serverid: null, currentdb: '1' });
  });

  it('refuses a saved state outside the console', async () => {
    const { body } = await t.call('saveState', { state: 'https://evil.example' }, userToken);
    expect(body.error.code).toBe('-1');
    expect((await t.call('loadState', {}, userToken)).body.result.state).toBe('/app/profile');
  });

  it('sends a company without subscription to pricing, and an inactive one home', async () => {
    const { db } = t.database;
    await db.updateTable('core.companies').set({ tier: null }).where('name', '=', 'Demo').execute();
    expect((await t.call('session', {}, userToken)).body.result.landing).toBe('/app/pricing');
    await db.updateTable('core.companies').set({ tier: 'FLOTA_PRO', active: false }).execute();
    expect((await t.call('session', {}, userToken)).body.result.landing).toBe('/app/home');
    const pricing = await t.call('pricing', {}, userToken);
    expect(pricing.body.error.description).toBe('La empresa está inactiva: no puede contratar.');
    await db.updateTable('core.companies').set({ active: true }).execute();
  });
});

describe('notifications, profile, pricing, companies', () => {
  it('lists the welcome notification and marks it read only for its owner', async () => {
    const list = (await t.call('notifications', {}, userToken)).body.result;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ title: 'Bienvenido a Flota', read: false });
    const other = await t.tokenFor('admin');
    expect((await t.call('notificationRead', { id: list.data[0].id }, other)).body.error.code).toBe(
      '-1',
    );
    expect((await t.call('notificationRead', { id: list.data[0].id }, userToken)).body.result).toBe(
      true,
    );
    expect((await t.call('notifications', {}, userToken)).body.result.data[0].read).toBe(true);
  });

  it("writes a system notification in its reader's language", async () => {
    await t.call('updateProfile', { language: 'en' }, userToken);
    const english = (await t.call('notifications', {}, userToken)).body.result.data[0];
    expect(english).toMatchObject({
      title: 'Welcome to Flota',
      body: 'Your console is ready. Check your profile and language in the user menu.',
    });
    expect(english).not.toHaveProperty('text_key');
    await t.call('updateProfile', { language: 'es' }, userToken);
    const spanish = (await t.call('notifications', {}, userToken)).body.result.data[0];
    expect(spanish.title).toBe('Bienvenido a Flota');
  });

  it('pages notifications with a bounded page length', async () => {
    const huge = await t.call('notifications', { datatable: { start: 0, length: 1e9 } }, userToken);
    expect(huge.body.error.code).toBe('-1');
    const zero = await t.call('notifications', { datatable: { start: 0, length: 0 } }, userToken);
    expect(zero.body.error.code).toBe('-1');
  });

  it('changes the language and two-factor setting of the caller', async () => {
    const { body } = await t.call('updateProfile', { language: 'en', twofactor: true }, userToken);
    expect(body.result).toMatchObject({ login: 'usuario', language: 'en', twofactor: true });
    expect((await t.call('updateProfile', { language: 'fr' }, userToken)).body.error.code).toBe(
      '-1',
    );
    await t.call('updateProfile', { language: 'es', twofactor: false }, userToken);
  });

  it('lets an administrator subscribe the company to a tier, not an ordinary user', async () => {
    expect((await t.call('subscribe', { tier: 'FLOTA_BASIC' }, userToken)).status).toBe(403);
    const admin = await t.tokenFor('admin');
    expect((await t.call('subscribe', { tier: 'GOLD' }, admin)).body.error.code).toBe('-1');
    const { body } = await t.call('subscribe', { tier: 'FLOTA_BASIC' }, admin);
    expect(body.result).toMatchObject({ name: 'Demo', tier: 'FLOTA_BASIC' });
    const log = (await t.call('actionsLog', { filter: { action: 'subscribe' } }, admin)).body
      .result;
    expect(log.data[0]).toMatchObject({ login: 'admin', action: 'subscribe' });
  });

  it('lets the top admin list companies and disable another company', async () => {
    const top = await t.tokenFor('superadmin');
    const other = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Acme', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = (
      await t.call('companies', { datatable: { start: 0, length: 10, orderBy: 'name' } }, top)
    ).body.result;
    expect(list.data.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Demo']);
    expect(list.data[1].users).toBe(3);
    const own = (await t.call('session', {}, top)).body.result.company.id;
    expect(
      (await t.call('updateCompanyState', { idcia: own, disabled: true }, top)).body.error.code,
    ).toBe('-1');
    const off = await t.call('updateCompanyState', { idcia: other.id, disabled: true }, top);
    expect(off.body.result).toMatchObject({ name: 'Acme', active: false });
    expect(
      (await t.call('updateCompanyState', { idcia: 99999, disabled: true }, top)).body.error
        .description,
    ).toBe('La empresa no existe.');
  });

  it("refuses in the caller's language: English once the profile says so", async () => {
    const top = await t.tokenFor('superadmin');
    const own = (await t.call('session', {}, top)).body.result.company.id;
    const description = async (operation: string, parameter: unknown, token: string) =>
      (await t.call(operation, parameter, token)).body.error.description;
    for (const token of [userToken, top]) await t.call('updateProfile', { language: 'en' }, token);
    try {
      expect(await description('notificationRead', { id: 99999 }, userToken)).toBe(
        'The notification does not exist.',
      );
      expect(await description('updateCompanyState', { idcia: own, disabled: true }, top)).toBe(
        'You cannot disable your own company.',
      );
      expect(await description('updateCompanyState', { idcia: 99999, disabled: true }, top)).toBe(
        'The company does not exist.',
      );
      await t.database.db
        .updateTable('core.companies')
        .set({ active: false })
        .where('id', '=', own)
        .execute();
      expect(await description('pricing', {}, userToken)).toBe(
        'The company is inactive: it cannot subscribe.',
      );
    } finally {
      await t.database.db
        .updateTable('core.companies')
        .set({ active: true })
        .where('id', '=', own)
        .execute();
      for (const token of [userToken, top])
        await t.call('updateProfile', { language: 'es' }, token);
    }
    expect(await description('notificationRead', { id: 99999 }, userToken)).toBe(
      'La notificación no existe.',
    );
    expect(await description('updateCompanyState', { idcia: own, disabled: true }, top)).toBe(
      'No puede desactivar su propia empresa.',
    );
  });
});

describe('health and configuration', () => {
  it('reports health and the public console configuration', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const config = (await t.app.inject('/api/config')).json();
    expect(config).toMatchObject({
      issuer: 'http://127.0.0.1:8089/oidc',
      clientId: 'flota-console',
      flavour: 'cloud',
    });
  });

  it('answers an unknown API path with the envelope and 404', async () => {
    const response = await t.app.inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('-1');
  });
});
