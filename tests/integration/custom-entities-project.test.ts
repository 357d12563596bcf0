import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, userIdOf } from '../support/projects';
import { refusal, restProviderFor } from '../support/rest-client';

// Project-scoped custom entities (issue 34, points 8 and 11): one set of records per project,
// at /api/rest/projects/<numero>/<name>; a project's records are not another's, and a caller
// who cannot reach the project is refused.

let t: TestApp;
let base: string;
let demo: TestProject;
let other: TestProject;
beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const { db } = t.database;
  demo = await demoProject(db);
  const company = await demoCompany(db);
  other = await createProject(db, { companyId: company, ownerLogin: 'admin', name: 'Segundo' });
  // A user who sees the demo project only, read-only.
  await createUser(db, company, 'insp-viewer');
  const userId = await userIdOf(db, 'insp-viewer');
  const tree = uniformTree(true, false);
  await ok(
    t,
    'shareProject',
    { database: demo.numero, userId, access: tree },
    await t.tokenFor('admin'),
  );
});
afterAll(async () => t?.close());

const label = (es: string, en: string) => ({ es, en });
const INSPECTIONS = {
  name: 'inspections',
  scope: 'project',
  title: { one: label('Inspección', 'Inspection'), many: label('Inspecciones', 'Inspections') },
  fields: [
    { name: 'place', type: 'text', label: label('Lugar', 'Place'), required: true, unique: true },
    { name: 'passed', type: 'boolean', label: label('Superada', 'Passed'), default: false },
  ],
  // Any user may write: the project's share decides.
  permissions: { read: 'user', write: 'user' },
};

const page = {
  pagination: { page: 1, perPage: 10 },
  sort: { field: 'place', order: 'ASC' as const },
};

describe('a project-scoped custom entity', () => {
  it('keeps each project’s records apart, under /api/rest/projects/<numero>/<name>', async () => {
    const admin = await restProviderFor(t, base, 'admin');
    const created = await admin.create('custom-entities', { data: INSPECTIONS });
    // Without a section, its menu entry goes in the projects' group.
    expect(created.data).toMatchObject({ scope: 'project', menu: { section: 'projects' } });

    const inDemo = `projects/${demo.numero}/inspections`;
    const inOther = `projects/${other.numero}/inspections`;
    const one = await admin.create(inDemo, { data: { place: 'Almacén' } });
    await admin.create(inDemo, { data: { place: 'Taller', passed: true } });
    // The same unique value in another project is another record.
    await admin.create(inOther, { data: { place: 'Almacén' } });
    const twice = await refusal(admin.create(inDemo, { data: { place: 'Almacén' } }));
    expect(twice.message).toMatch(/Almacén/);

    const demoRows = await admin.getList(inDemo, { ...page, filter: {} });
    expect(demoRows.data.map((r) => r.place)).toEqual(['Almacén', 'Taller']);
    const otherRows = await admin.getList(inOther, { ...page, filter: {} });
    expect(otherRows.data.map((r) => r.place)).toEqual(['Almacén']);
    expect(otherRows.data[0].id).not.toBe(one.data.id);

    // A record of one project is not found through another.
    const elsewhere = await refusal(admin.getOne(inOther, { id: one.data.id }));
    expect(elsewhere.status).toBe(404);
    const notMoved = await refusal(
      admin.update(inOther, {
        id: one.data.id,
        data: { place: 'Movido', version: 1 },
        previousData: { id: one.data.id, version: 1 },
      }),
    );
    expect(notMoved.status).toBe(404);
    expect((await refusal(admin.delete(inOther, { id: one.data.id }))).status).toBe(404);

    const edited = await admin.update(inDemo, {
      id: one.data.id,
      data: { passed: true, version: 1 },
      previousData: { id: one.data.id, version: 1 },
    });
    expect(edited.data).toMatchObject({ place: 'Almacén', passed: true, version: 2 });

    // Not at the company's address.
    expect((await refusal(admin.getList('inspections', { ...page, filter: {} }))).status).toBe(404);
  });

  it('refuses a caller who cannot reach the project, and a write of a read-only share', async () => {
    const viewer = await restProviderFor(t, base, 'insp-viewer');
    const shared = await viewer.getList(`projects/${demo.numero}/inspections`, {
      ...page,
      filter: {},
    });
    expect(shared.total).toBe(2);
    const readOnly = await refusal(
      viewer.create(`projects/${demo.numero}/inspections`, { data: { place: 'Patio' } }),
    );
    expect(readOnly.status).toBe(403);
    const notShared = await refusal(
      viewer.getList(`projects/${other.numero}/inspections`, { ...page, filter: {} }),
    );
    expect(notShared.status).toBeGreaterThanOrEqual(400);
    expect(notShared.message).toMatch(new RegExp(String(other.numero)));

    // A company user without any share of the project.
    const user = await restProviderFor(t, base, 'usuario');
    const refused = await refusal(
      user.getList(`projects/${other.numero}/inspections`, { ...page, filter: {} }),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);

    // The services call without its project says what it needs.
    const bare = await t.call(
      'customRecordsList',
      { entity: 'inspections' },
      await t.tokenFor('admin'),
    );
    expect(bare.body.error.description).toMatch(/proyecto/);
  });

  it('is described by OpenAPI under the project and listed in the projects’ menu group', async () => {
    const token = await t.tokenFor('admin');
    const openapi = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Object.keys(openapi.json().paths)).toContain(
      '/api/rest/projects/{database}/inspections',
    );
    const menu = (await t.call('menu', {}, token)).body.result;
    expect(menu.entries).toContainEqual(
      expect.objectContaining({ id: 'inspections', group: 'menu.groups.projects' }),
    );
  });
});
