import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { refusal, restProviderFor } from '../support/rest-client';

// Custom entities (issue 34, points 8 and 11): created, changed, deleted (kept 30 days) and
// restored through /api/rest/custom-entities, then served at once at /api/rest/<name> by the
// engine, with its menu entry and OpenAPI description, without a restart.

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => t?.close());

const label = (es: string, en: string) => ({ es, en });
const VEHICLES = {
  name: 'vehicles',
  scope: 'company',
  title: { one: label('Vehículo', 'Vehicle'), many: label('Vehículos', 'Vehicles') },
  fields: [
    {
      name: 'plate',
      type: 'text',
      label: label('Matrícula', 'Plate'),
      required: true,
      unique: true,
      maxLength: 10,
      pattern: '[0-9]{4}[A-Z]{3}',
    },
    { name: 'seats', type: 'integer', label: label('Plazas', 'Seats'), min: 1, max: 9, default: 5 },
    { name: 'electric', type: 'boolean', label: label('Eléctrico', 'Electric'), default: false },
    {
      name: 'kind',
      type: 'choice',
      label: label('Tipo', 'Kind'),
      choices: [
        { code: 'van', label: label('Furgoneta', 'Van') },
        { code: 'car', label: label('Turismo', 'Car') },
      ],
    },
    {
      name: 'since',
      type: 'date',
      label: label('Alta', 'Since'),
      help: label('día de alta', 'day it joined'),
    },
  ],
  permissions: { read: 'user', write: 'admin' },
  menu: { section: 'administration', icon: 'tables', order: 80 },
};

describe('/api/rest/custom-entities', () => {
  let entityId: number;

  it('creates an entity that is served at once: records, refusals, menu and OpenAPI', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const created = await admin.create('custom-entities', { data: VEHICLES });
    entityId = Number(created.data.id);
    expect(created.data).toMatchObject({ name: 'vehicles', version: 1 });

    const car = await admin.create('vehicles', {
      data: { plate: '1234ABC', kind: 'car', since: '2026-01-02' },
    });
    expect(car.data).toMatchObject({ plate: '1234ABC', seats: 5, electric: false, version: 1 });
    await admin.create('vehicles', {
      data: { plate: '5678DEF', kind: 'van', seats: 3, electric: true },
    });
    const page = await admin.getList('vehicles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'seats', order: 'ASC' },
      filter: { electric: true },
    });
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ plate: '5678DEF', seats: 3 });

    const en = await restProviderFor(t, base, 'admin', 'en');
    const tooMany = await refusal(en.create('vehicles', { data: { plate: '1111AAA', seats: 12 } }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toMatch(/Seats/);
    const badPlate = await refusal(admin.create('vehicles', { data: { plate: 'xx' } }));
    expect(badPlate.message).toMatch(/Matrícula/);
    const twice = await refusal(admin.create('vehicles', { data: { plate: '1234ABC' } }));
    expect(twice.message).toMatch(/1234ABC/);

    const user = await restProviderFor(t, base, 'usuario');
    expect(
      (
        await user.getList('vehicles', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'plate', order: 'ASC' },
          filter: {},
        })
      ).total,
    ).toBe(2);
    const refused = await refusal(user.create('vehicles', { data: { plate: '9999ZZZ' } }));
    expect(refused.status).toBe(403);
    expect(
      (
        await refusal(
          user.getList('custom-entities', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'name', order: 'ASC' },
            filter: {},
          }),
        )
      ).status,
    ).toBe(403);

    const menu = (await t.call('menu', {}, await t.tokenFor('usuario'))).body.result;
    expect(menu.entries).toContainEqual(
      expect.objectContaining({
        id: 'vehicles',
        path: '/app/custom/vehicles',
        title: VEHICLES.title.many,
      }),
    );
    const token = await t.tokenFor('admin');
    const openapi = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    const doc = openapi.json();
    expect(Object.keys(doc.paths)).toContain('/api/rest/vehicles');
    expect(doc.components.schemas.vehiclesCreate.properties).toHaveProperty('plate');
  });

  it('adds a field to the entity: a new column, the rows kept', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const fields = [
      ...VEHICLES.fields,
      { name: 'notes', type: 'longtext', label: label('Notas', 'Notes') },
    ];
    const updated = await admin.update('custom-entities', {
      id: entityId,
      data: { ...VEHICLES, fields, version: 1 },
      previousData: { id: entityId, version: 1 },
    });
    expect(updated.data.version).toBe(2);
    const rows = await admin.getList('vehicles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'plate', order: 'ASC' },
      filter: { q: '1234' },
    });
    expect(rows.data[0]).toMatchObject({ plate: '1234ABC', notes: null });
    const changedType = fields.map((f) => (f.name === 'seats' ? { ...f, type: 'text' } : f));
    const refused = await refusal(
      admin.update('custom-entities', {
        id: entityId,
        data: { ...VEHICLES, fields: changedType },
        previousData: { id: entityId },
      }),
    );
    expect(refused.message).toMatch(/seats/);
  });

  it('refuses a bad entity, a taken name, and a non-administrator', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const bad = await refusal(
      admin.create('custom-entities', { data: { ...VEHICLES, name: 'Bad Name' } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/name/);
    const taken = await refusal(
      admin.create('custom-entities', { data: { ...VEHICLES, name: 'managed-apps' } }),
    );
    expect(taken.message).toMatch(/managed-apps/);
    const again = await refusal(admin.create('custom-entities', { data: VEHICLES }));
    expect(again.message).toMatch(/vehicles/);
  });

  it('deletes after asking (console), keeps the records and restores them', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    await admin.delete('custom-entities', { id: entityId });
    const gone = await refusal(
      admin.getList('vehicles', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'plate', order: 'ASC' },
        filter: {},
      }),
    );
    expect(gone.status).toBe(404);
    const deleted = await admin.getList('custom-entities', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { deleted: true },
    });
    expect(deleted.data.map((e) => e.name)).toEqual(['vehicles']);
    const restored = await t.call(
      'restoreCustomEntity',
      { id: entityId },
      await t.tokenFor('admin'),
    );
    expect(restored.body.error.code).toBe('0');
    const back = await admin.getList('vehicles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'plate', order: 'ASC' },
      filter: {},
    });
    expect(back.total).toBe(2);
  });
});
