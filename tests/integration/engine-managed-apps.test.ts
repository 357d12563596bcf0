import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../server/services/registry';
import { ENGINE_HOOKS } from '../../server/engine/hooks';
import { entityOperations } from '../../server/engine/index';
import { diffStorage } from '../../server/engine/migration-diff';
import { storageSnapshot } from '../../server/engine/table';
import type { OperationContext } from '../../server/services/registry';
import { defineEntity } from '../../protocol/resource-entity';
import { field } from '../../protocol/resource-schema';
import { MANAGED_APPS } from '../../protocol/resources/managed-apps';
import { purgeRevisions } from '../../server/engine/revisions';
import { loadConfig } from '../../server/config';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';

// The resource engine (docs/resources.md, "The engine") serving the managed-apps catalogue, an
// entity that is only its definition: operations, REST with ra-data-simple-rest, OpenAPI,
// permissions, refusals, actions log, revisions and hooks, on the real database.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

const providerFor = (login: string, language = 'es') => restProviderFor(t, base, login, language);

const app = (n: number, extra: Record<string, unknown> = {}) => ({
  packageName: `com.example.app${String(n).padStart(2, '0')}`,
  label: `Aplicación ${String(n).padStart(2, '0')}`,
  required: n % 2 === 0,
  ...extra,
});

async function call(login: string, operation: string, parameter: unknown, language?: string) {
  const token = await t.tokenFor(login);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: {
      authorization: `Bearer ${token}`,
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: { operation, parameter },
  });
  return response.json() as { error: { code: string; description: string }; result: any };
}

describe('the engine’s operations of managed apps', () => {
  it('creates with the declared defaults, lists paged, sorted, filtered and searched in SQL', async () => {
    for (let n = 1; n <= 12; n++) {
      const created = await call('admin', 'managedAppsCreate', app(n));
      expect(created.error.code).toBe('0');
      expect(created.result).toMatchObject({ ...app(n), autoUpdate: true, version: 1 });
    }
    const page = await call('usuario', 'managedAppsList', {
      datatable: { start: 5, length: 5, orderBy: 'label', orderDir: 'desc' },
    });
    expect(page.result.total).toBe(12);
    expect(page.result.data.map((r: any) => r.label)).toEqual(
      [7, 6, 5, 4, 3].map((n) => `Aplicación ${String(n).padStart(2, '0')}`),
    );
    const required = await call('usuario', 'managedAppsList', {
      datatable: { start: 0, length: 50, orderBy: 'packageName', orderDir: 'asc' },
      filter: { required: true },
    });
    expect(required.result.data.map((r: any) => r.packageName)).toEqual(
      [2, 4, 6, 8, 10, 12].map((n) => app(n).packageName),
    );
    const ends = await call('usuario', 'managedAppsList', {
      datatable: { start: 0, length: 50, orderBy: 'label' },
      rowfilter: { packageName: '1' },
      rowfilteroper: { packageName: 4 },
    });
    expect(ends.result.data.map((r: any) => r.packageName)).toEqual([
      app(1).packageName,
      app(11).packageName,
    ]);
    const searched = await call('usuario', 'managedAppsList', {
      datatable: { start: 0, length: 50 },
      filter: { q: 'APP1' },
    });
    expect(searched.result.total).toBe(3);
    // The engine's time of change filters by day, with the date operators.
    const today = new Date().toISOString().slice(0, 10);
    const changedToday = await call('usuario', 'managedAppsList', {
      rowfilter: { updatedAt: today },
      rowfilteroper: { updatedAt: 1 },
    });
    expect(changedToday.error.code).toBe('0');
    expect(changedToday.result.total).toBe(12);
    const wrongOperator = await call('usuario', 'managedAppsList', {
      rowfilter: { required: 'true' },
      rowfilteroper: { required: 1 },
    });
    expect(wrongOperator.error.description).toBe(
      'La columna Obligatoria no admite el operador 1 en esta lista (admite 5).',
    );
  });

  it('refuses a bad record by its labels in both languages, a duplicate package, an unknown sort', async () => {
    const bad = { packageName: 'not a package', label: '' };
    const es = await call('admin', 'managedAppsCreate', bad, 'es');
    expect(es.error.description).toBe(
      'El campo Paquete no tiene el formato esperado: como com.empresa.app. El campo Nombre es obligatorio.',
    );
    const en = await call('admin', 'managedAppsCreate', bad, 'en');
    expect(en.error.description).toBe(
      'Package is not in the expected format: such as com.company.app. Name is required.',
    );
    const twice = await call('admin', 'managedAppsCreate', app(1));
    expect(twice.error.description).toBe(
      'Ya hay aplicación gestionada con paquete «com.example.app01».',
    );
    const sort = await call('admin', 'managedAppsList', { datatable: { orderBy: 'company_id' } });
    expect(sort.error.code).toBe('-1');
    expect(sort.error.description).toContain('No se puede ordenar por «company_id»');
  });

  it('refuses writes to an ordinary user and a stale edit, keeping the newer value', async () => {
    const created = (await call('admin', 'managedAppsCreate', app(20))).result;
    const refused = await call('usuario', 'managedAppsEdit', {
      id: created.id,
      version: 1,
      label: 'X',
    });
    expect(refused.error.code).toBe('403');
    const first = await call('admin', 'managedAppsEdit', {
      id: created.id,
      version: 1,
      label: 'Primera',
    });
    expect(first.result).toMatchObject({ label: 'Primera', version: 2 });
    const stale = await call('admin', 'managedAppsEdit', {
      id: created.id,
      version: 1,
      label: 'Segunda',
    });
    expect(stale.error.description).toBe(
      'Aplicación gestionada «Primera» ha cambiado desde que lo abrió (versión 2, no 1): vuelva a abrirlo para ver los cambios y guarde de nuevo.',
    );
    // The engine's refusals are in the caller's own language, as every area's.
    const language = (value: string) =>
      t.database.db
        .updateTable('core.users')
        .set({ language: value })
        .where('login', '=', 'admin')
        .execute();
    await language('en');
    try {
      const staleEn = await call('admin', 'managedAppsEdit', {
        id: created.id,
        version: 1,
        label: 'Segunda',
      });
      expect(staleEn.error.description).toBe(
        'Managed app "Primera" has changed since you opened it (version 2, not 1): open it again to see the changes and save again.',
      );
    } finally {
      await language('es');
    }
    const shown = await call('usuario', 'managedAppsShow', { id: created.id });
    expect(shown.result).toMatchObject({ label: 'Primera', version: 2 });
    const noVersion = await call('admin', 'managedAppsEdit', { id: created.id, label: 'Tercera' });
    expect(noVersion.error.description).toContain('Falta la versión');
  });

  it('keeps every company to its own rows', async () => {
    const { result } = await call('admin', 'managedAppsCreate', app(30));
    const demo = await demoCompany();
    const other = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Otra', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const move = (company: number) =>
      t.database.db
        .updateTable('core.users')
        .set({ company_id: company })
        .where('login', '=', 'superadmin')
        .execute();
    await move(other.id);
    try {
      const hidden = await call('superadmin', 'managedAppsShow', { id: result.id });
      expect(hidden.error.description).toBe(`Aplicación gestionada ${result.id} no existe.`);
      const list = await call('superadmin', 'managedAppsList', {});
      expect(list.result.total).toBe(0);
      const edit = await call('superadmin', 'managedAppsDelete', { id: result.id });
      expect(edit.error.description).toBe(`Aplicación gestionada ${result.id} no existe.`);
    } finally {
      await move(demo);
    }
    expect((await call('admin', 'managedAppsShow', { id: result.id })).result.label).toBe(
      'Aplicación 30',
    );
  });

  it('runs the resource’s hooks inside the write: a refusal writes nothing', async () => {
    ENGINE_HOOKS['managed-apps'] = {
      async beforeCreate(values) {
        if (String(values.packageName).startsWith('com.blocked')) {
          throw new ServiceError('Paquete bloqueado por la política.');
        }
        return { ...values, label: String(values.label).trim().toUpperCase() };
      },
    };
    try {
      const blocked = await call(
        'admin',
        'managedAppsCreate',
        app(40, { packageName: 'com.blocked.x' }),
      );
      expect(blocked.error.description).toBe('Paquete bloqueado por la política.');
      const made = await call('admin', 'managedAppsCreate', app(41));
      expect(made.result.label).toBe('APLICACIÓN 41');
    } finally {
      delete ENGINE_HOOKS['managed-apps'];
    }
    // A guard of one field: a required app may not stop updating itself.
    ENGINE_HOOKS['managed-apps'] = {
      guards: {
        async autoUpdate(value, before) {
          if (value === false && before?.required) {
            throw new ServiceError('Una aplicación obligatoria se actualiza sola.');
          }
        },
      },
    };
    try {
      const { result: required } = await call('admin', 'managedAppsCreate', app(42));
      const guarded = await call('admin', 'managedAppsEdit', {
        id: required.id,
        version: 1,
        autoUpdate: false,
      });
      expect(guarded.error.description).toBe('Una aplicación obligatoria se actualiza sola.');
      const other = await call('admin', 'managedAppsEdit', {
        id: required.id,
        version: 1,
        label: 'Otra',
      });
      expect(other.result.version).toBe(2);
    } finally {
      delete ENGINE_HOOKS['managed-apps'];
    }
    const rows = await t.database.db
      .selectFrom('core.revisions')
      .select('record')
      .where('after', 'is not', null)
      .execute();
    const blockedRows = await call('admin', 'managedAppsList', {
      filter: { packageName: 'com.blocked' },
    });
    expect(blockedRows.result.total).toBe(0);
    expect(rows.length).toBeGreaterThan(0);
  });
});

async function demoCompany(): Promise<number> {
  const row = await t.database.db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('managed apps over REST, OpenAPI, the actions log and revisions', () => {
  it('serves the whole entity through ra-data-simple-rest, with a stale edit refused', async () => {
    const admin = await providerFor('admin');
    const created = await admin.create('managed-apps', { data: app(50, { autoUpdate: false }) });
    expect(created.data).toMatchObject({ id: expect.any(Number), autoUpdate: false, version: 1 });
    const list = await admin.getList('managed-apps', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'packageName', order: 'DESC' },
      filter: { q: 'app50' },
    });
    expect(list.total).toBe(1);
    const read = await admin.getOne('managed-apps', { id: created.data.id });
    const changed = await admin.update('managed-apps', {
      id: created.data.id,
      data: { ...read.data, label: 'Cambiada por REST' },
      previousData: read.data,
    });
    expect(changed.data).toMatchObject({ label: 'Cambiada por REST', version: 2 });
    // The same record as read before the change: its version is behind.
    const stale = await refusal(
      admin.update('managed-apps', {
        id: created.data.id,
        data: { ...read.data, label: 'Otra vez' },
        previousData: read.data,
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.message).toContain('ha cambiado desde que lo abrió');

    const user = await providerFor('usuario', 'en');
    const forbidden = await refusal(user.create('managed-apps', { data: app(51) }));
    expect(forbidden.status).toBe(403);
    expect((await user.getOne('managed-apps', { id: created.data.id })).data.label).toBe(
      'Cambiada por REST',
    );
    const none = await user.getList('managed-apps', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'label', order: 'ASC' },
      filter: { required: 'maybe' },
    });
    expect(none.total).toBe(0);

    await admin.delete('managed-apps', { id: created.data.id, previousData: changed.data });
    const gone = await refusal(admin.getOne('managed-apps', { id: created.data.id }));
    expect(gone.status).toBe(404);
    expect(gone.message).toBe(`Aplicación gestionada ${created.data.id} no existe.`);

    // The actions log has the three writes, by their codes.
    const actions = await admin.getList('actions', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'at', order: 'DESC' },
      filter: {},
    });
    const mine = actions.data.filter((row) => (row.detail as any)?.id === created.data.id);
    expect(mine.map((row) => row.action)).toEqual([
      'record_deleted',
      'record_modified',
      'record_created',
    ]);

    // Its history at /api/rest/revisions: who, how, before and after, newest first.
    const revisions = await user.getList('revisions', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'DESC' },
      filter: { resource: 'managed-apps', record: String(created.data.id) },
    });
    expect(revisions.total).toBe(3);
    expect(revisions.data.map((r) => [r.action, r.channel, r.login])).toEqual([
      ['delete', 'rest', 'admin'],
      ['edit', 'rest', 'admin'],
      ['create', 'rest', 'admin'],
    ]);
    expect(revisions.data[1]).toMatchObject({
      before: { label: 'Aplicación 50', version: 1 },
      after: { label: 'Cambiada por REST', version: 2 },
    });
    const paged = await user.getList('revisions', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'at', order: 'DESC' },
      filter: { resource: 'managed-apps', record: String(created.data.id) },
    });
    expect(paged.data.map((r) => r.action)).toEqual(['create']);
    const consoleWrite = await call('admin', 'managedAppsCreate', app(52));
    const fromConsole = await call('admin', 'revisions', {
      filter: { resource: 'managed-apps', record: consoleWrite.result.id },
    });
    expect(fromConsole.result.data.map((r: any) => r.channel)).toEqual(['console']);
  });

  it('describes the entity in the OpenAPI document', async () => {
    const token = await t.tokenFor('admin');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    const document = response.json();
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/api/rest/managed-apps');
    expect(paths).toContain('/api/rest/managed-apps/{id}');
    expect(paths).toContain('/api/rest/revisions');
    expect(JSON.stringify(document)).toContain('packageName');
  });
});

describe('reverting a change', () => {
  it('puts back the values a change replaced, as a new change, for who may edit', async () => {
    const { result: made } = await call('admin', 'managedAppsCreate', app(60));
    await call('admin', 'managedAppsEdit', {
      id: made.id,
      version: 1,
      label: 'Cambiada',
      required: false,
    });
    const history = await call('admin', 'revisions', {
      filter: { resource: 'managed-apps', record: made.id },
    });
    const [change, creation] = history.result.data;
    expect(change.action).toBe('edit');

    const refused = await call('usuario', 'revisionsRevert', { id: change.id });
    expect(refused.error.code).toBe('403');
    const notAChange = await call('admin', 'revisionsRevert', { id: creation.id });
    expect(notAChange.error.description).toBe(
      `Solo se puede revertir un cambio; un alta o una baja no (la revisión ${creation.id} es create).`,
    );
    const reverted = await call('admin', 'revisionsRevert', { id: change.id });
    expect(reverted.result).toMatchObject({ label: 'Aplicación 60', required: true, version: 3 });
    const after = await call('admin', 'revisions', {
      filter: { resource: 'managed-apps', record: made.id },
    });
    expect(after.result.data[0]).toMatchObject({
      action: 'edit',
      before: { label: 'Cambiada', required: false, version: 2 },
      after: { label: 'Aplicación 60', required: true, version: 3 },
    });
    const missing = await call('admin', 'revisionsRevert', { id: 99_999_999 });
    expect(missing.error.description).toBe('La revisión 99999999 no existe.');
  });
});

describe('how long revisions are kept', () => {
  it('deletes those older than REVISIONS_KEEP_DAYS (365 by default), and no other', async () => {
    expect(loadConfig({}).REVISIONS_KEEP_DAYS).toBe(365);
    expect(loadConfig({ REVISIONS_KEEP_DAYS: '30' }).REVISIONS_KEEP_DAYS).toBe(30);
    const db = t.database.db;
    const kept = await db
      .selectFrom('core.revisions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const company = await demoCompany();
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await db
      .insertInto('core.revisions')
      .values({
        company_id: company,
        resource: 'managed-apps',
        record: '999',
        action: 'edit',
        channel: 'rest',
        at: old,
      })
      .execute();
    expect(await purgeRevisions(db, new Date(), 365)).toBe(1);
    const after = await db
      .selectFrom('core.revisions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(kept.n));
  });
});

describe('a reference to a managed app', () => {
  // A definition of this test only, stored by the engine as a real one is: its table is made
  // here from the generator's own statements.
  const LINKS = defineEntity({
    name: 'test-app-links',
    table: 'test_app_links',
    title: { one: { es: 'Enlace', en: 'Link' }, many: { es: 'Enlaces', en: 'Links' } },
    path: '/app/test-app-links',
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    fields: [
      field('app', 'reference', {
        label: { es: 'Aplicación', en: 'App' },
        reference: 'managed-apps',
        required: true,
        create: true,
        edit: true,
      }),
    ],
  });

  it('is a foreign key: the app must be the company’s, and is not deleted while linked', async () => {
    const db = t.database.db;
    const existing = storageSnapshot([MANAGED_APPS]);
    const { statements } = diffStorage(existing, storageSnapshot([MANAGED_APPS, LINKS]));
    expect(statements[0]).toContain(
      '"app" bigint NOT NULL REFERENCES core.managed_apps (id) ON DELETE RESTRICT',
    );
    for (const statement of statements) await sql.raw(statement).execute(db);
    const admin = await db
      .selectFrom('core.users')
      .select(['id', 'company_id', 'login'])
      .where('login', '=', 'admin')
      .executeTakeFirstOrThrow();
    const ctx = {
      db,
      config: t.config,
      user: { id: admin.id, login: admin.login, companyId: admin.company_id, language: 'es' },
      channel: 'console',
    } as unknown as OperationContext;
    const create = entityOperations(LINKS).find((o) => o.name === 'testAppLinksCreate')!;
    const createLink = (app: number) => create.handler(create.parameter.parse({ app }), ctx);

    const { result: linked } = await call('admin', 'managedAppsCreate', app(70));
    expect(await createLink(linked.id)).toMatchObject({ app: linked.id, version: 1 });
    await expect(createLink(99_999_999)).rejects.toThrow(
      'El campo Aplicación no es un registro de aplicación gestionada: 99999999 no existe.',
    );
    const other = await db
      .insertInto('core.companies')
      .values({ name: 'Ajena', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: foreign } = await sql<{ id: number }>`
      INSERT INTO core.managed_apps (company_id, "packageName", label)
      VALUES (${other.id}, 'com.ajena.app', 'Ajena') RETURNING id`
      .execute(db)
      .then((r) => r.rows[0]);
    await expect(createLink(foreign)).rejects.toThrow(
      `El campo Aplicación no es un registro de aplicación gestionada: ${foreign} no existe.`,
    );

    const inUse = await call('admin', 'managedAppsDelete', { id: linked.id });
    expect(inUse.error.description).toBe(
      'Aplicación gestionada «Aplicación 70» no se puede borrar: lo usan registros de test_app_links.',
    );
    expect((await call('admin', 'managedAppsShow', { id: linked.id })).result.label).toBe(
      'Aplicación 70',
    );
    await sql`DROP TABLE core.test_app_links`.execute(db);
  });
});
