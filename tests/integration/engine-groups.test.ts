import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { createProject, demoProject, insertDevices, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused, userIdOf } from '../support/projects';
import { refusal, restProviderFor } from '../support/rest-client';

// The device groups on the engine (issue 34, points 6 and 7): a table of each project's schema it
// maps. `admgroups` (002 §7) keeps its shapes (groups.test.ts); the engine adds REST, show, custom
// fields, revisions and optimistic concurrency, and both keep the group's history.

let t: TestApp;
let base: string;
let admin: string;
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
  await insertDevices(db, project.schema, 3, 'EG');
  await sql`
    INSERT INTO ${sql.id(project.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
    VALUES ('EGI-1', 'Iris', 'IPHONE', 2)
  `.execute(db);
  const rows = await pdb()
    .selectFrom('devices')
    .select(['ID', 'MID'])
    .where('MID', 'like', 'EG%')
    .execute();
  for (const row of rows) ids[row.MID] = row.ID;
});
afterAll(async () => t?.close());

const page = {
  pagination: { page: 1, perPage: 50 },
  sort: { field: 'NAME', order: 'ASC' as const },
};

describe('groups on the engine', () => {
  it('are created with their members, listed, shown and edited by REST; a stale edit is refused', async () => {
    const created = await ok(
      t,
      'groupsCreate',
      {
        database,
        NAME: '  Oeste ',
        DESCRIPTION: 'Ruta oeste',
        Devices: [ids['EG-1'], ids['EG-2']],
      },
      admin,
    );
    expect(created).toMatchObject({
      NAME: 'Oeste',
      PLATFORM: 'ANDROID',
      DEVICES: 2,
      USERS: 0,
      version: 1,
    });
    expect(created.ID).toBe(created.id);
    // Its members were written, the model named like it, its devices stamped.
    const whole = await ok(t, 'admgroups', { database, oper: 'group', ID: created.id }, admin);
    expect(whole.Devices.map((d: { MID: string }) => d.MID)).toEqual(['EG-1', 'EG-2']);
    expect(await stampOf('EG-1')).toBe('Oeste');
    // The rules of 000 §5 hold on the engine too.
    expect(
      await refused(
        t,
        'groupsCreate',
        { database, NAME: 'Mixto', DESCRIPTION: 'x', Devices: [ids['EG-3'], ids['EGI-1']] },
        admin,
      ),
    ).toMatch(/plataforma/i);
    expect(
      await refused(
        t,
        'groupsCreate',
        { database, NAME: 'oeste', DESCRIPTION: 'x', Devices: [ids['EG-3']] },
        admin,
      ),
    ).toMatch(/Ya existe un grupo «oeste»/);

    const rest = await restProviderFor(t, base, 'admin');
    const groups = `projects/${database}/groups`;
    // REST creates one with its members too.
    const east = await rest.create(groups, {
      data: { NAME: 'Este', DESCRIPTION: 'Ruta este', Devices: [ids['EGI-1']] },
    });
    expect(east.data).toMatchObject({ NAME: 'Este', PLATFORM: 'IPHONE', DEVICES: 1 });
    const list = await rest.getList(groups, { ...page, filter: { NAME: 'oes' } });
    expect(list.data).toEqual([
      expect.objectContaining({ id: created.id, NAME: 'Oeste', DEVICES: 2, version: 1 }),
    ]);
    const shown = await rest.getOne(groups, { id: created.id });
    expect(shown.data).toMatchObject({ NAME: 'Oeste', PLATFORM: 'ANDROID' });
    const edited = await rest.update(groups, {
      id: created.id,
      data: { ...shown.data, NAME: 'Poniente' },
      previousData: shown.data,
    });
    expect(edited.data).toMatchObject({ NAME: 'Poniente', DEVICES: 2, version: 2 });
    // The name follows to its devices and its model; its members stay.
    expect(await stampOf('EG-2')).toBe('Poniente');
    const stale = await refusal(
      rest.update(groups, {
        id: created.id,
        data: { ...shown.data, DESCRIPTION: 'Otra' },
        previousData: shown.data,
      }),
    );
    expect(stale.status).toBe(409);
    // The specification's call raises the version too: an edit holding the older one is stale.
    await ok(
      t,
      'admgroups',
      { database, oper: 'update', ID: created.id, data: { DESCRIPTION: 'Ruta poniente' } },
      admin,
    );
    const afterSpec = await t.call(
      'groupsEdit',
      { database, id: created.id, version: 2, DESCRIPTION: 'Tarde' },
      admin,
    );
    expect(afterSpec.body.error.description).toMatch(/versión 3, no 2/);

    // Deleted by the engine: its devices lose the stamp it gave them.
    await ok(t, 'groupsDelete', { database, id: created.id }, admin);
    expect(await stampOf('EG-1')).toBeNull();
    const gone = await t.call('admgroups', { database, oper: 'group', ID: created.id }, admin);
    expect(gone.body.error.code).not.toBe('0');
  });

  it('answer a show-only share and refuse its writes; another project’s group is not found', async () => {
    const db = t.database.db;
    const company = await demoCompany(db);
    await createUser(db, company, 'groups-viewer');
    const userId = await userIdOf(db, 'groups-viewer');
    const tree = markShow(uniformTree(false, false), 'settings.groups', true);
    await ok(t, 'shareProject', { database, userId, access: tree }, admin);
    const viewer = await t.tokenFor('groups-viewer');
    const all = await ok(t, 'groupsList', { database }, admin);
    expect((await ok(t, 'groupsList', { database }, viewer)).total).toBe(all.total);
    const denied = await t.call(
      'groupsCreate',
      { database, NAME: 'No', DESCRIPTION: 'x', Devices: [ids['EG-3']] },
      viewer,
    );
    expect(denied.status).toBe(403);
    const other = await createProject(db, {
      companyId: company,
      ownerLogin: 'admin',
      name: 'Otro G',
    });
    const mine = await ok(
      t,
      'groupsCreate',
      { database, NAME: 'Solo aquí', DESCRIPTION: 'x', Devices: [ids['EG-3']] },
      admin,
    );
    const there = await t.call('groupsShow', { database: other.numero, id: mine.id }, admin);
    expect(there.body.error.code).not.toBe('0');
    await ok(t, 'groupsDelete', { database, id: mine.id }, admin);
  });

  it('keep the revisions of writes by admgroups and by the engine', async () => {
    const saved = await ok(
      t,
      'admgroups',
      {
        database,
        oper: 'update',
        data: { NAME: 'Sur', DESCRIPTION: 'Ruta sur', Devices: [ids['EG-3']] },
      },
      admin,
    );
    await ok(
      t,
      'admgroups',
      { database, oper: 'update', ID: saved.ID, data: { NAME: 'Mediodía' } },
      admin,
    );
    const shown = await ok(t, 'groupsShow', { database, id: saved.ID }, admin);
    expect(shown).toMatchObject({ NAME: 'Mediodía', version: 2 });
    await ok(
      t,
      'groupsEdit',
      { database, id: saved.ID, version: 2, DESCRIPTION: 'Ruta del mediodía' },
      admin,
    );
    const rest = await restProviderFor(t, base, 'admin');
    const history = await rest.getList('revisions', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'ASC' },
      filter: { resource: 'groups', record: `${database}:${saved.ID}` },
    });
    expect(history.data.map((r) => r.action)).toEqual(['create', 'edit', 'edit']);
    expect(history.data[0].after).toMatchObject({ NAME: 'Sur', PLATFORM: 'ANDROID', version: 1 });
    expect(history.data[1]).toMatchObject({
      before: { NAME: 'Sur', version: 1 },
      after: { NAME: 'Mediodía', version: 2 },
    });
    expect(history.data[2]).toMatchObject({
      before: { DESCRIPTION: 'Ruta sur', version: 2 },
      after: { DESCRIPTION: 'Ruta del mediodía', version: 3 },
    });
    // Reverted through the engine: the name before it is put back, a change of its own.
    const reverted = await ok(t, 'revisionsRevert', { id: history.data[1].id }, admin);
    expect(reverted).toMatchObject({ id: saved.ID, NAME: 'Sur', version: 4 });
    expect(await stampOf('EG-3')).toBe('Sur');
    // A delete by the specification's call is kept too.
    await ok(t, 'admgroups', { database, oper: 'delete', ID: saved.ID }, admin);
    const all = await rest.getList('revisions', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'at', order: 'ASC' },
      filter: { resource: 'groups', record: `${database}:${saved.ID}` },
    });
    expect(all.data.at(-1)).toMatchObject({ action: 'delete', before: { NAME: 'Sur' } });
  });

  it('take a custom field: stored in the JSON column, listed and filtered, by admgroups’ rows untouched', async () => {
    const rest = await restProviderFor(t, base, 'admin');
    await rest.create('custom-fields', {
      data: {
        resource: 'groups',
        name: 'zone',
        type: 'text',
        label: { es: 'Zona', en: 'Zone' },
        maxLength: 20,
      },
    });
    const groups = `projects/${database}/groups`;
    const a = await ok(
      t,
      'groupsCreate',
      { database, NAME: 'Norte A', DESCRIPTION: 'x', Devices: [ids['EG-1']], zone: 'Cantábrico' },
      admin,
    );
    expect(a).toMatchObject({ zone: 'Cantábrico' });
    await ok(
      t,
      'groupsCreate',
      { database, NAME: 'Norte B', DESCRIPTION: 'x', Devices: [ids['EG-2']], zone: 'Pirineo' },
      admin,
    );
    const filtered = await rest.getList(groups, { ...page, filter: { zone: 'cantá' } });
    expect(filtered.data.map((r) => r.NAME)).toEqual(['Norte A']);
    const stored = await pdb()
      .selectFrom('groups')
      .select('custom')
      .where('ID', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(stored.custom).toEqual({ zone: 'Cantábrico' });
    // A save by the editor (admgroups) keeps the custom value.
    await ok(
      t,
      'admgroups',
      { database, oper: 'update', ID: a.id, data: { DESCRIPTION: 'Costa' } },
      admin,
    );
    const shown = await rest.getOne(groups, { id: a.id });
    expect(shown.data).toMatchObject({ DESCRIPTION: 'Costa', zone: 'Cantábrico', version: 2 });
    const tooLong = await refusal(
      rest.update(groups, {
        id: a.id,
        data: { ...shown.data, zone: 'x'.repeat(30) },
        previousData: shown.data,
      }),
    );
    expect(tooLong.message).toMatch(/Zona/);
  });
});
