import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';

// Custom fields (issue 34, points 7 and 11): added through /api/rest/custom-fields to an entity
// the engine stores (managed-apps), then validated, listed, filtered, sorted, exported (the list
// call), written and described in OpenAPI at once, kept in the table's JSON column.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

const label = (es: string, en: string) => ({ es, en });
const list = {
  pagination: { page: 1, perPage: 50 },
  sort: { field: 'label', order: 'ASC' as const },
};

describe('/api/rest/custom-fields on managed apps', () => {
  it('adds typed fields that every call of the resource serves at once', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const cost = await admin.create('custom-fields', {
      data: {
        resource: 'managed-apps',
        name: 'cost',
        type: 'decimal',
        label: label('Coste', 'Cost'),
        min: 0,
        max: 1000,
      },
    });
    expect(cost.data).toMatchObject({ resource: 'managed-apps', name: 'cost', type: 'decimal' });
    await admin.create('custom-fields', {
      data: {
        resource: 'managed-apps',
        name: 'owner',
        type: 'text',
        label: label('Responsable', 'Owner'),
        required: true,
        unique: true,
        maxLength: 20,
        help: label('quien la mantiene', 'who maintains it'),
      },
    });
    for (const [n, price, owner] of [
      [1, 9.5, 'ana'],
      [2, 120, 'bruno'],
      [3, 40, 'carla'],
    ] as const) {
      const created = await admin.create('managed-apps', {
        data: { packageName: `com.cf.app${n}`, label: `App ${n}`, cost: price, owner },
      });
      expect(created.data).toMatchObject({ cost: price, owner });
    }
    const sorted = await admin.getList('managed-apps', {
      ...list,
      sort: { field: 'cost', order: 'DESC' as const },
      filter: {},
    });
    expect(sorted.data.map((r) => r.owner)).toEqual(['bruno', 'carla', 'ana']);
    const contains = await admin.getList('managed-apps', { ...list, filter: { owner: 'arl' } });
    expect(contains.data.map((r) => r.owner)).toEqual(['carla']);
    const token = await t.tokenFor('admin');
    const range = await t.call(
      'managedAppsList',
      {
        datatable: { start: 0, length: 10, orderBy: 'cost' },
        rowfilter: { cost: '10' },
        rowfilteroper: { cost: 11 },
      },
      token,
    );
    expect(range.body.result.data.map((r: { owner: string }) => r.owner)).toEqual([
      'carla',
      'bruno',
    ]);

    const en = await restProviderFor(t, base, 'admin', 'en');
    const tooMuch = await refusal(
      en.create('managed-apps', {
        data: { packageName: 'com.cf.x', label: 'X', cost: 5000, owner: 'x' },
      }),
    );
    expect(tooMuch.message).toMatch(/Cost/);
    const missing = await refusal(
      en.create('managed-apps', { data: { packageName: 'com.cf.y', label: 'Y' } }),
    );
    expect(missing.message).toMatch(/Owner/);
    const twice = await refusal(
      admin.create('managed-apps', { data: { packageName: 'com.cf.z', label: 'Z', owner: 'ana' } }),
    );
    expect(twice.message).toMatch(/ana/);

    const row = (await admin.getList('managed-apps', { ...list, filter: { owner: 'ana' } }))
      .data[0];
    const edited = await admin.update('managed-apps', {
      id: row.id,
      data: { ...row, cost: 11 },
      previousData: row,
    });
    expect(edited.data).toMatchObject({ cost: 11, owner: 'ana', label: 'App 1' });

    const openapi = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(openapi.json().components.schemas['managed-appsCreate'].properties).toHaveProperty(
      'cost',
    );
    const definitions = await t.call('customDefinitions', {}, await t.tokenFor('usuario'));
    expect(
      definitions.body.result.fields['managed-apps'].map((f: { source: string }) => f.source),
    ).toEqual(['cost', 'owner']);
  });

  it('refuses a field of an unknown resource, a name taken, a type change, a non-administrator', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const field = { name: 'x', type: 'text', label: label('X', 'X') };
    const unknown = await refusal(
      admin.create('custom-fields', { data: { ...field, resource: 'nothing' } }),
    );
    expect(unknown.message).toMatch(/nothing/);
    const taken = await refusal(
      admin.create('custom-fields', {
        data: { ...field, name: 'label', resource: 'managed-apps' },
      }),
    );
    expect(taken.message).toMatch(/label/);
    const { data } = await admin.getList('custom-fields', {
      ...list,
      sort: { field: 'name', order: 'ASC' as const },
      filter: {},
    });
    const cost = data.find((f) => f.name === 'cost')!;
    // REST leaves the type out of an edit (not editable); the operation refuses a change.
    const kept = await admin.update('custom-fields', {
      id: cost.id,
      data: { type: 'text', max: 500 },
      previousData: cost,
    });
    expect(kept.data).toMatchObject({ type: 'decimal', max: 500 });
    const token = await t.tokenFor('admin');
    const changed = await t.call('updateCustomField', { id: cost.id, type: 'text' }, token);
    expect(changed.body.error.description).toMatch(/cost.*decimal → text/);
    const user = await restProviderFor(t, base, 'usuario');
    const refused = await refusal(
      user.create('custom-fields', { data: { ...field, resource: 'managed-apps' } }),
    );
    expect(refused.status).toBe(403);
  });

  it('takes the field out of every call once deleted, keeping the stored values', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const { data } = await admin.getList('custom-fields', {
      ...list,
      sort: { field: 'name', order: 'ASC' as const },
      filter: {},
    });
    for (const f of data) await admin.delete('custom-fields', { id: f.id, previousData: f });
    const apps = await admin.getList('managed-apps', { ...list, filter: {} });
    expect(apps.data.every((r) => !('owner' in r))).toBe(true);
    const stored = await t.database.db
      .selectFrom('core.managed_apps' as never)
      .select('custom' as never)
      .where('packageName' as never, '=', 'com.cf.app1' as never)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ custom: { cost: 11, owner: 'ana' } });
  });
});
