import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/identity/passwords';
import { buildTestApp, type TestApp } from '../support/app';
import { setLanguage } from '../support/language';

// Company user administration (/app/users, docs/users.md): the list, creation within the tier's
// quota with a mail to set the password, edits, locking and deletion with their refusals.

let t: TestApp;
let admin: string;
let usuario: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
});
afterAll(async () => {
  await t?.close();
});

const idOf = async (login: string) =>
  (
    await t.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirstOrThrow()
  ).id;

const lastMail = async (to: string) =>
  t.database.db
    .selectFrom('core.outbox')
    .select(['subject', 'body'])
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('company users', () => {
  it('lists the company users with their project counts, paged, sorted and searched in SQL', async () => {
    const all = await t.call('companyUsers', {}, admin);
    expect(all.body.result.total).toBe(3);
    const adminRow = all.body.result.data.find((u: { login: string }) => u.login === 'admin');
    expect(adminRow).toMatchObject({ rights: 'ADMINISTRADOR', active: true, projects: 1 });
    const page = await t.call(
      'companyUsers',
      {
        datatable: { start: 1, length: 1, orderBy: 'login', orderDir: 'desc' },
        filter: { q: 'a' },
      },
      admin,
    );
    expect(page.body.result.total).toBe(3);
    expect(page.body.result.data.map((u: { login: string }) => u.login)).toEqual(['superadmin']);
    const refused = await t.call('companyUsers', {}, usuario);
    expect(refused.body.error.code).not.toBe('0');
  });

  it('shows one user of the company by id, as its page asks (the id as a number or as text)', async () => {
    const id = await idOf('usuario');
    const shown = await t.call('companyUser', { idusr: String(id) }, admin);
    expect(shown.body.result).toMatchObject({ id, login: 'usuario', rights: 'USUARIO' });
    expect((await t.call('companyUser', { idusr: id }, admin)).body.result.login).toBe('usuario');
    const missing = await t.call('companyUser', { idusr: 999_999 }, admin);
    expect(missing.body.error.description).toBe('El usuario no existe.');
    const refused = await t.call('companyUser', { idusr: id }, usuario);
    expect(refused.body.error.code).not.toBe('0');
  });

  it('creates a user who sets a password from the mailed link, once', async () => {
    expect((await t.call('loginAvailable', { value: 'ADMIN' }, admin)).body.result).toEqual({
      available: false,
    });
    expect((await t.call('loginAvailable', { value: 'marta' }, admin)).body.result).toEqual({
      available: true,
    });
    const environment = await t.database.db
      .selectFrom('core.environments')
      .select('id')
      .where('name', '=', 'Local')
      .executeTakeFirstOrThrow();
    const created = await t.call(
      'createUser',
      {
        username: 'marta',
        email: 'marta@example.com',
        role: 'USUARIO',
        twofactor: false,
        environments: [environment.id],
      },
      admin,
    );
    expect(created.body.error.code).toBe('0');
    const listed = await t.call('companyUsers', { filter: { q: 'marta' } }, admin);
    expect(listed.body.result.data[0]).toMatchObject({
      login: 'marta',
      environments: [environment.id],
      projects: 0,
    });
    const mail = await lastMail('marta@example.com');
    expect(mail.subject).toBe('Su usuario de Flota');
    const link = /http\S+\/account\/password\?token=\S+/.exec(mail.body)![0];
    const path = link.slice(link.indexOf('/account'));
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Elegir contraseña');
    const token = new URL(link).searchParams.get('token')!;
    const post = (password: string, confirm = password) =>
      t.app.inject({
        method: 'POST',
        url: '/account/password',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token, password, confirm, lang: 'es' }).toString(),
      });
    expect((await post('corta')).body).toContain('al menos 8 caracteres');
    expect((await post('una-clave-larga', 'otra-clave-larga')).body).toContain('no coinciden');
    const saved = await post('una-clave-larga');
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Contraseña guardada');
    const row = await t.database.db
      .selectFrom('core.users')
      .select('password_hash')
      .where('login', '=', 'marta')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('una-clave-larga', row.password_hash)).toBe(true);
    expect((await post('otra-clave-mas')).statusCode).toBe(400);
  });

  it('refuses a taken login, a bad field, and the quota with "Límite alcanzado"', async () => {
    const taken = await t.call(
      'createUser',
      { username: 'Marta', email: 'm2@example.com', role: 'USUARIO' },
      admin,
    );
    expect(taken.body.error.description).toBe('El usuario «Marta» no está disponible.');
    const bad = await t.call(
      'createUser',
      { username: 'x y', email: 'no', role: 'USUARIO' },
      admin,
    );
    expect(bad.body.error.description).toContain(
      'El campo Correo electrónico no es una dirección de correo válida.',
    );
    await t.database.db.updateTable('core.companies').set({ tier: 'FLOTA_BASIC' }).execute();
    const fifth = await t.call(
      'createUser',
      { username: 'user1', email: 'user1@example.com', role: 'USUARIO' },
      admin,
    );
    expect(fifth.body.error.code).toBe('0');
    const limit = await t.call(
      'createUser',
      { username: 'user2', email: 'user2@example.com', role: 'USUARIO' },
      admin,
    );
    expect(limit.body.error.description).toBe(
      'Límite alcanzado: el plan de su empresa admite 5 usuarios.',
    );
    await setLanguage(t.database.db, 'admin', 'en');
    const english = await t.call(
      'createUser',
      { username: 'user2', email: 'user2@example.com', role: 'USUARIO' },
      admin,
    );
    expect(english.body.error.description).toBe(
      "Limit reached: your company's plan allows 5 users.",
    );
    await setLanguage(t.database.db, 'admin', 'es');
    await t.database.db.updateTable('core.companies').set({ tier: 'FLOTA_PRO' }).execute();
  });

  it('locks a user, whose next request is refused, and unlocks them; never oneself', async () => {
    const id = await idOf('usuario');
    const self = await t.call('lockUser', { idusr: await idOf('admin'), tolock: true }, admin);
    expect(self.body.error.description).toBe('No puede bloquearse ni borrarse a sí mismo.');
    const locked = await t.call('lockUser', { idusr: id, tolock: true }, admin);
    expect(locked.body.result).toEqual({ id, active: false });
    const refused = await t.call('session', {}, usuario);
    expect(refused.status).toBe(401);
    await t.call('lockUser', { idusr: id, tolock: false }, admin);
    expect((await t.call('session', {}, usuario)).status).toBe(200);
  });

  it('keeps the last administrator, and edits role, e-mail and environments', async () => {
    const superadmin = await idOf('superadmin');
    const demoted = await t.call('updateUser', { idusr: superadmin, role: 'USUARIO' }, admin);
    expect(demoted.body.error.code).toBe('0');
    const last = await t.call('updateUser', { idusr: await idOf('admin'), role: 'USUARIO' }, admin);
    expect(last.body.error.description).toBe(
      'No puede quitarse a sí mismo el rol de administrador.',
    );
    const marta = await idOf('marta');
    await t.call('updateUser', { idusr: marta, role: 'ADMINISTRADOR' }, admin);
    const lockAdmin = await t.call('lockUser', { idusr: marta, tolock: true }, admin);
    expect(lockAdmin.body.error.code).toBe('0');
    // marta is locked: admin is now the only active administrator.
    const martaToken = await t.tokenFor('marta');
    await t.call('lockUser', { idusr: marta, tolock: false }, admin);
    const byMarta = await t.call(
      'lockUser',
      { idusr: await idOf('admin'), tolock: true },
      martaToken,
    );
    expect(byMarta.body.error.code).toBe('0');
    const lastOne = await t.call('deleteUser', { idsuser: marta }, admin);
    expect(lastOne.status).toBe(401);
    await t.database.db.updateTable('core.users').set({ active: true }).execute();
    await t.call('updateUser', { idusr: superadmin, role: 'ADMINISTRADOR' }, admin);
    const edited = await t.call(
      'updateUser',
      { idusr: marta, email: 'marta@flota.example', environments: [] },
      admin,
    );
    expect(edited.body.error.code).toBe('0');
    const row = (await t.call('companyUsers', { filter: { q: 'marta' } }, admin)).body.result
      .data[0];
    expect(row).toMatchObject({
      email: 'marta@flota.example',
      environments: [],
      rights: 'ADMINISTRADOR',
    });
  });

  it('never leaves the company without an active administrator', async () => {
    const { db } = t.database;
    // The top administrator acts by role even with USUARIO rights; admin is then the last one.
    await db
      .updateTable('core.users')
      .set({ rights: 'USUARIO' })
      .where('login', 'in', ['superadmin', 'marta'])
      .execute();
    const superadmin = await t.tokenFor('superadmin');
    const refused = await t.call(
      'lockUser',
      { idusr: await idOf('admin'), tolock: true },
      superadmin,
    );
    expect(refused.body.error.description).toBe(
      'Es el último administrador de la empresa: nombre otro antes.',
    );
    const demote = await t.call(
      'updateUser',
      { idusr: await idOf('admin'), role: 'USUARIO' },
      superadmin,
    );
    expect(demote.body.error.description).toBe(
      'Es el último administrador de la empresa: nombre otro antes.',
    );
    await db
      .updateTable('core.users')
      .set({ rights: 'ADMINISTRADOR' })
      .where('login', 'in', ['superadmin', 'marta'])
      .execute();
  });

  it('deletes a user after the checks, and logs every change', async () => {
    const owner = await t.call(
      'deleteUser',
      { idsuser: await idOf('admin') },
      await t.tokenFor('marta'),
    );
    expect(owner.body.error.description).toBe(
      'El usuario es propietario de 1 proyectos: compártalos con otro usuario o bórrelos antes.',
    );
    const deleted = await t.call('deleteUser', { idsuser: await idOf('user1') }, admin);
    expect(deleted.body.error.code).toBe('0');
    const gone = await t.call('deleteUser', { idsuser: 999_999 }, admin);
    expect(gone.body.error.description).toBe('El usuario no existe.');
    const actions = await t.database.db
      .selectFrom('core.actions_log')
      .select('action')
      .where('action', 'like', 'user_%')
      .execute();
    expect(new Set(actions.map((a) => a.action))).toEqual(
      new Set(['user_created', 'user_modified', 'user_locked', 'user_unlocked', 'user_deleted']),
    );
  });
});
