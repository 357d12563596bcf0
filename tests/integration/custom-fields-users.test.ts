import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';

// Custom fields of users (issue 34, point 7): the users' operations are hand-written (passwords,
// rights, environments), yet a company's custom fields of its users are validated, stored
// (core.users.custom), listed, sorted, filtered, written by REST and described in OpenAPI, as the
// engine does for the resources it stores; the "Recursos" overrides hold on them too (point 9).

let t: TestApp;
let base: string;
let environment: number;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  environment = (
    await t.database.db
      .selectFrom('core.environments')
      .select('id')
      .where('name', '=', 'Local')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

const label = (es: string, en: string) => ({ es, en });
const user = (login: string, extra: Record<string, unknown>) => ({
  username: login,
  email: `${login}@example.com`,
  role: 'USUARIO',
  twofactor: false,
  environments: [environment],
  ...extra,
});

describe('custom fields of users', () => {
  it('are checked, stored, listed, sorted, filtered and kept on edit', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    await admin.create('custom-fields', {
      data: {
        resource: 'users',
        name: 'badge',
        type: 'text',
        label: label('Credencial', 'Badge'),
        unique: true,
        maxLength: 8,
      },
    });
    await admin.create('custom-fields', {
      data: { resource: 'users', name: 'shift', type: 'integer', label: label('Turno', 'Shift') },
    });
    const token = await t.tokenFor('admin');
    for (const [login, badge, shift] of [
      ['cf-uno', 'B-300', 2],
      ['cf-dos', 'B-100', 1],
      ['cf-tres', 'C-200', 3],
    ] as const) {
      const created = await t.call('createUser', user(login, { badge, shift }), token);
      expect(created.body.error.code).toBe('0');
    }
    const sorted = await t.call(
      'companyUsers',
      {
        datatable: { start: 0, length: 10, orderBy: 'badge', orderDir: 'asc' },
        filter: { q: 'cf-' },
      },
      token,
    );
    expect(sorted.body.result.data.map((r: { login: string }) => r.login)).toEqual([
      'cf-dos',
      'cf-uno',
      'cf-tres',
    ]);
    expect(sorted.body.result.data[0]).toMatchObject({ badge: 'B-100', shift: 1 });
    const contains = await admin.getList('users', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'login', order: 'ASC' },
      filter: { badge: 'B-' },
    });
    expect(contains.data.map((r) => r.login)).toEqual(['cf-dos', 'cf-uno']);
    const range = await t.call(
      'companyUsers',
      { rowfilter: { shift: '1' }, rowfilteroper: { shift: 11 }, filter: { q: 'cf-' } },
      token,
    );
    expect(range.body.result.data.map((r: { login: string }) => r.login).sort()).toEqual([
      'cf-tres',
      'cf-uno',
    ]);

    const uno = sorted.body.result.data[1] as { id: number };
    const edited = await t.call('updateUser', { idusr: uno.id, shift: 5 }, token);
    expect(edited.body.error.code).toBe('0');
    const shown = await t.call('companyUser', { idusr: uno.id }, token);
    expect(shown.body.result).toMatchObject({ login: 'cf-uno', badge: 'B-300', shift: 5 });

    const openapi = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(openapi.json().components.schemas.usersCreate.properties).toHaveProperty('badge');
  });

  it('refuses a value its rules refuse, and a badge another user has, by the field label', async () => {
    const token = await t.tokenFor('admin');
    const long = await t.call('createUser', user('cf-largo', { badge: 'B-1234567' }), token);
    expect(long.body.error.code).not.toBe('0');
    expect(long.body.error.description).toContain('Credencial');
    const taken = await t.call('createUser', user('cf-copia', { badge: 'B-100' }), token);
    expect(taken.body.error.code).not.toBe('0');
    expect(taken.body.error.description).toContain('B-100');
    const none = await t.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', 'in', ['cf-largo', 'cf-copia'])
      .execute();
    expect(none).toEqual([]);
    const admin = await restProviderFor(t, base, 'admin');
    const notInteger = await refusal(
      admin.create('users', { data: user('cf-turno', { shift: 'mañana' }) }),
    );
    expect(notInteger.status).toBe(400);
  });
});
