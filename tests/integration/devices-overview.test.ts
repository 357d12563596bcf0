import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  createProject,
  demoProject,
  type TestProject,
} from '../support/devices';

let t: TestApp;
let admin: string;
let usuario: string;
let demo: TestProject;
let second: TestProject;
let other: TestProject;

const ok = async (operation: string, parameter: Record<string, unknown>, token = admin) => {
  const { body } = await t.call(operation, parameter, token);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result;
};

/**
 * Demo: 30 devices (MID DEMO-n), a third of them iPhones, every tenth never synced, devices 1–5
 * synced today, 6 and 7 disabled, 8 to 10 licensed; a second Demo project owned by the ordinary
 * user with 5 devices; another company's project with 4.
 */
async function seed() {
  const { db } = t.database;
  await sql`
    INSERT INTO ${sql.id(demo.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "SINCRONISMO", "STATUS", "PENDIENTE", "LIC")
    SELECT 'DEMO-' || i, 'Owner ' || i, CASE WHEN i % 3 = 0 THEN 'IPHONE' ELSE 'ANDROID' END,
           CASE WHEN i % 10 = 0 THEN NULL WHEN i <= 5 THEN now() ELSE now() - interval '3 days' END,
           2, CASE WHEN i IN (6, 7) THEN 1 ELSE 0 END, CASE WHEN i BETWEEN 8 AND 10 THEN 'L-' || i END
    FROM generate_series(1, 30) AS i
  `.execute(db);
  await sql`
    INSERT INTO ${sql.id(second.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "SINCRONISMO")
    SELECT 'SECOND-' || i, 'Segundo ' || i, 'WEB', now() FROM generate_series(1, 5) AS i
  `.execute(db);
  await sql`
    INSERT INTO ${sql.id(other.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE")
    SELECT 'FOREIGN-' || i, 'Owner ' || i, 'ANDROID' FROM generate_series(1, 4) AS i
  `.execute(db);
  // Online is a live node's claim (server/device/presence-read.ts): a node whose heartbeat
  // stays fresh for the whole file, however slow the machine.
  await sql`INSERT INTO core.nodes (node, beat_at) VALUES ('overview-node', now() + interval '1 hour')
    ON CONFLICT (node) DO UPDATE SET beat_at = excluded.beat_at`.execute(db);
  await db
    .insertInto('core.device_directory')
    .values(
      ['DEMO-1', 'DEMO-2'].map((mid) => ({
        mid,
        numero: demo.numero,
        credential_hash: 'x',
        online: mid === 'DEMO-1',
        node: 'overview-node',
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  usuario = await t.tokenFor('usuario');
  demo = await demoProject(t.database.db);
  const company = await t.database.db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow();
  second = await createProject(t.database.db, {
    companyId: company.id,
    ownerLogin: 'usuario',
    name: 'Segundo',
  });
  other = await createOtherCompany(t.database.db, 'otra-admin');
  await seed();
});
afterAll(() => t.close());

describe('activeDevices, devices, users, applications', () => {
  it('gives the licence and activity figures of a project', async () => {
    expect(await ok('activeDevices', { database: demo.numero })).toEqual({
      database: demo.numero,
      Total: 30,
      Active: 28,
      Disabled: 2,
      Online: 1,
      Licensed: 3,
      MaxLicenses: 200,
    });
  });

  it('looks devices up by MID, owner or e-mail, with a limit and the total', async () => {
    const found = await ok('devices', { database: demo.numero, filter: 'owner 1', limit: 3 });
    expect(found.total).toBe(11); // Owner 1 and Owner 10 to 19
    expect(found.data).toHaveLength(3);
    expect(found.data[0]).toEqual(expect.objectContaining({ MID: 'DEMO-1', OWNER: 'Owner 1' }));
    expect((await ok('devices', { database: demo.numero, platform: 'IPHONE' })).total).toBe(10);
    expect(
      (await t.call('devices', { database: demo.numero, limit: 501 }, admin)).body.error.code,
    ).toBe('-1');
  });

  it('pages application users and applications, with a search', async () => {
    const everyone = await ok('users', {
      database: demo.numero,
      datatable: { start: 0, length: 2 },
    });
    expect(everyone.total).toBe(5);
    expect(everyone.data.map((u: { NAME: string }) => u.NAME)).toEqual([
      'Ana García',
      'Jorge Martín',
    ]);
    expect((await ok('users', { database: demo.numero, filter: 'lopez@' })).data).toEqual([
      expect.objectContaining({ NAME: 'Marta López', EMAIL: 'marta.lopez@demo.flota.local' }),
    ]);
    const apps = await ok('applications', { database: demo.numero });
    expect(apps).toEqual({
      data: [
        expect.objectContaining({ NAME: 'Flota Reparto' }),
        expect.objectContaining({ NAME: 'Flota Ventas' }),
      ],
      total: 2,
      recordsTotal: 2,
    });
    expect((await ok('applications', { database: demo.numero, filter: 'vent' })).total).toBe(1);
    expect((await ok('applications', { database: second.numero })).total).toBe(0);
  });
});

describe('activitydevices and graph', () => {
  it('counts what exists and names the counters that have no source yet', async () => {
    const activity = await ok('activitydevices', { database: demo.numero });
    expect(activity).toMatchObject({ Total: 30, NoReplicate: 3, PendingUpdates: 0, QUEUEOpers: 0 });
    expect(activity.unavailable).not.toContain('SQUEUEOpers');
    expect(activity.unavailable).not.toContain('PendingProv');
    expect(activity.unavailable).not.toContain('DevicesPendingSelectividad');
    expect(activity.unavailable).not.toContain('PendingUpdates');
    expect(activity.unavailable).not.toContain('Total');
  });

  it('gives devices per platform, and its counts follow inserts, platform changes, deletes and truncation', async () => {
    expect(
      await ok('graph', { database: demo.numero, filter: 'device_by_platform', type: 'pie' }),
    ).toEqual({
      filter: 'device_by_platform',
      type: 'pie',
      data: [
        { platform: 'ANDROID', devices: 20 },
        { platform: 'IPHONE', devices: 10 },
      ],
      total: 30,
    });
    const pdb = projectDb(t.database.db, second.schema);
    await pdb
      .updateTable('devices')
      .set({ DEVICE_TYPE: 'LINUX' })
      .where('MID', 'in', ['SECOND-1', 'SECOND-2'])
      .execute();
    await pdb
      .updateTable('devices')
      .set({ DEVICE_TYPE: null })
      .where('MID', '=', 'SECOND-3')
      .execute();
    await pdb.insertInto('devices').values({ MID: 'SECOND-6', DEVICE_TYPE: 'WEB' }).execute();
    await pdb.deleteFrom('devices').where('MID', '=', 'SECOND-4').execute();
    const counted = await ok('graph', { database: second.numero });
    const actual = await pdb
      .selectFrom('devices')
      .select(['DEVICE_TYPE', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('DEVICE_TYPE')
      .execute();
    expect(
      counted.data
        .map((row: { platform: string | null; devices: number }) => [row.platform, row.devices])
        .sort(),
    ).toEqual(actual.map((row) => [row.DEVICE_TYPE, Number(row.n)]).sort());
    expect((await ok('devicesWithPages', { database: second.numero })).total).toBe(5);
    expect(
      (await ok('devicesWithPages', { database: second.numero, platform: 'LINUX' })).total,
    ).toBe(2);
    await sql`TRUNCATE ${sql.id(second.schema, 'devices')} CASCADE`.execute(t.database.db);
    expect(await ok('graph', { database: second.numero })).toMatchObject({ data: [], total: 0 });
    await sql`
      INSERT INTO ${sql.id(second.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "SINCRONISMO")
      SELECT 'SECOND-' || i, 'Segundo ' || i, 'WEB', now() FROM generate_series(1, 5) AS i
    `.execute(t.database.db);
  });

  it('refuses another graph than devices per platform', async () => {
    expect(
      (await t.call('graph', { database: demo.numero, filter: 'device_by_model' }, admin)).body
        .error.code,
    ).toBe('-1');
  });
});

describe('devicesByDatabase: the global search', () => {
  const search = (filter: Record<string, unknown>, datatable?: Record<string, unknown>) =>
    ok('devicesByDatabase', { filter, ...(datatable ? { datatable } : {}) });

  it("finds devices in every project of the caller's company, never another company's", async () => {
    const found = await search({ q: 'owner 2' });
    expect(found.projects).toBe(2);
    expect(found.total).toBe(11); // Owner 2 and Owner 20 to 29 of Demo; the other company's Owner 2 is not shown
    expect(
      found.data.every(
        (row: { database: number; name: string }) =>
          row.database === demo.numero && row.name === 'Demo',
      ),
    ).toBe(true);
    // A row is named by its project and its ID there.
    for (const row of found.data) expect(row.id).toBe(`${row.database}:${row.ID}`);
    const all = await search({});
    expect(all.total).toBe(35);
    expect(new Set(all.data.map((row: { database: number }) => row.database))).toEqual(
      new Set([demo.numero, second.numero]),
    );
    // The parameters it took before its filter are still taken.
    expect((await ok('devicesByDatabase', { search: 'owner 2' })).total).toBe(11);
    expect((await ok('devicesByDatabase', { platform: 'WEB' })).total).toBe(5);
  });

  it('colours a device green when it synced today and red otherwise', async () => {
    const { data } = await search(
      { q: 'DEMO-' },
      { start: 0, length: 100, orderBy: 'MID', orderDir: 'asc' },
    );
    const colour = (mid: string) => data.find((row: { MID: string }) => row.MID === mid).colour;
    expect(colour('DEMO-1')).toBe('green');
    expect(colour('DEMO-6')).toBe('red');
    expect(colour('DEMO-10')).toBe('red');
  });

  it('pages the merged list without counting it: only the last page has its total', async () => {
    const pages = [];
    for (let start = 0; start < 35; start += 10) {
      pages.push(await search({}, { start, length: 10, orderBy: 'MID', orderDir: 'asc' }));
    }
    // Full pages say nothing of the total (more follow); the last one knows it for free.
    expect(pages.map((page) => page.total)).toEqual([undefined, undefined, undefined, 35]);
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 10, 5]);
    const mids = pages.flatMap((page) => page.data.map((row: { MID: string }) => row.MID));
    expect(mids).toHaveLength(35);
    expect(mids).toEqual([...mids].sort());
    // A page that ends exactly at the last device is the last one too; past the end, no total.
    expect((await search({}, { start: 25, length: 10, orderBy: 'MID' })).total).toBe(35);
    const beyond = await search({}, { start: 40, length: 10 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBeUndefined();
  });

  it('sorts newest sync first by default, by project name, and filters by platform and project', async () => {
    const first = (await search({})).data[0];
    expect(first.SINCRONISMO).toBeNull(); // never-synced devices sort first when newest first
    expect((await search({ DEVICE_TYPE: 'WEB' })).total).toBe(5);
    expect((await search({ q: 'owner', DEVICE_TYPE: 'IPHONE' })).total).toBe(10);
    const byName = async (orderDir: string) =>
      (await search({}, { start: 0, length: 1, orderBy: 'name', orderDir })).data[0].name;
    expect(await byName('asc')).toBe('Demo');
    expect(await byName('desc')).toBe('Segundo');
    const inSecond = await search({ name: 'segun' });
    expect(inSecond).toMatchObject({ total: 5, projects: 1 });
    expect(inSecond.data.every((row: { database: number }) => row.database === second.numero)).toBe(
      true,
    );
    expect(await search({ name: 'no such project' })).toEqual({
      data: [],
      total: 0,
      recordsTotal: 0,
      projects: 0,
    });
  });

  it('treats the search as data and refuses to page past its window', async () => {
    expect((await search({ q: "' OR 1=1 --" })).total).toBe(0);
    expect((await search({ q: '%' })).total).toBe(0);
    expect((await search({ name: '%' })).total).toBe(0);
    const deep = await t.call(
      'devicesByDatabase',
      { datatable: { start: 9_950, length: 100 } },
      admin,
    );
    expect(deep.body.error.description).toBe(
      'La búsqueda global llega hasta el dispositivo 10000: afine la búsqueda para ver más.',
    );
  });

  it('answers the administrator of another company with their own devices only', async () => {
    const theirs = await ok(
      'devicesByDatabase',
      { filter: { q: 'owner' } },
      await t.tokenFor('otra-admin'),
    );
    expect(theirs).toMatchObject({ total: 4, projects: 1 });
    expect(theirs.data.every((row: { MID: string }) => row.MID.startsWith('FOREIGN-'))).toBe(true);
  });
});

describe('projectAccess', () => {
  it('tells the owner, an administrator and an ordinary user what they may do', async () => {
    const ofAdmin = await ok('projectAccess', { database: demo.numero });
    expect(ofAdmin).toMatchObject({
      owner: true,
      devices: { show: true, deleteDevice: true, statusDevice: true },
    });
    const ofUser = await ok('projectAccess', { database: demo.numero }, usuario);
    expect(ofUser).toMatchObject({
      owner: false,
      devices: { show: true, editDevice: true, saveDevice: false, deleteDevice: false },
    });
    const ownProject = await ok('projectAccess', { database: second.numero }, usuario);
    expect(ownProject).toMatchObject({ owner: true, devices: { deleteDevice: true } });
    const superadmin = await ok(
      'projectAccess',
      { database: second.numero },
      await t.tokenFor('superadmin'),
    );
    expect(superadmin).toMatchObject({ owner: false, devices: { deleteDevice: true } });
  });

  it("lets the owner of a project write to it, while another company's administrator cannot reach it", async () => {
    const device = await ok(
      'saveDevice',
      { database: second.numero, device: { MID: 'BY-OWNER' } },
      usuario,
    );
    expect(device.MID).toBe('BY-OWNER');
    const foreign = await t.call(
      'deviceDelete',
      { database: second.numero, ID: device.ID },
      await t.tokenFor('otra-admin'),
    );
    expect(foreign.body.error.description).toBe(
      `El proyecto ${second.numero} no existe o no pertenece a su empresa.`,
    );
  });
});
