import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
import { MANAGER_TREE } from '../../protocol/menu-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, userIdOf } from '../support/projects';

// 002 §6 permission types 1–6 kept per user and environment (docs/decisions.md, "Permission
// types 1–6"): 2 the manager tree the server applies in both flavours, 4 and 5 project trees by
// environment that cap the user's shares (every node, or the device area's).

let t: TestApp;
let admin: string;
let user: string;
let userId: number;
let environment: number;
let demo: TestProject;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  demo = await demoProject(db);
  await createUser(db, await demoCompany(db), 'typed-user');
  userId = await userIdOf(db, 'typed-user');
  user = await t.tokenFor('typed-user');
  await ok(
    t,
    'shareProject',
    { database: demo.numero, userId, access: uniformTree(true, true) },
    admin,
  );
  ({ environment_id: environment } = await db
    .selectFrom('core.projects')
    .select('environment_id')
    .where('numero', '=', demo.numero)
    .executeTakeFirstOrThrow());
});
afterAll(() => t?.close());

const save = (type: number, access: unknown) =>
  ok(t, 'saveUserAccess', { idusr: userId, idenv: environment, type, access }, admin);
const files = () => t.call('projectFiles', { database: demo.numero }, user);
const treeOf = async () =>
  (await ok(t, 'projectAccess', { database: demo.numero }, user)).jsonAccess as {
    id: string;
    show: boolean;
    write: boolean;
    nodes?: unknown[];
  }[];
const node = (tree: Awaited<ReturnType<typeof treeOf>>, id: string) => {
  const all = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...all(n.nodes ?? [])]);
  return all(tree).find((n) => n.id === id);
};

describe('permission types 2, 4 and 5', () => {
  it('store each type by environment and answer them all in lstPermissions', async () => {
    expect((await files()).body.error.code).toBe('0');
    const saved = await save(4, markShow(uniformTree(false, false), 'devices', true));
    expect(saved.type).toBe(4);
    // Only show, write and nodes are kept.
    expect(JSON.stringify(saved.access)).not.toMatch(/title|icon|disabled/);
    await save(2, uniformTree(true, true, MANAGER_TREE));
    const answer = await ok(t, 'userAccess', { idusr: userId }, admin);
    expect(
      answer.lstPermissions.map((entry: { idenv: number; type: number }) => [
        entry.idenv,
        entry.type,
      ]),
    ).toEqual([
      [environment, 2],
      [environment, 4],
    ]);
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'user_access_changed')
      .execute();
    expect(logged.map((row) => (row.detail as { type: number }).type)).toEqual([4, 2]);
  });

  it('type 4 caps every node of the user’s shares of that environment’s projects', async () => {
    const tree = await treeOf();
    expect(node(tree, 'devices')).toMatchObject({ show: true, write: false });
    expect(node(tree, 'settings.filebrowser')).toMatchObject({ show: false, write: false });
    expect(node(tree, 'reports')).toMatchObject({ show: false });
    expect((await files()).status).toBe(403);
    expect(
      (await t.call('devicesWithPages', { database: demo.numero }, user)).body.error.code,
    ).toBe('0');
    await save(4, null);
    expect((await files()).body.error.code).toBe('0');
  });

  it('type 5 caps only the device area (devices, statistics, settings)', async () => {
    await save(
      5,
      markShow(markWrite(uniformTree(false, false), 'statistics', true), 'devices', true),
    );
    const tree = await treeOf();
    expect(node(tree, 'devices')).toMatchObject({ show: true, write: false });
    expect(node(tree, 'devices.delete')).toMatchObject({ write: false });
    expect(node(tree, 'settings.filebrowser')).toMatchObject({ show: false });
    expect(node(tree, 'statistics')).toMatchObject({ show: true, write: true });
    // Outside the device area the share's own tree stands.
    expect(node(tree, 'reports')).toMatchObject({ show: true, write: true });
    expect((await files()).status).toBe(403);
    await save(5, []);
    expect((await files()).body.error.code).toBe('0');
  });

  it('type 2 is applied by the gate’s manager node whatever the flavour', async () => {
    await save(2, markShow(uniformTree(false, false, MANAGER_TREE), 'administration', true));
    const refused = await t.call('devicesWithPages', { database: demo.numero }, user);
    expect(refused.status).toBe(403);
    expect(refused.body.error.description).toBe(
      'Su árbol de accesos no le permite «Dispositivos → MAM».',
    );
    await save(2, null);
    expect(
      (await t.call('devicesWithPages', { database: demo.numero }, user)).body.error.code,
    ).toBe('0');
  });

  it('refuses types that are not stored here', async () => {
    for (const type of [1, 7]) {
      const answer = await t.call(
        'saveUserAccess',
        { idusr: userId, idenv: environment, type, access: [] },
        admin,
      );
      expect(answer.body.error.code).toBe('-1');
    }
  });
});
