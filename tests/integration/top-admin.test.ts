import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_CODES } from '../../protocol/resources/actions';
import { SERVER_EVENTS } from '../../protocol/resources/server-log';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok } from '../support/projects';

// The top administrator's companies and users (/app/xoneges, /app/xoneadmin), the inactive
// company's "Not Authorized", FREE accounts seeing no projects, the server log (/app/logs), the
// tools (/app/tools), and every write in the actions log with its labelled action and address.

let t: TestApp;
let superadmin: string;
let admin: string;
let usuario: string;
let demo: TestProject;
let companyId: number;

beforeAll(async () => {
  t = await buildTestApp();
  [superadmin, admin, usuario] = await Promise.all(
    ['superadmin', 'admin', 'usuario'].map((login) => t.tokenFor(login)),
  );
  demo = await demoProject(t.database.db);
  companyId = await demoCompany(t.database.db);
});
afterAll(() => t?.close());

const forbidden = async (operation: string, parameter: unknown, token: string) => {
  const { status, body } = await t.call(operation, parameter, token);
  expect(status, `${operation} should be forbidden`).toBe(403);
  return body.error.description as string;
};

const lastActions = (action: string) =>
  t.database.db
    .selectFrom('core.actions_log')
    .select(['login', 'detail', 'address', 'company_id'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();

describe('companies (/app/xoneges)', () => {
  it('creates and edits companies: name, tier and state, logged with the caller and address', async () => {
    const created = await ok(
      t,
      'createCompany',
      { name: 'Nubes SL', tier: 'FLOTA_BASIC' },
      superadmin,
    );
    expect(created).toMatchObject({ name: 'Nubes SL', tier: 'FLOTA_BASIC', active: true });
    const changed = await ok(
      t,
      'updateCompany',
      { idcia: created.id, tier: 'FLOTA_PRO', active: false },
      superadmin,
    );
    expect(changed).toMatchObject({ tier: 'FLOTA_PRO', active: false });
    const [log] = await lastActions('company_modified');
    expect(log).toMatchObject({ login: 'superadmin', address: '127.0.0.1' });
    expect(log.detail).toMatchObject({ company: 'Nubes SL', changed: ['tier', 'active'] });
    expect((await lastActions('company_created'))[0].detail).toMatchObject({ tier: 'FLOTA_BASIC' });
  });

  it('refuses a taken name, a bad tier, disabling its own company, and anyone but the top administrator', async () => {
    const taken = await t.call('createCompany', { name: 'Demo', tier: 'FLOTA_FREE' }, superadmin);
    expect(taken.body.error.description).toBe('Ya existe una empresa llamada «Demo».');
    const tier = await t.call('createCompany', { name: 'Otra', tier: 'GOLD' }, superadmin);
    expect(tier.body.error.description).toContain('Plan');
    const own = await t.call('updateCompany', { idcia: companyId, active: false }, superadmin);
    expect(own.body.error.description).toBe('No puede desactivar su propia empresa.');
    for (const token of [admin, usuario]) {
      await forbidden('createCompany', { name: 'Intrusa', tier: 'FLOTA_FREE' }, token);
      await forbidden('updateCompany', { idcia: companyId, name: 'Mía' }, token);
    }
    await forbidden('companies', {}, usuario);
    // A company administrator's list of companies is their own (/app/xoneadmin's picker).
    const listed = await ok(t, 'companies', {}, admin);
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([companyId]);
  });
});

describe("every company's users (/app/xoneadmin)", () => {
  it("lists, creates in and locks users of any company for the top administrator, and of their own for a company's", async () => {
    const other = await ok(
      t,
      'createCompany',
      { name: 'Lejana SA', tier: 'FLOTA_PRO' },
      superadmin,
    );
    const created = await ok(
      t,
      'createUser',
      { idcia: other.id, username: 'lejano', email: 'lejano@lejana.test', role: 'ADMINISTRADOR' },
      superadmin,
    );
    const all = await ok(t, 'companyUsers', { all: true, filter: { q: 'lejano' } }, superadmin);
    expect(all.data).toEqual([
      expect.objectContaining({ login: 'lejano', company: 'Lejana SA', idcia: other.id }),
    ]);
    const byCompany = await ok(
      t,
      'companyUsers',
      { all: true, rowfilter: { company: 'Lejana' }, rowfilteroper: { company: 1 } },
      superadmin,
    );
    expect(byCompany.data.map((u: { login: string }) => u.login)).toEqual(['lejano']);
    // A company administrator's /app/xoneadmin lists their own company's users alone.
    const mine = await ok(t, 'companyUsers', { all: true }, admin);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.data.every((u: { idcia: number }) => u.idcia === companyId)).toBe(true);
    const hidden = await t.call('companyUser', { idusr: created.id, all: true }, admin);
    expect(hidden.body.error.code).not.toBe('0');
    // …nor create users in another company.
    await forbidden(
      'createUser',
      { idcia: other.id, username: 'cercano', email: 'cercano@demo.test', role: 'USUARIO' },
      admin,
    );
    // The last administrator of a company stays, whoever asks.
    const last = await t.call('lockUser', { idusr: created.id, tolock: true }, superadmin);
    expect(last.body.error.description).toBe(
      'Es el último administrador de la empresa: nombre otro antes.',
    );
    await forbidden('companyUsers', { all: true }, usuario);
    expect(
      (await t.call('lockUser', { idusr: created.id, tolock: true }, admin)).body.error.description,
    ).toBe('El usuario no existe.');
  });
});

describe('an inactive company', () => {
  it('answers Not Authorized on its secure operations, and keeps session, menu and profile', async () => {
    const company = await ok(
      t,
      'createCompany',
      { name: 'Dormida SL', tier: 'FLOTA_PRO' },
      superadmin,
    );
    await ok(
      t,
      'createUser',
      {
        idcia: company.id,
        username: 'dormido',
        email: 'dormido@dormida.test',
        role: 'ADMINISTRADOR',
      },
      superadmin,
    );
    const dormido = await t.tokenFor('dormido');
    expect((await ok(t, 'recents', {}, dormido)).total).toBe(0);
    await ok(t, 'updateCompanyState', { idcia: company.id, disabled: true }, superadmin);
    const text =
      'No autorizado: la empresa Dormida SL está desactivada. Consulte con el administrador de Flota.';
    for (const operation of [
      'recents',
      'projects',
      'environments',
      'companyUsers',
      'actionsLog',
      'serverLog',
      'toolPurgeDeleted',
    ]) {
      expect(await forbidden(operation, {}, dormido)).toBe(text);
    }
    const session = await ok(t, 'session', {}, dormido);
    expect(session.company.active).toBe(false);
    const menu = await ok(t, 'menu', {}, dormido);
    expect(menu.entries.map((e: { id: string }) => e.id).sort()).toEqual(['home', 'profile']);
    await ok(t, 'updateProfile', { language: 'en' }, dormido);
  });
});

describe('a FREE account', () => {
  it('sees no projects or environments anywhere, and reaches none', async () => {
    await createUser(t.database.db, companyId, 'gratis');
    await t.database.db
      .updateTable('core.users')
      .set({ role: 'FREE' })
      .where('login', '=', 'gratis')
      .execute();
    // Even a project it owns stays out of its reach.
    await t.database.db
      .updateTable('core.projects')
      .set({ owner_id: sql`(SELECT id FROM core.users WHERE login = 'gratis')` })
      .where('numero', '=', demo.numero)
      .execute();
    const gratis = await t.tokenFor('gratis');
    const empty = { data: [], total: 0, recordsTotal: 0 };
    expect(await ok(t, 'projects', {}, gratis)).toEqual(empty);
    expect(await ok(t, 'recents', {}, gratis)).toEqual(empty);
    expect(await ok(t, 'shareds', {}, gratis)).toEqual(empty);
    expect(await ok(t, 'environments', {}, gratis)).toEqual(empty);
    expect((await ok(t, 'devicesByDatabase', {}, gratis)).data).toEqual([]);
    const refused = await t.call('projectAccess', { database: demo.numero }, gratis);
    expect(refused.body.error.code).not.toBe('0');
    await t.database.db
      .updateTable('core.projects')
      .set({ owner_id: sql`(SELECT id FROM core.users WHERE login = 'admin')` })
      .where('numero', '=', demo.numero)
      .execute();
  });
});

describe('the actions log and the server log', () => {
  it('records device writes with their project and address, and the server log their lines', async () => {
    const database = demo.numero;
    await ok(
      t,
      'saveDevice',
      { database, device: { MID: 'LOG-0001', OWNER: 'Ana', DEVICE_TYPE: 'android' } },
      admin,
    );
    const device = (await t.database.db
      .withSchema(demo.schema)
      .selectFrom('devices' as never)
      .select('ID' as never)
      .where('MID' as never, '=', 'LOG-0001' as never)
      .executeTakeFirstOrThrow()) as { ID: number };
    await ok(t, 'saveDevice', { database, ID: device.ID, device: { OWNER: 'Ana G.' } }, admin);
    await ok(t, 'setPendingDevices', { database, lstMID: ['LOG-0001'], status: 'disabled' }, admin);
    await ok(t, 'deviceDelete', { database, ID: device.ID }, admin);
    for (const action of [
      'device_created',
      'device_modified',
      'devices_disabled',
      'devices_deleted',
    ]) {
      const [row] = await lastActions(action);
      expect(row, action).toMatchObject({
        login: 'admin',
        address: '127.0.0.1',
        company_id: companyId,
      });
      expect(row.detail).toMatchObject({ database });
    }
    expect((await lastActions('device_modified'))[0].detail).toMatchObject({ changed: ['OWNER'] });

    const lines = await ok(t, 'serverLog', { filter: { q: 'LOG-0001' } }, admin);
    expect(lines.data.map((l: { event: string }) => l.event)).toEqual([
      'device_deleted',
      'device_disabled',
    ]);
    expect(lines.data[0]).toMatchObject({ project: 'Demo', mid: 'LOG-0001', level: 'info' });
    const deleted = await ok(
      t,
      'serverLog',
      {
        filter: { q: 'LOG-0001' },
        rowfilter: { event: 'device_deleted' },
        rowfilteroper: { event: 5 },
      },
      admin,
    );
    expect(deleted.total).toBe(1);
    const actions = await ok(
      t,
      'actionsLog',
      { rowfilter: { action: 'devices_deleted' }, rowfilteroper: { action: 5 } },
      admin,
    );
    expect(actions.data[0]).toMatchObject({ action: 'devices_deleted', address: '127.0.0.1' });
    await forbidden('serverLog', {}, usuario);
  });

  it('enrols a device with a line in the server log', async () => {
    const { numero } = demo;
    const token = await ok(
      t,
      'enrolmentToken',
      { database: numero, uses: 1, days: 1, rotate: false },
      admin,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: {
        token: token.token,
        mid: 'LOG-ENROL-1',
        owner: 'Eva',
        model: 'Pixel 8',
        platform: 'ANDROID',
      },
    });
    expect(response.statusCode).toBe(200);
    const lines = await ok(t, 'serverLog', { filter: { q: 'LOG-ENROL-1' } }, admin);
    expect(lines.data[0]).toMatchObject({ event: 'device_enrolled', project: 'Demo' });
  });
});

describe('the tools (/app/tools)', () => {
  it('purges old deleted projects, resends a password mail and clears old help-desk files', async () => {
    const purged = await ok(t, 'toolPurgeDeleted', {}, admin);
    expect(purged).toEqual({ purged: [] });
    const mailed = await ok(t, 'toolPasswordMail', { login: 'USUARIO' }, admin);
    expect(mailed).toMatchObject({ login: 'usuario', email: 'usuario@demo.flota.local' });
    const mail = await t.database.db
      .selectFrom('core.outbox')
      .select('to_address')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('usuario@demo.flota.local');
    expect(await ok(t, 'toolClearHelpdesk', { days: 30 }, admin)).toEqual({ files: 0 });
    for (const action of ['tool_purge', 'tool_password_mail', 'tool_helpdesk_cleared']) {
      expect((await lastActions(action))[0], action).toMatchObject({ login: 'admin' });
    }
    const missing = await t.call('toolPasswordMail', { login: 'lejano' }, admin);
    expect(missing.body.error.description).toBe('El usuario no existe.');
    for (const operation of ['toolPurgeDeleted', 'toolClearHelpdesk'])
      await forbidden(operation, {}, usuario);
    await forbidden('toolPasswordMail', { login: 'admin' }, usuario);
  });

  it('labels every action and server event it wrote, in both languages', async () => {
    const codes = new Set(ACTION_CODES.map((choice) => choice.code));
    const actions = await t.database.db
      .selectFrom('core.actions_log')
      .select('action')
      .distinct()
      .execute();
    expect(actions.map((row) => row.action).filter((action) => !codes.has(action))).toEqual([]);
    const events = new Set(SERVER_EVENTS.map((choice) => choice.code));
    const lines = await t.database.db
      .selectFrom('core.server_log')
      .select('event')
      .distinct()
      .execute();
    expect(lines.map((row) => row.event).filter((event) => !events.has(event))).toEqual([]);
  });
});
