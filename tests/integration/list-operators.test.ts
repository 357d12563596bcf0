import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { setLanguage } from '../support/language';
import { ok, refused } from '../support/projects';

// The declared lists take the filter row's operators (000 §5 `rowfilter`/`rowfilteroper`) in SQL,
// beside their plain `filter` values (server/resources/definition-filters.ts, docs/resources.md).

/** A fixed time for a column the database fills in by default. */
const timestamp = (iso: string) => sql<never>`${iso}::timestamptz`;

let t: TestApp;
let admin: string;
let superadmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, superadmin] = await Promise.all([t.tokenFor('admin'), t.tokenFor('superadmin')]);
  const { db } = t.database;
  const { company_id } = await db
    .selectFrom('core.users')
    .select('company_id')
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  const user = (login: string, created: string, active = true) => ({
    company_id,
    login,
    email: `${login}@ejemplo.es`,
    password_hash: 'not-a-hash',
    role: 'USER',
    rights: 'USUARIO',
    active,
    created_at: timestamp(created),
  });
  await db
    .insertInto('core.users')
    .values([
      user('marta.ruiz', '2025-02-10T12:00:00Z'),
      user('mario', '2025-06-20T12:00:00Z', false),
      user('luis', '2024-11-05T12:00:00Z'),
    ])
    .execute();
  const site = (name: string, max_licences: number) => ({
    company_id,
    name,
    url_manager: `https://${name.toLowerCase().replace(/\W/g, '')}.example/`,
    url_authority: 'https://id.example/',
    max_licences,
  });
  await db
    .insertInto('core.environments')
    .values([site('Sede Madrid', 50), site('Sede Bilbao', 500), site('Almacén', 5)])
    .execute();
  const logged = (login: string, action: string, at: string) => ({
    company_id,
    login,
    action,
    at: timestamp(at),
  });
  await db
    .insertInto('core.actions_log')
    .values([
      logged('ana', 'signin', '2026-03-10T12:00:00Z'),
      logged('ana', 'signin_failed', '2026-03-12T12:00:00Z'),
      logged('bea', 'signin', '2026-04-01T12:00:00Z'),
    ])
    .execute();
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
const column = async (operation: string, parameter: Row, name: string, token = admin) => {
  const result = await ok<{ data: Row[]; total: number }>(t, operation, parameter, token);
  expect(result.total).toBe(result.data.length);
  return result.data.map((row) => row[name]).sort();
};
const users = (parameter: Row) => column('companyUsers', parameter, 'login');
const sites = (parameter: Row) => column('environments', parameter, 'title');
/** The log's rows written here (the test app logs nothing else under these logins). */
const actions = async (parameter: Row) =>
  (await column('actionsLog', parameter, 'login')).filter((l) => l === 'ana' || l === 'bea');

describe('companyUsers with the filter row operators', () => {
  it('filters by starts with, not equals, a number comparison and a date range', async () => {
    expect(await users({ rowfilter: { login: 'MAR' }, rowfilteroper: { login: 3 } })).toEqual([
      'mario',
      'marta.ruiz',
    ]);
    expect(
      await users({ rowfilter: { rights: 'ADMINISTRADOR' }, rowfilteroper: { rights: 6 } }),
    ).toEqual(['luis', 'mario', 'marta.ruiz', 'usuario']);
    expect(await users({ rowfilter: { projects: '1' }, rowfilteroper: { projects: 12 } })).toEqual([
      'admin',
      'usuario',
    ]);
    expect(await users({ rowfilter: { projects: 0.5 }, rowfilteroper: { projects: 9 } })).toEqual([
      'luis',
      'mario',
      'marta.ruiz',
      'superadmin',
    ]);
    const in2025 = { rowfilter: { created_at: '2025-01-01~2025-12-31' } };
    expect(await users({ ...in2025, rowfilteroper: { created_at: 1 } })).toEqual([
      'mario',
      'marta.ruiz',
    ]);
    expect(await users({ ...in2025, rowfilteroper: { created_at: 2 } })).not.toContain('mario');
  });

  it('keeps the plain filter values and the search, joined with the operators', async () => {
    expect(await users({ filter: { active: false } })).toEqual(['mario']);
    expect(await users({ filter: { rights: 'ADMINISTRADOR' } })).toEqual(['admin', 'superadmin']);
    expect(await users({ filter: { email: 'EJEMPLO' } })).toEqual(['luis', 'mario', 'marta.ruiz']);
    expect(
      await users({
        filter: { q: 'ejemplo', active: true },
        rowfilter: { login: 'luis' },
        rowfilteroper: { login: 6 },
      }),
    ).toEqual(['marta.ruiz']);
    const page = await ok(
      t,
      'companyUsers',
      { datatable: { start: 0, length: 1 }, rowfilter: { login: 'mar' }, rowfilteroper: {} },
      admin,
    );
    expect(page.total).toBe(2);
  });
});

describe('actionsLog and environments with the filter row operators', () => {
  it('filters the log by a date range, inside and outside, and by login and action', async () => {
    const march = { at: '2026-03-01~2026-03-11' };
    expect(await actions({ rowfilter: march, rowfilteroper: { at: 1 } })).toEqual(['ana']);
    expect(await actions({ rowfilter: march, rowfilteroper: { at: 2 } })).toEqual(['ana', 'bea']);
    expect(
      await actions({
        rowfilter: { login: 'ANA', action: 'signin' },
        rowfilteroper: { login: 5, action: 6 },
      }),
    ).toEqual(['ana']);
    expect(await actions({ filter: { action: 'signin', login: 'a' } })).toEqual(['ana', 'bea']);
  });

  it('filters environments by a name that starts with and a licence comparison', async () => {
    expect(await sites({ rowfilter: { title: 'sede' }, rowfilteroper: { title: 3 } })).toEqual([
      'Sede Bilbao',
      'Sede Madrid',
    ]);
    const over100 = { rowfilter: { maxLicences: 100 }, rowfilteroper: { maxLicences: 11 } };
    expect(await sites(over100)).toEqual(['Local', 'Sede Bilbao']);
    expect(await sites({ ...over100, filter: { q: 'sede' } })).toEqual(['Sede Bilbao']);
    expect(
      await sites({ rowfilter: { title: 'Almacén' }, rowfilteroper: { title: 6 } }),
    ).not.toContain('Almacén');
    expect(await sites({ rowfilter: { projects: 1 }, rowfilteroper: { projects: 12 } })).toEqual([
      'Local',
    ]);
  });

  it('filters companies and notifications', async () => {
    const companies = (parameter: Row) => column('companies', parameter, 'name', superadmin);
    expect(await companies({ rowfilter: { users: 5 }, rowfilteroper: { users: 11 } })).toEqual([
      'Demo',
    ]);
    expect(await companies({ rowfilter: { name: 'demo' }, rowfilteroper: { name: 6 } })).toEqual(
      (await companies({})).filter((name) => name !== 'Demo'),
    );
    const mine = (parameter: Row) => column('notifications', parameter, 'read');
    expect(await mine({ filter: { read: false } })).toEqual([false]);
    expect(await mine({ filter: { read: true } })).toEqual([]);
    expect(await mine({ rowfilter: { created_at: '~2000-01-01' } })).toEqual([]);
  });
});

describe('a bad filter gets the envelope with a clear description', () => {
  const cases: [string, Row, string, string][] = [
    [
      'companyUsers',
      { rowfilter: { nope: 'x' } },
      'No se puede filtrar por la columna nope: no existe en esta lista.',
      'Cannot filter by column nope: this list has no such column.',
    ],
    [
      'actionsLog',
      { rowfilter: { login: 'x' }, rowfilteroper: { login: 13 } },
      'Operador de filtro desconocido 13 en la columna Usuario (válidos: 1 a 12).',
      'Unknown filter operator 13 on column User (valid: 1 to 12).',
    ],
    [
      'actionsLog',
      { rowfilter: { detail: 'x' } },
      'No se puede filtrar por la columna Detalle: no es filtrable en esta lista.',
      'Cannot filter by column Detail: it is not filterable in this list.',
    ],
    [
      'companyUsers',
      { rowfilter: { rights: 'ADMIN' }, rowfilteroper: { rights: 3 } },
      'La columna Rol no admite el operador 3 en esta lista (admite 5, 6).',
      'Column Role does not take operator 3 in this list (it takes 5, 6).',
    ],
    [
      'environments',
      { rowfilter: { maxLicences: 'mucho' }, rowfilteroper: { maxLicences: 9 } },
      'La columna Licencias máximas es numérica y el filtro «mucho» no es un número.',
      'Column Maximum licences is numeric and the filter "mucho" is not a number.',
    ],
    [
      'actionsLog',
      { rowfilter: { at: '2026-13-45' } },
      'La columna Fecha es una fecha: indique un día (AAAA-MM-DD) o un intervalo desde~hasta.',
      'Column Date is a date: give a day (YYYY-MM-DD) or a range from~to.',
    ],
  ];

  it('answers in Spanish and in English, in the caller language', async () => {
    for (const [operation, parameter, es] of cases) {
      expect(await refused(t, operation, parameter, admin)).toBe(es);
    }
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      for (const [operation, parameter, , en] of cases) {
        expect(await refused(t, operation, parameter, admin)).toBe(en);
      }
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
  });

  it('refuses an operator that is not a number by the parameter checks', async () => {
    const description = await refused(
      t,
      'environments',
      { rowfilter: { title: 'x' }, rowfilteroper: { title: 'one' } },
      admin,
    );
    expect(description).toMatch(/rowfilteroper/);
  });
});
