import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { CLOUD_TREE } from '../../protocol/menu-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany } from '../support/devices';
import { createEnvironment, demoCompany, ok, refused, userIdOf } from '../support/projects';

// Access trees per user (docs/decisions.md "Access trees per user"; 002 §4, §6): menu trees by
// environment enforced on every operation and followed by the menu; project trees as shares.

let t: TestApp;
let admin: string;
let usuario: string;
let usuarioId: number;
let adminId: number;
let local: number;
let demo: number;

const idOf = (login: string) => userIdOf(t.database.db, login);

/** The cloud tree with only Devices → MAM shown. */
const onlyMam = markShow(uniformTree(false, false, CLOUD_TREE), 'devices.mam', true);

const menuIds = async (token: string) =>
  (await ok<{ entries: { id: string }[] }>(t, 'menu', {}, token)).entries.map((e) => e.id);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
  [usuarioId, adminId] = await Promise.all([idOf('usuario'), idOf('admin')]);
  local = (
    await t.database.db
      .selectFrom('core.environments')
      .select('id')
      .where('name', '=', 'Local')
      .executeTakeFirstOrThrow()
  ).id;
  demo = (
    await t.database.db
      .selectFrom('core.projects')
      .select('numero')
      .where('name', '=', 'Demo')
      .executeTakeFirstOrThrow()
  ).numero;
});
afterAll(async () => {
  await t?.close();
});

describe('menu trees per user', () => {
  it('starts with no list: the role alone decides', async () => {
    const access = await ok(t, 'userAccess', { idusr: usuarioId }, admin);
    expect(access).toMatchObject({ flavour: 'cloud', type: 3, admin: false, lstPermissions: [] });
    expect(access.environments.map((e: { name: string }) => e.name)).toContain('Local');
    await ok(t, 'environments', {}, usuario);
    expect(await menuIds(usuario)).toContain('environments');
  });

  it('refuses an area the tree does not show, in the caller’s language, and hides it', async () => {
    const saved = await ok(
      t,
      'saveUserAccess',
      { idusr: usuarioId, idenv: local, access: onlyMam },
      admin,
    );
    expect(saved.type).toBe(3);
    const denied = await t.call('environments', {}, usuario);
    expect(denied.status).toBe(403);
    expect(denied.body.error.description).toBe(
      'Su árbol de accesos no le permite «Proyectos → Entornos».',
    );
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${usuario}`, 'accept-language': 'en' },
      payload: { operation: 'recents', parameter: {} },
    });
    expect(english.json().error.description).toBe(
      'Your access tree does not allow “Projects → Project list”.',
    );
    // The device area is shown, read-only: reading passes, a change is refused by the menu tree
    // even where the project's tree would allow it.
    await ok(t, 'projectAccess', { database: demo }, usuario);
    const full = uniformTree(true, true);
    await ok(t, 'saveUserProjectAccess', { idusr: usuarioId, database: demo, access: full }, admin);
    const change = await t.call(
      'setPendingDevices',
      { database: demo, lstMID: ['X'], status: 'enabled' },
      usuario,
    );
    expect(change.status).toBe(403);
    expect(change.body.error.description).toBe(
      'Su árbol de accesos no le permite «Dispositivos → MAM».',
    );
    const menu = await menuIds(usuario);
    expect(menu).toContain('devicelist');
    expect(menu).not.toContain('environments');
    expect(menu).not.toContain('recents');
    expect(menu).toContain('home');
  });

  it('allows everything with an empty tree', async () => {
    await ok(t, 'saveUserAccess', { idusr: usuarioId, idenv: local, access: [] }, admin);
    await ok(t, 'environments', {}, usuario);
    expect(await menuIds(usuario)).toContain('environments');
  });

  it('denies where the environment has no entry', async () => {
    const other = await createEnvironment(t.database.db, {
      companyId: await demoCompany(t.database.db),
      name: 'Remoto',
      urlManager: 'https://remoto.example',
      urlAuthority: 'https://remoto.example/oidc',
      system: false,
    });
    await ok(t, 'saveUserAccess', { idusr: usuarioId, idenv: other, access: [] }, admin);
    await ok(t, 'saveUserAccess', { idusr: usuarioId, idenv: local, access: null }, admin);
    const listed = await ok(t, 'userAccess', { idusr: usuarioId }, admin);
    expect(listed.lstPermissions).toEqual([{ idenv: other, type: 3, access: [] }]);
    expect((await t.call('environments', {}, usuario)).status).toBe(403);
    expect((await t.call('projectAccess', { database: demo }, usuario)).status).toBe(403);
    await ok(t, 'saveUserAccess', { idusr: usuarioId, idenv: other, access: null }, admin);
    await ok(t, 'environments', {}, usuario);
  });

  it('keeps administrators at full access and refuses giving them a tree', async () => {
    const access = await ok(t, 'userAccess', { idusr: adminId }, admin);
    expect(access).toMatchObject({ admin: true, lstPermissions: [] });
    expect(
      await refused(t, 'saveUserAccess', { idusr: adminId, idenv: local, access: onlyMam }, admin),
    ).toBe('Los administradores tienen acceso completo: no llevan árbol de accesos.');
    // Even a stored tree does not limit an administrator.
    await t.database.db
      .insertInto('core.user_access')
      .values({
        user_id: adminId,
        environment_id: local,
        type: 3,
        access: JSON.stringify(onlyMam),
        updated_by: null,
      })
      .execute();
    await ok(t, 'environments', {}, admin);
    expect(await menuIds(admin)).toContain('environments');
  });

  it('is the company’s administrators’ alone', async () => {
    const forbidden = await t.call(
      'saveUserAccess',
      { idusr: usuarioId, idenv: local, access: [] },
      usuario,
    );
    expect(forbidden.status).toBe(403);
    await createOtherCompany(t.database.db, 'otra-arboles');
    const stranger = await t.tokenFor('otra-arboles');
    expect(await refused(t, 'userAccess', { idusr: usuarioId }, stranger)).toBe(
      'El usuario no existe.',
    );
    expect(
      await refused(t, 'saveUserAccess', { idusr: usuarioId, idenv: local, access: [] }, stranger),
    ).toBe('El usuario no existe.');
    expect(
      await refused(
        t,
        'saveUserProjectAccess',
        { idusr: usuarioId, database: demo, access: null },
        stranger,
      ),
    ).toBe('El usuario no existe.');
    const untouched = await t.database.db
      .selectFrom('core.project_shares')
      .select('numero')
      .where('user_id', '=', usuarioId)
      .execute();
    expect(untouched).toHaveLength(1);
  });
});

describe('project trees per user', () => {
  it('lists the environment’s projects with what the user has of each', async () => {
    const page = await ok(t, 'userProjectAccess', { idusr: usuarioId, environment: local }, admin);
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ numero: demo, name: 'Demo', role: 'shared' });
    const owner = await ok(
      t,
      'userProjectAccess',
      { idusr: await idOf('admin'), environment: local },
      admin,
    );
    expect(owner.data[0].role).toBe('owner');
  });

  it('gives only Devices → view: the device list reads, every change is refused', async () => {
    const tree = markShow(uniformTree(false, false), 'devices', true, { recursive: false });
    await ok(t, 'saveUserProjectAccess', { idusr: usuarioId, database: demo, access: tree }, admin);
    const flags = await ok(t, 'projectAccess', { database: demo }, usuario);
    expect(flags.devices).toMatchObject({
      show: true,
      editDevice: false,
      deleteDevice: false,
      addDevice: false,
    });
    await ok(t, 'devicesWithPages', { database: demo }, usuario);
    expect((await t.call('deviceDelete', { database: demo, ID: 1 }, usuario)).status).toBe(403);
    expect(
      (await t.call('sendCommand', { database: demo, cmd: 'ring', dest: ['X'] }, usuario)).status,
    ).toBe(403);
  });

  it('removes the share, and refuses a tree for the owner', async () => {
    await ok(t, 'saveUserProjectAccess', { idusr: usuarioId, database: demo, access: null }, admin);
    expect(await refused(t, 'projectAccess', { database: demo }, usuario)).toMatch(/no existe/);
    expect(
      await refused(
        t,
        'saveUserProjectAccess',
        { idusr: adminId, database: demo, access: [] },
        admin,
      ),
    ).toBe('Los administradores tienen acceso completo: no llevan árbol de accesos.');
    const page = await ok(t, 'userProjectAccess', { idusr: usuarioId, environment: local }, admin);
    expect(page.data[0].role).toBe('none');
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('action')
      .where('action', '=', 'user_access_changed')
      .execute();
    expect(logged.length).toBeGreaterThan(3);
  });
});
