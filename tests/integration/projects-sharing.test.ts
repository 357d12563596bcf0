import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  createProject,
  demoProject,
  insertDevices,
  type TestProject,
} from '../support/devices';
import { createUser, demoCompany, footprint, ok, refused } from '../support/projects';

let t: TestApp;
let admin: string;
let ana: string;
let beto: string;
let anaId: number;
let betoId: number;
let companyId: number;
let demo: TestProject;

/** Devices: show on the node and its children, no write. */
const devicesShow = () => markShow(uniformTree(false, false), 'devices', true);
const share = (parameter: Record<string, unknown>, token = admin) =>
  ok(t, 'shareProject', { database: demo.numero, ...parameter }, token);
const numeros = (page: { data: { numero: number }[] }) => page.data.map((p) => p.numero);

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  companyId = await demoCompany(db);
  anaId = await createUser(db, companyId, 'ana');
  betoId = await createUser(db, companyId, 'beto');
  ana = await t.tokenFor('ana');
  beto = await t.tokenFor('beto');
  demo = await demoProject(db);
  await insertDevices(db, demo.schema, 4);
});
afterAll(() => t.close());

describe('reaching a project', () => {
  it('keeps a project that is not shared out of reach of an ordinary user', async () => {
    const description = `El proyecto ${demo.numero} no existe o no pertenece a su empresa.`;
    expect(await refused(t, 'projectAccess', { database: demo.numero }, beto)).toBe(description);
    expect(await refused(t, 'devicesWithPages', { database: demo.numero }, beto)).toBe(description);
    expect(await ok(t, 'projects', {}, beto)).toEqual({ data: [], total: 0, recordsTotal: 0 });
    expect(await ok(t, 'recents', {}, beto)).toEqual({ data: [], total: 0, recordsTotal: 0 });
  });

  it('gives the owner and administrators the full tree', async () => {
    const access = await ok(t, 'projectAccess', { database: demo.numero }, admin);
    expect(access.owner).toBe(true);
    expect(access.jsonAccess).toEqual(uniformTree(true, true));
    const superadmin = await ok(
      t,
      'projectAccess',
      { database: demo.numero },
      await t.tokenFor('superadmin'),
    );
    expect(superadmin).toMatchObject({ owner: false, jsonAccess: uniformTree(true, true) });
    expect(superadmin.permissions).toEqual({
      download: true,
      delete: true,
      publish: true,
      edit: true,
      share: true,
      restore: true,
    });
  });

  it('lets the seeded demo user read the demo project and nothing more', async () => {
    const usuario = await t.tokenFor('usuario');
    const access = await ok(t, 'projectAccess', { database: demo.numero }, usuario);
    expect(access.jsonAccess).toEqual(uniformTree(true, false));
    expect(access.devices).toMatchObject({ show: true, statusDevice: false, deleteDevice: false });
  });
});

describe('permissions from jsonAccess', () => {
  it('lets a user shared with devices show list devices but not disable them', async () => {
    const saved = await share({ userId: anaId, access: devicesShow() });
    expect(saved).toMatchObject({ userId: anaId, login: 'ana', email: 'ana@demo.flota.local' });
    expect(saved.access).toEqual(devicesShow());
    const list = await ok(t, 'devicesWithPages', { database: demo.numero }, ana);
    expect(list.total).toBe(4);
    const { body, status } = await t.call(
      'setPendingDevices',
      { database: demo.numero, lstMID: ['DEV-1'], status: 'disabled' },
      ana,
    );
    expect(status).toBe(403);
    expect(body.error.code).toBe('403');
    const access = await ok(t, 'projectAccess', { database: demo.numero }, ana);
    expect(access).toMatchObject({
      owner: false,
      devices: { show: true, statusDevice: false, deleteDevice: false, addDevice: false },
      permissions: { share: false, publish: false },
    });
  });

  it('lets the same user disable devices once devices.status is writable', async () => {
    await share({ userId: anaId, access: markWrite(devicesShow(), 'devices.status', true) });
    const result = await ok(
      t,
      'setPendingDevices',
      { database: demo.numero, lstMID: ['DEV-1'], status: 'disabled' },
      ana,
    );
    expect(result).toEqual({ updated: 1, PENDIENTE: 1 });
    const access = await ok(t, 'projectAccess', { database: demo.numero }, ana);
    expect(access.devices).toMatchObject({ statusDevice: true, deleteDevice: false });
    const { status } = await t.call('deviceDelete', { database: demo.numero, ID: 2 }, ana);
    expect(status).toBe(403);
  });

  it('stores the tree normalised: unknown nodes dropped, write implying show, ancestors shown', async () => {
    const saved = await share({
      userId: anaId,
      access: [
        { id: 'nonsense', show: true, write: true },
        { id: 'devices', show: false, nodes: [{ id: 'devices.status', write: true }] },
      ],
      permissions: { share: true, unknown: true },
      envPermissions: { '999': { publish: true } },
    });
    const expected = markWrite(uniformTree(false, false), 'devices.status', true).map((node) =>
      node.id === 'devices' ? { ...node, write: false } : node,
    );
    expect(saved.access).toEqual(expected);
    expect(saved.permissions).toEqual({
      download: false,
      delete: false,
      publish: false,
      edit: false,
      share: true,
      restore: false,
    });
    expect(saved.envPermissions).toEqual({});
  });
});

describe('global device search follows the shares', () => {
  it('finds the devices of a shared project only while its tree shows devices', async () => {
    const search = (token: string) => ok(t, 'devicesByDatabase', {}, token);
    expect((await search(beto)).total).toBe(0);
    await share({ userId: betoId, access: devicesShow() });
    const found = await search(beto);
    expect(found.total).toBe(4);
    expect(found.data.every((row: { database: number }) => row.database === demo.numero)).toBe(
      true,
    );
    await share({ userId: betoId, access: markShow(uniformTree(false, false), 'reports', true) });
    expect((await search(beto)).total).toBe(0);
    await ok(t, 'unshareProject', { database: demo.numero, userId: betoId }, admin);
  });
});

describe('sharing', () => {
  it('lists the shares of a project by login', async () => {
    const shares = await ok(t, 'projectShares', { database: demo.numero }, admin);
    expect(shares.map((s: { login: string }) => s.login)).toEqual(['ana', 'usuario']);
  });

  it('lets a user with the share permission pass on no more than they hold', async () => {
    // ana holds devices.status write and the share permission (previous test).
    const saved = await share(
      {
        userId: betoId,
        access: uniformTree(true, true),
        permissions: { share: true, delete: true },
      },
      ana,
    );
    expect(saved.access).toEqual(
      markWrite(uniformTree(false, false), 'devices.status', true).map((node) =>
        node.id === 'devices' ? { ...node, write: false } : node,
      ),
    );
    expect(saved.permissions).toMatchObject({ share: true, delete: false });
    expect(await refused(t, 'shareProject', { database: demo.numero, userId: anaId }, ana)).toBe(
      `No puede cambiar sus propios permisos del proyecto ${demo.numero}.`,
    );
  });

  it('refuses sharers without the permission, the owner, and users of other companies', async () => {
    const usuario = await t.tokenFor('usuario');
    await createOtherCompany(t.database.db, 'ajeno-share');
    const before = await footprint(t.database.db);
    expect(
      await refused(t, 'shareProject', { database: demo.numero, userId: betoId }, usuario),
    ).toMatch(/^No puede gestionar con quién se comparte el proyecto/);
    expect(await refused(t, 'projectShares', { database: demo.numero }, usuario)).toMatch(
      /^No puede gestionar/,
    );
    const adminId = (
      await t.database.db
        .selectFrom('core.users')
        .select('id')
        .where('login', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await refused(t, 'shareProject', { database: demo.numero, userId: adminId }, ana)).toBe(
      'El usuario admin es el propietario del proyecto: ya tiene acceso completo.',
    );
    const foreign = await t.database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', 'ajeno-share')
      .executeTakeFirstOrThrow();
    expect(
      await refused(t, 'shareProject', { database: demo.numero, userId: foreign.id }, admin),
    ).toBe(`El usuario ${foreign.id} no existe o no es de su empresa.`);
    expect(await footprint(t.database.db)).toEqual(before);
  });

  it('takes the project away from a user when it is unshared', async () => {
    await ok(t, 'unshareProject', { database: demo.numero, userId: betoId }, admin);
    expect(await refused(t, 'projectAccess', { database: demo.numero }, beto)).toMatch(
      /no existe o no pertenece/,
    );
    expect(
      await refused(t, 'unshareProject', { database: demo.numero, userId: betoId }, admin),
    ).toBe(`El proyecto ${demo.numero} no está compartido con el usuario ${betoId}.`);
  });
});

describe('recents and shareds', () => {
  let alfa: TestProject;
  let beta: TestProject;
  let gamma: TestProject;
  let kiosk: TestProject;

  beforeAll(async () => {
    const { db } = t.database;
    alfa = await createProject(db, { companyId, ownerLogin: 'admin', name: 'alfa' });
    beta = await createProject(db, { companyId, ownerLogin: 'admin', name: 'Beta' });
    gamma = await createProject(db, { companyId, ownerLogin: 'admin', name: 'gamma' });
    kiosk = await createProject(db, { companyId, ownerLogin: 'beto', name: 'Quiosco' });
    await db
      .updateTable('core.projects')
      .set({ project_type: 'kiosk' })
      .where('numero', '=', kiosk.numero)
      .execute();
    for (const project of [alfa, beta, gamma]) {
      await ok(
        t,
        'shareProject',
        { database: project.numero, userId: anaId, access: devicesShow() },
        admin,
      );
    }
    await ok(
      t,
      'shareProject',
      { database: kiosk.numero, userId: anaId, access: devicesShow() },
      beto,
    );
  });

  it('sorts recents by last access, those never opened last by name whatever its case', async () => {
    await ok(t, 'projectAccess', { database: gamma.numero }, ana);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await ok(t, 'projectAccess', { database: beta.numero }, ana);
    const recents = await ok(t, 'recents', {}, ana);
    // Demo was opened in the tests above, before gamma and beta.
    expect(recents.data.map((p: { name: string }) => p.name)).toEqual([
      'Beta',
      'gamma',
      'Demo',
      'alfa',
      'Quiosco',
    ]);
    expect(recents.total).toBe(5);
    expect(recents.data[0]).toMatchObject({
      numero: beta.numero,
      owner: false,
      username: 'admin',
      jsonAccess: devicesShow(),
      shares: 0,
    });
    expect(recents.data[0].lastaccess).not.toBeNull();
    expect(recents.data[3].lastaccess).toBeNull();
    const page = await ok(t, 'recents', { datatable: { start: 1, length: 2 } }, ana);
    expect(page.data.map((p: { name: string }) => p.name)).toEqual(['gamma', 'Demo']);
    expect(page.total).toBe(5);
    const filtered = await ok(t, 'recents', { filter: { q: 'ALF' } }, ana);
    expect(numeros(filtered)).toEqual([alfa.numero]);
  });

  it('records the last access of each user separately', async () => {
    const recents = await ok(t, 'recents', {}, admin);
    expect(recents.data[0].name).toBe('Demo');
    expect(recents.data.find((p: { name: string }) => p.name === 'Beta').lastaccess).toBeNull();
  });

  it('lists shared projects by type: shared with me, and mine shared with others', async () => {
    const mam = await ok(t, 'shareds', { projectType: 'mam' }, ana);
    expect(mam.data.map((p: { name: string }) => p.name)).toEqual([
      'alfa',
      'Beta',
      'Demo',
      'gamma',
    ]);
    expect(numeros(await ok(t, 'shareds', { projectType: 'kiosk' }, ana))).toEqual([kiosk.numero]);
    expect((await ok(t, 'shareds', {}, ana)).total).toBe(5);
    const owner = await ok(t, 'shareds', {}, admin);
    // admin's own projects shared with others; Quiosco is beto's, shared with ana, not with admin.
    expect(owner.data.map((p: { name: string }) => p.name)).toEqual([
      'alfa',
      'Beta',
      'Demo',
      'gamma',
    ]);
    expect(owner.data.find((p: { name: string }) => p.name === 'Demo').shares).toBe(2);
    expect(await ok(t, 'shareds', { projectType: 'mdm' }, ana)).toEqual({
      data: [],
      total: 0,
      recordsTotal: 0,
    });
  });
});

describe('usersForShare', () => {
  const logins = (page: { data: { login: string }[] }) => page.data.map((u) => u.login);

  it("lists the company's users but the caller, administrators only when asked", async () => {
    expect(logins(await ok(t, 'usersForShare', {}, admin))).toEqual(['ana', 'beto', 'usuario']);
    const withAdmins = await ok(t, 'usersForShare', { includeAdmins: true }, admin);
    expect(logins(withAdmins)).toEqual(['ana', 'beto', 'superadmin', 'usuario']);
    expect(withAdmins.data.find((u: { login: string }) => u.login === 'superadmin')).toMatchObject({
      admin: true,
      email: 'superadmin@demo.flota.local',
    });
    const onlyAdmins = await ok(
      t,
      'usersForShare',
      { includeAdmins: true, includeMyCiaUsers: false },
      ana,
    );
    expect(logins(onlyAdmins)).toEqual(['admin', 'superadmin']);
  });

  it('filters by login or e-mail and pages', async () => {
    expect(logins(await ok(t, 'usersForShare', { q: 'BET' }, admin))).toEqual(['beto']);
    const page = await ok(t, 'usersForShare', { datatable: { start: 1, length: 1 } }, admin);
    expect(page).toMatchObject({ total: 3 });
    expect(logins(page)).toEqual(['beto']);
  });
});
