import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused } from '../support/projects';

/**
 * The recent and shared project lists as declared resources (protocol/resources/recent-projects.ts,
 * shared-projects.ts): `{datatable, filter}` sorted and filtered in SQL by the declared fields,
 * with a total, and rows that carry the caller's role, access level and general permissions.
 */
let t: TestApp;
let admin: string;
let ana: string;
let superadmin: string;
let alfa: TestProject;
let beta: TestProject;
let kiosk: TestProject;

const names = (page: { data: { name: string }[] }) => page.data.map((p) => p.name);
const devicesShow = () => markShow(uniformTree(false, false), 'devices', true);

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  const companyId = await demoCompany(db);
  const anaId = await createUser(db, companyId, 'ana');
  await createUser(db, companyId, 'beto');
  [admin, ana, superadmin] = await Promise.all(
    ['admin', 'ana', 'superadmin'].map((login) => t.tokenFor(login)),
  );
  const beto = await t.tokenFor('beto');
  alfa = await createProject(db, { companyId, ownerLogin: 'admin', name: 'alfa', licences: 5 });
  beta = await createProject(db, { companyId, ownerLogin: 'admin', name: 'Beta', licences: 30 });
  kiosk = await createProject(db, { companyId, ownerLogin: 'beto', name: 'Quiosco' });
  await db
    .updateTable('core.projects')
    .set({ project_type: 'kiosk' })
    .where('numero', '=', kiosk.numero)
    .execute();
  const shared = { userId: anaId, access: devicesShow(), permissions: { download: true } };
  for (const project of [alfa, beta]) {
    await ok(t, 'shareProject', { database: project.numero, ...shared }, admin);
  }
  await ok(t, 'shareProject', { database: kiosk.numero, ...shared }, beto);
  await ok(t, 'projectAccess', { database: beta.numero }, ana);
});
afterAll(() => t.close());

describe('the rows of the project lists', () => {
  it('say what the caller is to each project, its access in one word and each permission', async () => {
    const mine = await ok(t, 'recents', { filter: { q: 'alfa' } }, admin);
    expect(mine.data[0]).toMatchObject({ role: 'owner', access: 'full', shares: 1 });
    expect(mine.data[0]).toMatchObject({ mayShare: true, mayPublish: true, mayRestore: true });
    const theirs = await ok(t, 'recents', { filter: { q: 'alfa' } }, ana);
    expect(theirs.data[0]).toMatchObject({
      role: 'shared',
      access: 'partial',
      mayDownload: true,
      mayShare: false,
      mayPublish: false,
    });
    const administered = await ok(t, 'recents', { filter: { q: 'Quiosco' } }, superadmin);
    expect(administered.data[0]).toMatchObject({ role: 'admin', access: 'full', mayShare: true });
  });
});

describe('sorting in SQL by the declared fields', () => {
  it('keeps each list’s own order when none is asked', async () => {
    expect(names(await ok(t, 'recents', {}, ana))).toEqual(['Beta', 'alfa', 'Quiosco']);
    expect(names(await ok(t, 'shareds', {}, ana))).toEqual(['alfa', 'Beta', 'Quiosco']);
  });

  it('sorts by a sortable field either way, ties and empty values last, across pages', async () => {
    const byName = { start: 0, length: 100, orderBy: 'name', orderDir: 'desc' };
    expect(names(await ok(t, 'recents', { datatable: byName }, ana))).toEqual([
      'Quiosco',
      'Beta',
      'alfa',
    ]);
    const byLicences = { start: 0, length: 2, orderBy: 'licences', orderDir: 'asc' };
    const first = await ok(t, 'shareds', { datatable: byLicences }, ana);
    expect(names(first)).toEqual(['alfa', 'Quiosco']);
    expect(first.total).toBe(3);
    const second = await ok(t, 'shareds', { datatable: { ...byLicences, start: 2 } }, ana);
    expect(names(second)).toEqual(['Beta']);
    const byOwner = { start: 0, length: 100, orderBy: 'username', orderDir: 'desc' };
    expect(names(await ok(t, 'shareds', { datatable: byOwner }, ana))[0]).toBe('Quiosco');
    // Never opened: last in both directions.
    const opened = { start: 0, length: 100, orderBy: 'lastaccess', orderDir: 'asc' };
    expect(names(await ok(t, 'recents', { datatable: opened }, ana))[0]).toBe('Beta');
  });

  it('refuses to sort by a field that is not sortable, naming it by its label', async () => {
    const datatable = { start: 0, length: 10, orderBy: 'access', orderDir: 'asc' };
    expect(await refused(t, 'recents', { datatable }, ana)).toBe(
      'No se puede ordenar por la columna Acceso: no es ordenable en esta lista.',
    );
    const unknown = { ...datatable, orderBy: 'schema_name' };
    expect(await refused(t, 'shareds', { datatable: unknown }, ana)).toBe(
      'No se puede ordenar por la columna schema_name: no existe en esta lista.',
    );
  });
});

describe('filtering in SQL by the declared fields', () => {
  it('filters by type, owner and role, with the total of what matches', async () => {
    const kiosks = await ok(t, 'shareds', { filter: { projectType: 'kiosk' } }, ana);
    expect(kiosks).toMatchObject({ total: 1, data: [{ numero: kiosk.numero }] });
    // The former parameter still works.
    expect((await ok(t, 'shareds', { projectType: 'mam' }, ana)).total).toBe(2);
    expect(names(await ok(t, 'recents', { filter: { username: 'BET' } }, ana))).toEqual([
      'Quiosco',
    ]);
    const owned = await ok(t, 'recents', { filter: { role: 'owner' } }, admin);
    expect(owned.data.every((p: { role: string }) => p.role === 'owner')).toBe(true);
    expect(names(owned)).toEqual(expect.arrayContaining(['alfa', 'Beta']));
    expect(names(owned)).not.toContain('Quiosco');
    const administered = await ok(t, 'recents', { filter: { role: 'admin' } }, superadmin);
    expect(names(administered)).toEqual(expect.arrayContaining(['alfa', 'Beta', 'Quiosco']));
    expect(await ok(t, 'recents', { filter: { role: 'owner' } }, ana)).toEqual({
      data: [],
      total: 0,
      recordsTotal: 0,
    });
  });
});

describe('the project lists over the REST API', () => {
  it('serve a page sorted and filtered by the declared fields, with its range and total', async () => {
    const query = new URLSearchParams({
      sort: JSON.stringify(['licences', 'DESC']),
      range: JSON.stringify([0, 0]),
      filter: JSON.stringify({ projectType: 'mam' }),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/rest/shareds?${query}`,
      headers: { authorization: `Bearer ${ana}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('shareds 0-0/2');
    expect(response.json()).toMatchObject([{ id: beta.numero, name: 'Beta', role: 'shared' }]);
  });
});
