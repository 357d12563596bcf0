import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/identity/passwords';
import { buildTestApp, type TestApp } from '../support/app';
import { restCall, type RestCall } from '../support/rest-client';
import { ok, refused } from '../support/projects';

// The company users on the engine (docs/resources.md, "People on the engine: the users"): REST
// create, edit and list at /api/rest/users, a password never in an answer, a revision or the
// actions log, rights no higher than the caller's, a stale edit refused (409), custom fields, and
// the older calls writing the same history.

let t: TestApp;
let admin: string;
let usuario: string;
const SECRET = 'una-clave-secreta-9';

beforeAll(async () => {
  t = await buildTestApp();
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
});
afterAll(async () => t?.close());

const rest = (...call: RestCall) => restCall(t, ...call);

describe('users on the engine', () => {
  let id: number;

  it('creates, lists and edits by REST, the password stored as its hash and never answered', async () => {
    const made = await rest('POST', '/api/rest/users', admin, {
      login: 'rest.ana',
      email: 'ana@example.com',
      password: SECRET,
      rights: 'USUARIO',
      active: false, // locking is lockUser's: never written by a create
    });
    expect(made.statusCode, made.body).toBe(201);
    const created = made.json();
    expect(created).toMatchObject({ login: 'rest.ana', version: 1, projects: 0, active: true });
    expect(made.body).not.toContain(SECRET);
    expect(created).not.toHaveProperty('password');
    id = created.id;
    const { password_hash } = await t.database.db
      .selectFrom('core.users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(SECRET, password_hash)).toBe(true);
    const listed = await rest('GET', '/api/rest/users?filter={"q":"rest.ana"}', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id, email: 'ana@example.com' })]);
    expect(listed.body).not.toContain('hash');
    const edited = await rest('PUT', `/api/rest/users/${id}`, admin, {
      email: 'ana@flota.example',
      password: `${SECRET}-2`,
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ email: 'ana@flota.example', version: 2 });
    expect(edited.body).not.toContain(SECRET);
  });

  it('keeps no password in its revisions or the actions log', async () => {
    const history = await ok(t, 'revisions', { filter: { resource: 'users', record: id } }, admin);
    expect(history.data.map((r: { action: string }) => r.action)).toEqual(['edit', 'create']);
    const text = JSON.stringify(history);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('$');
    expect(history.data[1].after).not.toHaveProperty('password');
    expect(history.data[0].after).toEqual({
      email: 'ana@flota.example',
      password: null,
      version: 2,
    });
    const log = await t.database.db
      .selectFrom('core.actions_log')
      .select(['action', 'detail'])
      .where(sql<boolean>`detail->>'id' = ${String(id)}`)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['user_created', 'user_modified']);
    expect(JSON.stringify(log)).not.toContain(SECRET);
    expect(log[1].detail).toMatchObject({ changed: ['email', 'password'] });
  });

  it('refuses a stale edit with 409, and the older calls write the same history', async () => {
    const stale = await rest('PUT', `/api/rest/users/${id}`, admin, {
      email: 'x@x.example',
      version: 1,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const unlock = await t.call('usersEdit', { id, version: 2, active: false }, admin);
    expect(unlock.body.error.description).toBe('El campo Activo no se puede cambiar.');
    const byUpdate = await ok(t, 'updateUser', { idusr: id, username: 'rest.anabel' }, admin);
    expect(byUpdate).toMatchObject({ id, login: 'rest.anabel', version: 3 });
    const staleUpdate = await refused(
      t,
      'updateUser',
      { idusr: id, role: 'ADMINISTRADOR', version: 2 },
      admin,
    );
    expect(staleUpdate).toContain('rest.anabel');
    await ok(t, 'lockUser', { idusr: id, tolock: true }, admin);
    const history = await ok(t, 'revisions', { filter: { resource: 'users', record: id } }, admin);
    expect(history.data[0]).toMatchObject({ action: 'edit', after: { active: false, version: 4 } });
    expect(history.data[1]).toMatchObject({ after: { login: 'rest.anabel' } });
  });

  it('refuses rights above the caller’s, and a user’s own administration', async () => {
    // A user is not an administrator: no role may be given, by the console's call or REST.
    const byCall = await t.call(
      'createUser',
      { username: 'subida', email: 's@example.com', role: 'ADMINISTRADOR' },
      usuario,
    );
    expect(byCall.body.error.code).not.toBe('0');
    const byRest = await rest('POST', '/api/rest/users', usuario, {
      login: 'subida',
      email: 's@example.com',
      rights: 'ADMINISTRADOR',
    });
    expect(byRest.statusCode).toBe(403);
    // Rights are the declared ones: the top administrator's role is never given.
    const product = await rest('POST', '/api/rest/users', admin, {
      login: 'subida',
      email: 's@example.com',
      rights: 'FLOTA',
    });
    expect(product.statusCode).toBe(400);
    const self = (await ok(t, 'companyUsers', { filter: { q: 'admin' } }, admin)).data.find(
      (u: { login: string }) => u.login === 'admin',
    );
    const own = await rest('DELETE', `/api/rest/users/${self.id}`, admin);
    expect(own.statusCode).toBe(400);
    expect(own.json().message ?? own.body).toContain('No puede bloquearse ni borrarse a sí mismo.');
  });

  it('takes a custom field, by REST and by the older calls', async () => {
    const field = await rest('POST', '/api/rest/custom-fields', admin, {
      resource: 'users',
      name: 'extension',
      type: 'integer',
      label: { es: 'Extensión', en: 'Extension' },
      max: 9999,
    });
    expect(field.statusCode, field.body).toBe(201);
    const current = (await rest('GET', `/api/rest/users/${id}`, admin)).json();
    const edited = await rest('PUT', `/api/rest/users/${id}`, admin, {
      extension: 204,
      version: current.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ extension: 204 });
    const tooBig = await refused(t, 'updateUser', { idusr: id, extension: 10_000 }, admin);
    expect(tooBig).toContain('Extensión');
    const sorted = await ok(
      t,
      'companyUsers',
      { rowfilter: { extension: '204' }, rowfilteroper: { extension: 7 } },
      admin,
    );
    expect(sorted.data.map((u: { id: number }) => u.id)).toEqual([id]);
    const gone = await rest('DELETE', `/api/rest/users/${id}`, admin);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.body).not.toContain('hash');
  });
});
