import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, demoProject, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused } from '../support/projects';

let t: TestApp;
let admin: string;
let viewer: string;
let editor: string;
let stranger: string;
let demo: TestProject;

interface Model {
  id: number;
  model: string;
  idplatform: number;
}
interface Platform {
  id: number;
  platform: string;
  active: boolean;
  models: Model[];
}

const all = (token = admin): Promise<Platform[]> =>
  ok(t, 'admplatforms', { oper: 'all', database: demo.numero }, token);
const update = (parameter: Record<string, unknown>, token = admin) =>
  t.call('admplatforms', { oper: 'update', database: demo.numero, ...parameter }, token);
const platformOf = async (code: string) => (await all()).find((p) => p.platform === code)!;
const modelsOf = async (code: string) => (await platformOf(code)).models.map((m) => m.model);
const actions = (action: string) =>
  t.database.db
    .selectFrom('core.actions_log')
    .select(['login', 'detail'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  demo = await demoProject(db);
  const company = await demoCompany(db);
  const shareWith = async (login: string, tree: ReturnType<typeof uniformTree>) => {
    await createUser(db, company, login);
    const userId = (
      await db
        .selectFrom('core.users')
        .select('id')
        .where('login', '=', login)
        .executeTakeFirstOrThrow()
    ).id;
    await ok(t, 'shareProject', { database: demo.numero, userId, access: tree }, admin);
    return t.tokenFor(login);
  };
  viewer = await shareWith(
    'plat-viewer',
    markShow(uniformTree(false, false), 'settings.platforms', true),
  );
  editor = await shareWith(
    'plat-editor',
    markWrite(uniformTree(false, false), 'settings.platforms', true),
  );
  stranger = await shareWith('plat-devices', markShow(uniformTree(false, false), 'devices', true));
});
afterAll(() => t.close());

describe('admplatforms all', () => {
  it('answers every platform of 000 §3 with its models (id, model, idplatform)', async () => {
    const platforms = await all();
    expect(platforms.map((p) => p.platform)).toEqual([
      'ANDROID',
      'IPHONE',
      'BLACKBERRY',
      'LINUX',
      'POCKETPC',
      'MOVILCOMPLUS',
      'WINDOWS8',
      'WINDOWS32',
      'WP7',
      'BB10',
      'WEB',
    ]);
    for (const platform of platforms) {
      expect(platform).toMatchObject({ id: expect.any(Number), active: true });
      for (const model of platform.models) expect(model.idplatform).toBe(platform.id);
    }
  });

  it('lists platforms with their model counts, and models paged, searched and sorted', async () => {
    await ok(
      t,
      'admplatforms',
      {
        oper: 'update',
        database: demo.numero,
        data: {
          platform: 'WEB',
          models: [{ model: 'Firefox' }, { model: 'Safari' }],
        },
      },
      admin,
    );
    const list = await ok(
      t,
      'platformList',
      {
        database: demo.numero,
        datatable: { start: 0, length: 5, orderBy: 'models', orderDir: 'desc' },
      },
      admin,
    );
    expect(list.total).toBe(11);
    expect(list.data).toHaveLength(5);
    const counts = list.data.map((row: { models: number }) => row.models);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const web = await ok(
      t,
      'platformList',
      { database: demo.numero, filter: { platform: 'WEB' } },
      admin,
    );
    // Served by the engine: the rows also carry its version and time of change.
    expect(web.data).toEqual([
      {
        id: expect.any(Number),
        platform: 'WEB',
        active: true,
        models: 3,
        version: expect.any(Number),
        updatedAt: expect.anything(),
      },
    ]);

    const page = await ok(
      t,
      'platformModels',
      {
        database: demo.numero,
        filter: { platform: 'WEB' },
        datatable: { start: 1, length: 1, orderBy: 'model', orderDir: 'desc' },
      },
      admin,
    );
    expect(page).toEqual({
      total: 3,
      recordsTotal: 3,
      data: [
        {
          id: expect.any(Number),
          model: 'Firefox',
          idplatform: web.data[0].id,
          platform: 'WEB',
          version: expect.any(Number),
          updatedAt: expect.anything(),
        },
      ],
    });
    const searched = await ok(
      t,
      'platformModels',
      { database: demo.numero, filter: { q: 'FIRE' } },
      admin,
    );
    expect(searched.data.map((m: Model) => m.model)).toEqual(['Firefox']);
  });
});

describe('admplatforms update', () => {
  it('adds, renames and switches off, in the spec’s data shape, and logs it', async () => {
    const linux = await platformOf('LINUX');
    await ok(
      t,
      'admplatforms',
      {
        oper: 'update',
        database: demo.numero,
        data: { id: linux.id, active: false, models: [{ model: ' Jetson Nano ' }] },
      },
      admin,
    );
    let after = await platformOf('LINUX');
    expect(after.active).toBe(false);
    const pi = after.models.find((m) => m.model === 'Jetson Nano')!;
    expect(pi).toBeDefined();
    await ok(
      t,
      'admplatforms',
      {
        oper: 'update',
        database: demo.numero,
        data: { ...after, active: true, models: [{ id: pi.id, model: 'Jetson Orin' }] },
      },
      admin,
    );
    after = await platformOf('LINUX');
    expect(after.active).toBe(true);
    expect(after.models.map((m) => m.model)).toContain('Jetson Orin');
    expect(after.models.map((m) => m.model)).not.toContain('Jetson Nano');
    const [logged] = await actions('platform_modified');
    expect(logged).toMatchObject({
      login: 'admin',
      detail: {
        database: demo.numero,
        platform: 'LINUX',
        active: true,
        renamed: ['Jetson Orin'],
      },
    });
  });

  it('renames one model by idmodel, and adds one to a platform named by code (the console’s calls)', async () => {
    const result = await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, data: { model: 'Pixel 9', platform: 'ANDROID' } },
      admin,
    );
    // An update that names one model answers that model.
    const android = await platformOf('ANDROID');
    expect(result).toEqual({
      id: expect.any(Number),
      model: 'Pixel 9',
      idplatform: android.id,
      platform: 'ANDROID',
    });
    const renamed = await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, idmodel: result.id, data: { model: 'Pixel 9 Pro' } },
      admin,
    );
    expect(renamed).toMatchObject({ id: result.id, model: 'Pixel 9 Pro' });
    expect(await modelsOf('ANDROID')).toContain('Pixel 9 Pro');
    const ios = await platformOf('IPHONE');
    await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, idplatform: ios.id, data: { active: false } },
      admin,
    );
    // A platform's update answers the platform with its models.
    expect(
      await ok(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, idplatform: ios.id, data: { active: false } },
        admin,
      ),
    ).toEqual({ ...ios, active: false });
    expect((await platformOf('IPHONE')).active).toBe(false);
  });

  it('refuses an empty model name with configuration.noempty, in the caller’s language', async () => {
    const android = await platformOf('ANDROID');
    const model = android.models[0];
    for (const data of [
      { model: '', platform: 'ANDROID' },
      { id: android.id, models: [{ model: '   ' }] },
    ]) {
      expect(
        await refused(t, 'admplatforms', { oper: 'update', database: demo.numero, data }, admin),
      ).toBe('El nombre del modelo no puede estar vacío.');
    }
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, idmodel: model.id, data: { model: '' } },
        admin,
      ),
    ).toBe('El nombre del modelo no puede estar vacío.');
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      expect(
        await refused(
          t,
          'admplatforms',
          { oper: 'update', database: demo.numero, idmodel: model.id, data: { model: ' ' } },
          admin,
        ),
      ).toBe('The model name cannot be empty.');
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    expect((await platformOf('ANDROID')).models).toEqual(android.models);
  });

  it('writes nothing when one model of several is refused', async () => {
    const before = await modelsOf('WP7');
    const wp7 = await platformOf('WP7');
    const description = await refused(
      t,
      'admplatforms',
      {
        oper: 'update',
        database: demo.numero,
        data: { id: wp7.id, active: false, models: [{ model: 'Lumia 950' }, { model: '' }] },
      },
      admin,
    );
    expect(description).toBe('El nombre del modelo no puede estar vacío.');
    expect(await modelsOf('WP7')).toEqual(before);
    expect((await platformOf('WP7')).active).toBe(true);
  });

  it('refuses a model the platform has, an unknown platform or model, and an update of nothing', async () => {
    await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, data: { model: 'Z10', platform: 'BB10' } },
      admin,
    );
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, data: { model: 'Z10', platform: 'BB10' } },
        admin,
      ),
    ).toBe('La plataforma BB10 ya tiene un modelo «Z10».');
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, data: { model: 'X', platform: 'NOKIA' } },
        admin,
      ),
    ).toBe(`La plataforma NOKIA no existe en el proyecto ${demo.numero}.`);
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, data: { id: 999999, active: true } },
        admin,
      ),
    ).toBe(`La plataforma 999999 no existe en el proyecto ${demo.numero}.`);
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, idmodel: 999999, data: { model: 'X' } },
        admin,
      ),
    ).toBe(`El modelo 999999 no existe en el proyecto ${demo.numero}.`);
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'update', database: demo.numero, data: { model: 'X' } },
        admin,
      ),
    ).toBe('Indique la plataforma del modelo (data.id, data.idplatform o data.platform).');
    expect(
      await refused(t, 'admplatforms', { oper: 'update', database: demo.numero, data: {} }, admin),
    ).toMatch(/^Indique qué cambiar/);
    const bad = await update({ data: { id: 'uno' } });
    expect(bad.body.error.code).not.toBe('0');
    expect(bad.body.error.description).not.toMatch(/at .*\.ts/);
  });
});

describe('admplatforms removemodel', () => {
  it('removes one model, logs it, and refuses one that is not there', async () => {
    await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, data: { model: 'Surface', platform: 'WINDOWS8' } },
      admin,
    );
    const surface = (await platformOf('WINDOWS8')).models.find((m) => m.model === 'Surface')!;
    await ok(
      t,
      'admplatforms',
      { oper: 'removemodel', database: demo.numero, idmodel: surface.id },
      admin,
    );
    expect(await modelsOf('WINDOWS8')).not.toContain('Surface');
    const [logged] = await actions('model_removed');
    expect(logged.detail).toEqual({
      database: demo.numero,
      platform: 'WINDOWS8',
      model: 'Surface',
    });
    expect(
      await refused(
        t,
        'admplatforms',
        { oper: 'removemodel', database: demo.numero, idmodel: surface.id },
        admin,
      ),
    ).toBe(`El modelo ${surface.id} no existe en el proyecto ${demo.numero}.`);
  });
});

describe('who may', () => {
  it('lets settings.platforms show read and only write change', async () => {
    expect(await all(viewer)).toHaveLength(11);
    expect((await ok(t, 'platformList', { database: demo.numero }, viewer)).total).toBe(11);
    const denied = await update({ data: { model: 'Nope', platform: 'WEB' } }, viewer);
    expect(denied.status).toBe(403);
    expect(await modelsOf('WEB')).not.toContain('Nope');
    const removal = await t.call(
      'admplatforms',
      {
        oper: 'removemodel',
        database: demo.numero,
        idmodel: (await platformOf('WEB')).models[0].id,
      },
      viewer,
    );
    expect(removal.status).toBe(403);
    await ok(
      t,
      'admplatforms',
      { oper: 'update', database: demo.numero, data: { model: 'Edge', platform: 'WEB' } },
      editor,
    );
    expect(await modelsOf('WEB')).toContain('Edge');
  });

  it('refuses a user without the node, and another company’s project', async () => {
    expect(
      (await t.call('admplatforms', { oper: 'all', database: demo.numero }, stranger)).status,
    ).toBe(403);
    expect((await t.call('platformModels', { database: demo.numero }, stranger)).status).toBe(403);
    const other = await createOtherCompany(t.database.db, 'platforms-other');
    expect(await refused(t, 'platformList', { database: other.numero }, admin)).toBe(
      `El proyecto ${other.numero} no existe o no pertenece a su empresa.`,
    );
  });
});
