import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused, userIdOf } from '../support/projects';
import { refusal, restProviderFor } from '../support/rest-client';

// The platforms and their models on the engine (issue 34, points 6 and 7): tables of each
// project's schema it maps. Their older list names answer as before (settings-platforms.test.ts
// has the whole of their shapes); the engine adds show, custom fields, revisions and optimistic
// concurrency, each project's rows apart.

let t: TestApp;
let base: string;
let demo: TestProject;
let other: TestProject;
let admin: string;
let viewer: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  demo = await demoProject(db);
  const company = await demoCompany(db);
  other = await createProject(db, { companyId: company, ownerLogin: 'admin', name: 'Otro' });
  await createUser(db, company, 'models-viewer');
  const userId = await userIdOf(db, 'models-viewer');
  const tree = markShow(uniformTree(false, false), 'settings.platforms', true);
  await ok(t, 'shareProject', { database: demo.numero, userId, access: tree }, admin);
  viewer = await t.tokenFor('models-viewer');
});
afterAll(async () => t?.close());

const label = (es: string, en: string) => ({ es, en });
const page = {
  pagination: { page: 1, perPage: 50 },
  sort: { field: 'model', order: 'ASC' as const },
};

describe('platform models on the engine', () => {
  it('keep the older names and serve the engine’s, each project’s rows apart', async () => {
    const created = await ok(
      t,
      'platformModelsCreate',
      { database: demo.numero, model: '  Pixel 10 ', platform: 'ANDROID' },
      admin,
    );
    expect(created).toMatchObject({ model: 'Pixel 10', platform: 'ANDROID', version: 1 });
    const listed = await ok(
      t,
      'platformModels',
      { database: demo.numero, filter: { q: 'pixel 10' } },
      admin,
    );
    expect(listed.data).toEqual([
      expect.objectContaining({ id: created.id, model: 'Pixel 10', platform: 'ANDROID' }),
    ]);
    const shown = await ok(
      t,
      'platformModelsShow',
      { database: demo.numero, id: created.id },
      admin,
    );
    expect(shown).toMatchObject({ model: 'Pixel 10', idplatform: created.idplatform });
    // The other project has its own models: this id is not one of them (or not this one).
    const there = await t.call(
      'platformModelsShow',
      { database: other.numero, id: created.id },
      admin,
    );
    expect(there.body.result?.model ?? null).not.toBe('Pixel 10');
    const otherList = await ok(
      t,
      'platformModels',
      { database: other.numero, filter: { q: 'Pixel 10' } },
      admin,
    );
    expect(otherList.total).toBe(0);
    expect(
      await refused(
        t,
        'platformModelsCreate',
        { database: demo.numero, model: 'Pixel 10', platform: 'ANDROID' },
        admin,
      ),
    ).toBe('La plataforma ANDROID ya tiene un modelo «Pixel 10».');
    expect(
      await refused(
        t,
        'platformModelsCreate',
        { database: demo.numero, model: '   ', platform: 'ANDROID' },
        admin,
      ),
    ).toBe('El nombre del modelo no puede estar vacío.');
    // A read-only share lists and is refused a write.
    const everyModel = await ok(t, 'platformModels', { database: demo.numero }, admin);
    expect((await ok(t, 'platformModelsList', { database: demo.numero }, viewer)).total).toBe(
      everyModel.total,
    );
    const denied = await t.call(
      'platformModelsCreate',
      { database: demo.numero, model: 'Nope', platform: 'WEB' },
      viewer,
    );
    expect(denied.status).toBe(403);
  });

  it('refuse a stale edit, also after admplatforms changed the row, and keep revisions', async () => {
    const created = await ok(
      t,
      'platformModelsCreate',
      { database: demo.numero, model: 'Moto G', platform: 'ANDROID' },
      admin,
    );
    const edited = await ok(
      t,
      'platformModelsEdit',
      { database: demo.numero, id: created.id, version: 1, model: 'Moto G5' },
      admin,
    );
    expect(edited).toMatchObject({ model: 'Moto G5', version: 2 });
    const stale = await refused(
      t,
      'platformModelsEdit',
      { database: demo.numero, id: created.id, version: 1, model: 'Moto G6' },
      admin,
    );
    expect(stale).toBe(
      'Modelo «Moto G5» ha cambiado desde que lo abrió (versión 2, no 1): vuelva a abrirlo para ver los cambios y guarde de nuevo.',
    );
    // The specification's call marks its writes too.
    await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, idmodel: created.id, data: { model: 'Moto G7' } },
      admin,
    );
    expect(
      await refused(
        t,
        'platformModelsEdit',
        { database: demo.numero, id: created.id, version: 2, model: 'Moto G8' },
        admin,
      ),
    ).toMatch(/versión 3, no 2/);

    const rest = await restProviderFor(t, base, 'admin');
    const history = await rest.getList('revisions', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'ASC' },
      filter: { resource: 'platform-models', record: `${demo.numero}:${created.id}` },
    });
    // The specification's call keeps its revisions too.
    expect(history.data.map((r) => r.action)).toEqual(['create', 'edit', 'edit']);
    expect(history.data[1]).toMatchObject({
      before: { model: 'Moto G', version: 1 },
      after: { model: 'Moto G5', version: 2 },
    });
    expect(history.data[2]).toMatchObject({
      before: { model: 'Moto G5', version: 2 },
      after: { model: 'Moto G7', version: 3 },
    });
    // Reverted in its own project: the rename before it is put back, a change of its own.
    const reverted = await ok(t, 'revisionsRevert', { id: history.data[1].id }, admin);
    expect(reverted).toMatchObject({ id: created.id, model: 'Moto G', version: 4 });
    const [logged] = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'record_created')
      .where(({ eb }) => eb(eb.ref('detail', '->>').key('resource'), '=', 'platform-models'))
      .orderBy('id', 'desc')
      .execute();
    expect(logged.detail).toMatchObject({ resource: 'platform-models', database: demo.numero });
  });

  it('take a custom field, added through /api/rest/custom-fields: stored, checked, listed, filtered', async () => {
    const rest = await restProviderFor(t, base, 'admin');
    await rest.create('custom-fields', {
      data: {
        resource: 'platform-models',
        name: 'releaseYear',
        type: 'integer',
        label: label('Año', 'Year'),
        min: 2000,
        max: 2100,
      },
    });
    await rest.create('custom-fields', {
      data: {
        resource: 'platform-models',
        name: 'vendor',
        type: 'text',
        label: label('Fabricante', 'Vendor'),
        maxLength: 20,
      },
    });
    const models = `projects/${demo.numero}/platform-models`;
    for (const [model, releaseYear, vendor] of [
      ['Galaxy S30', 2030, 'Samsung'],
      ['Galaxy S20', 2020, 'Samsung'],
      ['Nokia 3310', 2000, 'Nokia'],
    ] as const) {
      const made = await rest.create(models, {
        data: { model, platform: 'ANDROID', releaseYear, vendor },
      });
      expect(made.data).toMatchObject({ model, releaseYear, vendor });
    }
    const tooOld = await refusal(
      rest.create(models, { data: { model: 'Old', platform: 'ANDROID', releaseYear: 1990 } }),
    );
    expect(tooOld.message).toMatch(/Año/);
    const byYear = await rest.getList(models, {
      ...page,
      sort: { field: 'releaseYear', order: 'DESC' },
      filter: { vendor: 'amsu' },
    });
    expect(byYear.data.map((r) => r.model)).toEqual(['Galaxy S30', 'Galaxy S20']);
    const stored = await t.database.db
      .withSchema(`prj_${demo.numero}`)
      .selectFrom('models' as never)
      .select('custom' as never)
      .where('MODEL' as never, '=', 'Nokia 3310' as never)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ custom: { releaseYear: 2000, vendor: 'Nokia' } });
    // The older list name serves them too.
    const older = await ok(
      t,
      'platformModels',
      { database: demo.numero, filter: { vendor: 'Nokia' } },
      admin,
    );
    expect(older.data).toEqual([expect.objectContaining({ model: 'Nokia 3310', vendor: 'Nokia' })]);
  });
});

describe('platforms on the engine', () => {
  it('are listed, shown and switched by the engine, never created, with a custom field', async () => {
    const rest = await restProviderFor(t, base, 'admin');
    await rest.create('custom-fields', {
      data: { resource: 'platforms', name: 'notes', type: 'text', label: label('Notas', 'Notes') },
    });
    const platforms = `projects/${demo.numero}/platforms`;
    const list = await rest.getList(platforms, {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'id', order: 'ASC' },
      filter: { platform: 'WEB' },
    });
    const web = list.data[0];
    expect(web).toMatchObject({ platform: 'WEB', active: true, version: 1 });
    const edited = await rest.update(platforms, {
      id: web.id,
      data: { ...web, active: false, notes: 'solo pruebas' },
      previousData: web,
    });
    expect(edited.data).toMatchObject({ active: false, notes: 'solo pruebas', version: 2 });
    const older = await ok(
      t,
      'platformList',
      { database: demo.numero, filter: { platform: 'WEB' } },
      admin,
    );
    expect(older.data[0]).toMatchObject({ active: false, notes: 'solo pruebas' });
    const stale = await refusal(
      rest.update(platforms, { id: web.id, data: { ...web, active: true }, previousData: web }),
    );
    expect(stale.status).toBe(409);
    // A project has the platforms of 000 §3: no create or delete is served.
    const create = await t.call('platformsCreate', { database: demo.numero }, admin);
    expect(create.body.error).toBeDefined();
    const shown = await ok(t, 'platformsShow', { database: demo.numero, id: web.id }, admin);
    expect(shown).toMatchObject({ platform: 'WEB', models: expect.any(Number), version: 2 });
  });
});
