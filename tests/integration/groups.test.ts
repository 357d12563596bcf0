import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniformTree } from '../../protocol/access-tree';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  demoProject,
  insertDevices,
  type TestProject,
} from '../support/devices';
import { createUser, demoCompany, ok, userIdOf } from '../support/projects';

let t: TestApp;
let admin: string;
let english: string;
let reader: string;
let stranger: string;
let project: TestProject;
let database: number;
/** Device IDs by MID. */
const ids: Record<string, number> = {};

const pdb = () => projectDb(t.database.db, project.schema);
const adm = (parameter: Record<string, unknown>, token = admin) =>
  t.call('admgroups', { database, ...parameter }, token);
const save = (data: Record<string, unknown>, token = admin) => adm({ oper: 'update', data }, token);
const group = (NAME: string, mids: string[], extra: Record<string, unknown> = {}) => ({
  NAME,
  DESCRIPTION: `Ruta ${NAME}`,
  Devices: mids.map((mid) => ids[mid]),
  ...extra,
});
const description = (answer: { body: { error: { code: string; description: string } } }) => {
  expect(answer.body.error.code).not.toBe('0');
  return answer.body.error.description;
};
/** DEVICEGROUP of these devices, by MID. */
const stamps = async (mids: string[]) =>
  Object.fromEntries(
    (
      await pdb()
        .selectFrom('devices')
        .select(['MID', 'DEVICEGROUP'])
        .where('MID', 'in', mids)
        .execute()
    ).map((d) => [d.MID, d.DEVICEGROUP]),
  );
const modelsNamed = (names: string[]) =>
  pdb()
    .selectFrom('models as m')
    .innerJoin('platforms as p', 'p.ID', 'm.IDPLATFORM')
    .select(['m.MODEL', 'p.PLATFORM'])
    .where('m.MODEL', 'in', names)
    .orderBy('m.MODEL')
    .orderBy('p.PLATFORM')
    .execute();
const actions = async (action: string) =>
  (
    await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', action)
      .execute()
  ).map((row) => row.detail);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  project = await demoProject(db);
  database = project.numero;
  admin = await t.tokenFor('admin');
  const company = await demoCompany(db);
  await createUser(db, company, 'grupos-en', true);
  await db
    .updateTable('core.users')
    .set({ language: 'en' })
    .where('login', '=', 'grupos-en')
    .execute();
  english = await t.tokenFor('grupos-en');
  // An ordinary user the project is shared with read-only.
  await db
    .updateTable('core.project_shares')
    .set({ access: JSON.stringify(uniformTree(true, false)) })
    .where('numero', '=', database)
    .where('user_id', '=', await userIdOf(db, 'usuario'))
    .execute();
  reader = await t.tokenFor('usuario');
  await createOtherCompany(db, 'grupos-ajeno');
  stranger = await t.tokenFor('grupos-ajeno');
  await insertDevices(db, project.schema, 6, 'GA');
  await sql`
    INSERT INTO ${sql.id(project.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
    VALUES ('GI-1', 'Iris', 'IPHONE', 2), ('GI-2', 'Inés', 'IPHONE', 2)
  `.execute(db);
  const rows = await pdb()
    .selectFrom('devices')
    .select(['ID', 'MID'])
    .where('MID', 'like', 'G%-%')
    .execute();
  for (const row of rows) ids[row.MID] = row.ID;
});
afterAll(() => t.close());

describe('admgroups update: the group editor saves', () => {
  it('creates a group of same-platform devices and answers it whole', async () => {
    const usuario = await userIdOf(t.database.db, 'usuario');
    const adminId = await userIdOf(t.database.db, 'admin');
    const saved = await ok(
      t,
      'admgroups',
      {
        database,
        oper: 'update',
        data: group('Norte', ['GA-1', 'GA-2'], {
          Users: [usuario, { IDUSER: adminId }],
          PublishUsers: [adminId],
        }),
      },
      admin,
    );
    expect(saved).toMatchObject({
      NAME: 'Norte',
      DESCRIPTION: 'Ruta Norte',
      PLATFORM: 'ANDROID',
      PublishUsers: [adminId],
    });
    expect(saved.Devices).toEqual([
      {
        IDGROUP: saved.ID,
        IDDEVICE: ids['GA-1'],
        PIN: null,
        OWNER: 'Owner 1',
        EMAIL: null,
        PLATFORM: 'ANDROID',
        MID: 'GA-1',
      },
      expect.objectContaining({ MID: 'GA-2' }),
    ]);
    expect(saved.Users.map((u: { LOGIN: string }) => u.LOGIN)).toEqual(['admin', 'usuario']);
    expect(await ok(t, 'admgroups', { database, oper: 'group', ID: saved.ID }, admin)).toEqual(
      saved,
    );
    expect(await actions('group_created')).toContainEqual(
      expect.objectContaining({ group: 'Norte', devices: 2, users: 2 }),
    );
    // Saved is synchronised (issue 33, point 12): its devices name it, its model exists.
    expect(await stamps(['GA-1', 'GA-2', 'GA-3'])).toEqual({
      'GA-1': 'Norte',
      'GA-2': 'Norte',
      'GA-3': null,
    });
    expect(await modelsNamed(['Norte'])).toEqual([{ MODEL: 'Norte', PLATFORM: 'ANDROID' }]);
    const listed = await ok(
      t,
      'admgroups',
      { database, oper: 'all', filter: { q: 'Norte' } },
      admin,
    );
    expect(listed.data[0].SYNCED).not.toBeNull();
  });

  it('refuses with the four messages of the specification, writing nothing', async () => {
    const before = await pdb().selectFrom('groups').select('ID').execute();
    expect(description(await save(group('', ['GA-3'])))).toBe('Debe indicar un nombre al grupo');
    expect(description(await save({ ...group('Sur', ['GA-3']), DESCRIPTION: ' ' }))).toBe(
      'Debe indicar una descripción al grupo',
    );
    expect(description(await save(group('Sur', [])))).toBe(
      'No se permiten grupos sin dispositivos.',
    );
    expect(description(await save(group('Sur', ['GA-3', 'GI-1'])))).toBe(
      'No se permiten grupos con dispositivos de distintas plataformas.',
    );
    expect(description(await save(group('Sur', ['GA-3', 'GI-1']), english))).toBe(
      'Groups with devices of different platforms are not allowed.',
    );
    expect(description(await save(group('norte', ['GA-3'])))).toBe(
      'Ya existe un grupo «norte» en el proyecto «Demo».',
    );
    expect(description(await save({ ...group('Sur', ['GA-3']), Devices: [999999] }))).toMatch(
      /dispositivos con ID 999999; no se ha guardado el grupo/,
    );
    const outsider = await createUser(
      t.database.db,
      await demoCompany(t.database.db),
      'sin-acceso',
    );
    expect(description(await save(group('Sur', ['GA-3'], { Users: [outsider] })))).toMatch(
      /^Los usuarios \d+ no pueden gestionar grupos del proyecto «Demo»/,
    );
    expect(description(await save(group('Sur', ['GA-3'], { PublishUsers: [outsider] })))).toMatch(
      /^Solo los usuarios del grupo pueden publicar/,
    );
    expect(await pdb().selectFrom('groups').select('ID').execute()).toEqual(before);
    expect(await stamps(['GA-3'])).toEqual({ 'GA-3': null });
  });

  it('changes a group: lists given replace its own, lists not given are kept', async () => {
    const sur = await ok(
      t,
      'admgroups',
      { database, oper: 'update', data: group('Sur', ['GA-3', 'GA-4']) },
      admin,
    );
    expect(await stamps(['GA-3', 'GA-4'])).toEqual({ 'GA-3': 'Sur', 'GA-4': 'Sur' });
    const renamed = await ok(
      t,
      'admgroups',
      { database, oper: 'update', ID: sur.ID, data: { NAME: 'Sur-Este' } },
      admin,
    );
    expect(renamed).toMatchObject({ ID: sur.ID, NAME: 'Sur-Este', DESCRIPTION: 'Ruta Sur' });
    expect(renamed.Devices.map((d: { MID: string }) => d.MID)).toEqual(['GA-3', 'GA-4']);
    expect(await stamps(['GA-3', 'GA-4'])).toEqual({ 'GA-3': 'Sur-Este', 'GA-4': 'Sur-Este' });
    // A value typed by hand is the operator's: taken out of the group, it is kept.
    await pdb()
      .updateTable('devices')
      .set({ DEVICEGROUP: 'A mano' })
      .where('MID', '=', 'GA-4')
      .execute();
    const moved = await ok(
      t,
      'admgroups',
      { database, oper: 'update', data: { ID: sur.ID, Devices: [ids['GI-1'], ids['GI-2']] } },
      admin,
    );
    expect(moved).toMatchObject({ NAME: 'Sur-Este', PLATFORM: 'IPHONE' });
    expect(moved.Devices.map((d: { MID: string }) => d.MID)).toEqual(['GI-1', 'GI-2']);
    expect(await stamps(['GA-3', 'GA-4', 'GI-1', 'GI-2'])).toEqual({
      'GA-3': null,
      'GA-4': 'A mano',
      'GI-1': 'Sur-Este',
      'GI-2': 'Sur-Este',
    });
    expect(await modelsNamed(['Sur-Este'])).toContainEqual({
      MODEL: 'Sur-Este',
      PLATFORM: 'IPHONE',
    });
    expect(description(await save({ ID: 999999, NAME: 'X' }))).toBe(
      'El grupo 999999 no existe en el proyecto «Demo».',
    );
  });
});

describe('admgroups lists', () => {
  it('all: pages, sorts and filters in SQL, with the counts', async () => {
    const page = await ok(
      t,
      'admgroups',
      {
        database,
        oper: 'all',
        datatable: { start: 0, length: 10, orderBy: 'USERS', orderDir: 'desc' },
      },
      admin,
    );
    expect(page.total).toBe(2);
    expect(
      page.data.map((g: { NAME: string; DEVICES: number; USERS: number }) => [
        g.NAME,
        g.DEVICES,
        g.USERS,
      ]),
    ).toEqual([
      ['Norte', 2, 2],
      ['Sur-Este', 2, 0],
    ]);
    const second = await ok(
      t,
      'admgroups',
      {
        database,
        oper: 'all',
        datatable: { start: 1, length: 1, orderBy: 'NAME', orderDir: 'asc' },
      },
      admin,
    );
    expect(second).toMatchObject({ total: 2, data: [{ NAME: 'Sur-Este' }] });
    const searched = await ok(
      t,
      'admgroups',
      { database, oper: 'all', filter: { q: 'ruta sur' } },
      admin,
    );
    expect(searched.data.map((g: { NAME: string }) => g.NAME)).toEqual(['Sur-Este']);
    const filtered = await ok(
      t,
      'admgroups',
      { database, oper: 'all', rowfilter: { USERS: '1' }, rowfilteroper: { USERS: 11 } },
      admin,
    );
    expect(filtered.data.map((g: { NAME: string }) => g.NAME)).toEqual(['Norte']);
    const byPlatform = await ok(
      t,
      'admgroups',
      { database, oper: 'all', filter: { PLATFORM: 'IPHONE' } },
      admin,
    );
    expect(byPlatform.total).toBe(1);
    expect(description(await adm({ oper: 'all', datatable: { orderBy: 'MID' } }))).toMatch(
      /orderBy/,
    );
  });

  it('groups and users: the light list and who may manage groups', async () => {
    const light = await ok(t, 'admgroups', { database, oper: 'groups' }, admin);
    expect(light.data).toEqual([
      { ID: expect.any(Number), NAME: 'Norte', PLATFORM: 'ANDROID' },
      { ID: expect.any(Number), NAME: 'Sur-Este', PLATFORM: 'IPHONE' },
    ]);
    const users = await ok(
      t,
      'admgroups',
      { database, oper: 'users', filter: { q: 'usu' } },
      admin,
    );
    expect(users.data).toEqual([
      {
        IDUSER: await userIdOf(t.database.db, 'usuario'),
        LOGIN: 'usuario',
        EMAIL: expect.any(String),
      },
    ]);
    const all = await ok(t, 'admgroups', { database, oper: 'users' }, admin);
    expect(all.data.map((u: { LOGIN: string }) => u.LOGIN)).not.toContain('sin-acceso');
  });
});

describe('who may', () => {
  it('a read-only share lists groups but changes nothing', async () => {
    expect((await ok(t, 'admgroups', { database, oper: 'all' }, reader)).total).toBe(2);
    for (const call of [
      t.call('admgroups', { database, oper: 'update', data: group('Oeste', ['GA-4']) }, reader),
      t.call('admgroups', { database, oper: 'delete', ID: 1 }, reader),
      t.call('syncgroups', { database }, reader),
      t.call('provigroup', { database, data: 1 }, reader),
    ]) {
      const answer = await call;
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('403');
    }
  });

  it("another company's administrator does not reach the project", async () => {
    expect(description(await adm({ oper: 'all' }, stranger))).toBe(
      `El proyecto ${database} no existe o no pertenece a su empresa.`,
    );
  });

  it("a pid that is not the project's is refused", async () => {
    expect(description(await adm({ oper: 'all', pid: 'not-this-one' }))).toBe(
      `El proyecto ${database} no tiene el identificador not-this-one.`,
    );
  });
});

describe('syncgroups and provigroup', () => {
  it('provisioning a group whose model is gone: synchronise first', async () => {
    const norte = (await ok(t, 'admgroups', { database, oper: 'groups' }, admin)).data[0];
    await pdb().deleteFrom('models').where('MODEL', '=', 'Norte').execute();
    expect(description(await t.call('provigroup', { database, data: norte.ID }, admin))).toBe(
      'No existe el modelo. Sincronice primero.',
    );
  });

  it('synchronising refuses a group its devices no longer fit, naming it', async () => {
    await pdb()
      .updateTable('devices')
      .set({ DEVICE_TYPE: 'LINUX' })
      .where('MID', '=', 'GA-2')
      .execute();
    expect(description(await t.call('syncgroups', { database }, admin))).toBe(
      '«Norte»: No se permiten grupos con dispositivos de distintas plataformas.',
    );
    await pdb()
      .updateTable('devices')
      .set({ DEVICE_TYPE: 'ANDROID' })
      .where('MID', '=', 'GA-2')
      .execute();
    expect(
      await pdb().selectFrom('models').select('ID').where('MODEL', '=', 'Norte').execute(),
    ).toEqual([]);
  });

  it('synchronises: a model per group on its platform, DEVICEGROUP on its devices', async () => {
    const result = await ok(t, 'syncgroups', { database }, admin);
    // The saves already wrote DEVICEGROUP; only Norte's model, deleted above, is made again.
    expect(result).toEqual({ groups: 2, devices: 0, models: 1 });
    const models = await modelsNamed(['Norte', 'Sur-Este']);
    expect(models).toContainEqual({ MODEL: 'Norte', PLATFORM: 'ANDROID' });
    expect(models).toContainEqual({ MODEL: 'Sur-Este', PLATFORM: 'IPHONE' });
    const stamped = await pdb()
      .selectFrom('devices')
      .select(['MID', 'DEVICEGROUP'])
      .where('MID', 'in', ['GA-1', 'GI-1', 'GA-5'])
      .orderBy('MID')
      .execute();
    expect(stamped).toEqual([
      { MID: 'GA-1', DEVICEGROUP: 'Norte' },
      { MID: 'GA-5', DEVICEGROUP: null },
      { MID: 'GI-1', DEVICEGROUP: 'Sur-Este' },
    ]);
    expect(await ok(t, 'syncgroups', { database }, admin)).toEqual({
      groups: 2,
      devices: 0,
      models: 0,
    });
    expect(await actions('groups_synced')).toHaveLength(2);
  });

  it('provisions a group: one pending request per device with the group model', async () => {
    const norte = (await ok(t, 'admgroups', { database, oper: 'groups' }, admin)).data[0];
    expect(await ok(t, 'provigroup', { database, data: { ID: norte.ID } }, admin)).toEqual({
      ID: norte.ID,
      NAME: 'Norte',
      MODEL: 'Norte',
      devices: 2,
    });
    const requests = await pdb()
      .selectFrom('device_provisioning')
      .select(['MID', 'TASK', 'IDGROUP', 'MODEL', 'REQUESTED_BY'])
      .orderBy('MID')
      .execute();
    expect(requests).toEqual([
      { MID: 'GA-1', TASK: 'group', IDGROUP: norte.ID, MODEL: 'Norte', REQUESTED_BY: 'admin' },
      { MID: 'GA-2', TASK: 'group', IDGROUP: norte.ID, MODEL: 'Norte', REQUESTED_BY: 'admin' },
    ]);
    const listed = await ok(
      t,
      'admgroups',
      { database, oper: 'all', filter: { q: 'Norte' } },
      admin,
    );
    expect(listed.data[0].PROVISIONED).not.toBeNull();
  });

  it('refuses to provision a group whose devices are gone', async () => {
    const norte = (await ok(t, 'admgroups', { database, oper: 'groups' }, admin)).data[0];
    await ok(t, 'deviceDelete', { database, dataArray: [ids['GA-1'], ids['GA-2']] }, admin);
    expect(description(await t.call('provigroup', { database, data: norte.ID }, admin))).toBe(
      'No existen dispositivos en el grupo.',
    );
    expect(description(await t.call('provigroup', { database, data: 999999 }, english))).toBe(
      'Group 999999 does not exist in project “Demo”.',
    );
  });
});

describe('admgroups delete', () => {
  it('deletes a group and its memberships, and says when there is none', async () => {
    const light = (await ok(t, 'admgroups', { database, oper: 'groups' }, admin)).data;
    for (const { ID } of light) {
      expect(await ok(t, 'admgroups', { database, oper: 'delete', ID }, admin)).toMatchObject({
        ID,
        deleted: true,
      });
    }
    expect(await pdb().selectFrom('group_devices').select('IDDEVICE').execute()).toEqual([]);
    expect(await pdb().selectFrom('group_users').select('IDUSER').execute()).toEqual([]);
    // Their devices no longer name them (GA-1 and GA-2 were deleted above).
    expect(await stamps(['GI-1', 'GI-2'])).toEqual({ 'GI-1': null, 'GI-2': null });
    expect(description(await adm({ oper: 'delete', data: { ID: light[0].ID } }))).toBe(
      `El grupo ${light[0].ID} no existe en el proyecto «Demo».`,
    );
    expect(await actions('group_deleted')).toHaveLength(2);
  });

  it('synchronising without groups: No existen grupos.', async () => {
    expect(description(await t.call('syncgroups', { database }, admin))).toBe('No existen grupos.');
    expect(description(await t.call('syncgroups', { database }, english))).toBe(
      'There are no groups.',
    );
  });
});
