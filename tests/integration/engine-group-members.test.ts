import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, insertDevices, type TestProject } from '../support/devices';
import { ok, refused, userIdOf } from '../support/projects';
import { refusal, restProviderFor } from '../support/rest-client';

// A group's members and custom fields through the engine (issue 34): `MIDS`, `Users` and
// `PublishUsers` are fields the hook writes with admgroups' checks and function (writeMembers);
// the group editor saves through groupsCreate / groupsEdit, custom fields with it. Every door
// keeps the member changes in the group's revisions.

let t: TestApp;
let base: string;
let admin: string;
let adminId: number;
let project: TestProject;
let database: number;
const ids: Record<string, number> = {};

const pdb = () => projectDb(t.database.db, project.schema);
const stampOf = async (mid: string) =>
  (
    await pdb()
      .selectFrom('devices')
      .select('DEVICEGROUP')
      .where('MID', '=', mid)
      .executeTakeFirstOrThrow()
  ).DEVICEGROUP;

beforeAll(async () => {
  t = await buildTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  const db = t.database.db;
  project = await demoProject(db);
  database = project.numero;
  admin = await t.tokenFor('admin');
  adminId = await userIdOf(db, 'admin');
  await insertDevices(db, project.schema, 4, 'GM');
  await sql`
    INSERT INTO ${sql.id(project.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
    VALUES ('GMI-1', 'Iris', 'IPHONE', 2)
  `.execute(db);
  const rows = await pdb()
    .selectFrom('devices')
    .select(['ID', 'MID'])
    .where('MID', 'like', 'GM%')
    .execute();
  for (const row of rows) ids[row.MID] = row.ID;
});
afterAll(async () => t?.close());

const historyOf = async (id: number) => {
  const rest = await restProviderFor(t, base, 'admin');
  const { data } = await rest.getList('revisions', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'at', order: 'ASC' },
    filter: { resource: 'groups', record: `${database}:${id}` },
  });
  return data;
};

describe('group members through the engine', () => {
  it('are set by REST POST and PUT by MID, shown by GET, with admgroups’ checks; a stale PUT is 409', async () => {
    const rest = await restProviderFor(t, base, 'admin');
    const groups = `projects/${database}/groups`;
    const created = await rest.create(groups, {
      data: { NAME: 'Rutas', DESCRIPTION: 'Reparto', MIDS: ['GM-2', 'GM-1'], Users: [adminId] },
    });
    expect(created.data).toMatchObject({
      MIDS: ['GM-1', 'GM-2'],
      Users: [adminId],
      PublishUsers: [],
      DEVICES: 2,
      USERS: 1,
      PLATFORM: 'ANDROID',
    });
    const id = Number(created.data.id);
    expect(await stampOf('GM-1')).toBe('Rutas');
    const shown = await rest.getOne(groups, { id });
    expect(shown.data).toMatchObject({ MIDS: ['GM-1', 'GM-2'], Users: [adminId], version: 1 });

    // PUT replaces the devices and makes the user a publisher, in one write with its revision.
    const edited = await rest.update(groups, {
      id,
      data: { ...shown.data, MIDS: ['GM-3', 'GM-2'], PublishUsers: [adminId] },
      previousData: shown.data,
    });
    expect(edited.data).toMatchObject({
      MIDS: ['GM-2', 'GM-3'],
      PublishUsers: [adminId],
      DEVICES: 2,
      version: 2,
    });
    expect(await stampOf('GM-1')).toBeNull();
    expect(await stampOf('GM-3')).toBe('Rutas');
    // admgroups reads the same members.
    const whole = await ok(t, 'admgroups', { database, oper: 'group', ID: id }, admin);
    expect(whole.Devices.map((d: { MID: string }) => d.MID)).toEqual(['GM-2', 'GM-3']);
    expect(whole.PublishUsers).toEqual([adminId]);

    // The same record sent back (its members as GET answered them) changes nothing.
    const again = await rest.getOne(groups, { id });
    const same = await rest.update(groups, {
      id,
      data: again.data,
      previousData: again.data,
    });
    expect(same.data).toMatchObject({ version: 2 });

    // A PUT holding the older version is refused: 409, nothing written.
    const stale = await refusal(
      rest.update(groups, {
        id,
        data: { ...shown.data, MIDS: ['GM-4'] },
        previousData: shown.data,
      }),
    );
    expect(stale.status).toBe(409);
    expect(await stampOf('GM-4')).toBeNull();

    // admgroups' rules: one platform, devices of the project, publishers among the users.
    const current = (await rest.getOne(groups, { id })).data;
    const edit = (data: Record<string, unknown>) =>
      refusal(rest.update(groups, { id, data: { ...current, ...data }, previousData: current }));
    expect((await edit({ MIDS: ['GM-2', 'GMI-1'] })).message).toMatch(/plataforma/i);
    expect((await edit({ MIDS: ['GM-2', 'NOPE-9'] })).message).toMatch(
      /No existen en el proyecto .* los dispositivos con MID NOPE-9/,
    );
    expect((await edit({ Users: [], PublishUsers: [adminId] })).message).toMatch(
      /Solo los usuarios del grupo pueden publicar/,
    );
    expect((await edit({ Users: [987654], PublishUsers: [] })).message).toMatch(
      /Los usuarios 987654/,
    );
    expect((await rest.getOne(groups, { id })).data).toMatchObject({ version: 2 });
  });

  it('keep member changes in the revisions, whichever door; a revert puts them back or is refused clearly', async () => {
    const created = await ok(
      t,
      'groupsCreate',
      { database, NAME: 'Historia', DESCRIPTION: 'x', MIDS: ['GM-1'] },
      admin,
    );
    const id = Number(created.id);
    await ok(t, 'groupsEdit', { database, id, version: 1, MIDS: ['GM-1', 'GM-4'] }, admin);
    // The specification's call keeps its member changes too (devices by ID, as it takes them).
    await ok(
      t,
      'admgroups',
      { database, oper: 'update', ID: id, data: { Devices: [ids['GM-4']], Users: [adminId] } },
      admin,
    );
    const history = await historyOf(id);
    expect(history.map((r) => r.action)).toEqual(['create', 'edit', 'edit']);
    expect(history[0].after).toMatchObject({ MIDS: ['GM-1'], Users: [] });
    expect(history[1]).toMatchObject({
      before: { MIDS: ['GM-1'], version: 1 },
      after: { MIDS: ['GM-1', 'GM-4'], version: 2 },
    });
    expect(history[2]).toMatchObject({
      before: { MIDS: ['GM-1', 'GM-4'], Users: [], version: 2 },
      after: { MIDS: ['GM-4'], Users: [adminId], version: 3 },
    });
    // Reverting the engine's edit puts its devices back through the same member write.
    const reverted = await ok(t, 'revisionsRevert', { id: history[1].id }, admin);
    expect(reverted).toMatchObject({ MIDS: ['GM-1'], version: 4 });
    expect((await stampOf('GM-4')) ?? '').not.toContain('Historia');
    expect(await stampOf('GM-1')).toContain('Historia');
    // A device gone since: the revert is refused by name, nothing written.
    await pdb().deleteFrom('devices').where('MID', '=', 'GM-4').execute();
    const refusedRevert = await refused(t, 'revisionsRevert', { id: history[2].id }, admin);
    expect(refusedRevert).toMatch(/dispositivos con MID GM-4; no se ha guardado el grupo/);
    expect(await ok(t, 'groupsShow', { database, id }, admin)).toMatchObject({ version: 4 });
  });

  it('take custom fields in the editor’s save (groupsEdit with its members), validated and revised', async () => {
    const rest = await restProviderFor(t, base, 'admin');
    await rest.create('custom-fields', {
      data: {
        resource: 'groups',
        name: 'costCentre',
        type: 'text',
        label: { es: 'Centro de coste', en: 'Cost centre' },
        maxLength: 8,
      },
    });
    // The editor creates as the console's data provider does: fields, members and custom values.
    const created = await ok(
      t,
      'groupsCreate',
      {
        database,
        NAME: 'Coste',
        DESCRIPTION: 'x',
        MIDS: ['GM-2'],
        Users: [adminId],
        PublishUsers: [adminId],
        costCentre: 'CC-01',
      },
      admin,
    );
    expect(created).toMatchObject({ costCentre: 'CC-01', PublishUsers: [adminId] });
    const id = Number(created.id);
    // And edits with the changed fields only and the version it read.
    const edited = await ok(
      t,
      'groupsEdit',
      { database, id, version: 1, costCentre: 'CC-02', MIDS: ['GM-2', 'GM-3'] },
      admin,
    );
    expect(edited).toMatchObject({ costCentre: 'CC-02', MIDS: ['GM-2', 'GM-3'], version: 2 });
    const tooLong = await refused(
      t,
      'groupsEdit',
      { database, id, version: 2, costCentre: 'CC-000000001' },
      admin,
    );
    expect(tooLong).toMatch(/Centro de coste admite como mucho 8 caracteres/);
    const stale = await t.call('groupsEdit', { database, id, version: 1, costCentre: 'X' }, admin);
    expect(stale.body.error.description).toMatch(/versión 2, no 1/);
    const history = await historyOf(id);
    expect(history.at(-1)).toMatchObject({
      before: { costCentre: 'CC-01', MIDS: ['GM-2'] },
      after: { costCentre: 'CC-02', MIDS: ['GM-2', 'GM-3'] },
    });
    // A custom-field-only edit leaves the members (and the stamps) alone; reverting it works.
    await ok(t, 'groupsEdit', { database, id, version: 2, costCentre: 'CC-03' }, admin);
    const last = (await historyOf(id)).at(-1)!;
    expect(Object.keys(last.after)).toEqual(expect.arrayContaining(['costCentre', 'version']));
    expect(last.after).not.toHaveProperty('MIDS');
    const back = await ok(t, 'revisionsRevert', { id: last.id }, admin);
    expect(back).toMatchObject({ costCentre: 'CC-02', MIDS: ['GM-2', 'GM-3'], version: 4 });
  });
});
