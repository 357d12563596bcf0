import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { UPDATE_TYPES } from '../../protocol/updates';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, insertDevices, type TestProject } from '../support/devices';
import { createUser, demoCompany, ok, refused, userIdOf } from '../support/projects';
import { copyEntry, publishSql, rowsOf, sqlEntry, uploadFile } from './updates-support';

// Update publishing between its steps (issue 15): a publish interrupted after one of two files,
// an upload retried, staged updates swept after 24 h, and who may publish what (000 §6).

let t: TestApp;
let admin: string;
let reader: string;
let manager: string;
let project: TestProject;
let database: number;
const pdb = () => projectDb(t.database.db, project.schema);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await t.tokenFor('admin');
  const company = await demoCompany(db);
  project = await createProject(db, { companyId: company, ownerLogin: 'admin', name: 'Pasos' });
  database = project.numero;
  await insertDevices(db, project.schema, 5, 'US');
  const shareWith = async (login: string, tree: ReturnType<typeof uniformTree>) => {
    await createUser(db, company, login);
    const userId = await userIdOf(db, login);
    await ok(t, 'shareProject', { database, userId, access: tree }, admin);
    return { token: await t.tokenFor(login), userId };
  };
  const readOnly = markShow(markShow(uniformTree(false, false), 'devices', true), 'updates', true);
  reader = (await shareWith('upd-reader', readOnly)).token;
  const gm = await shareWith('upd-manager', readOnly);
  manager = gm.token;
  const { ID } = await pdb()
    .insertInto('groups')
    .values({ NAME: 'Ruta sur', DESCRIPTION: 'sur' })
    .returning('ID')
    .executeTakeFirstOrThrow();
  await pdb()
    .insertInto('group_users')
    .values({ IDGROUP: ID, IDUSER: gm.userId, PUBLISH: true })
    .execute();
});
afterAll(() => t?.close());

const confirm = (TempDirectory: string, filter: Record<string, unknown> = {}, token = admin) =>
  t.call(
    'uploadConfirm',
    {
      database,
      filter: {
        Type: 0,
        lstMID: [],
        updateRepository: false,
        SendPush: true,
        TempDirectory,
        ...filter,
      },
    },
    token,
  );

describe('a publish between its steps', () => {
  it('publishes nothing until every file is uploaded, and takes a retried upload', async () => {
    const one = Buffer.from('primer fichero');
    const two = Buffer.from('segundo fichero, más largo');
    const staged = await ok(
      t,
      'uploadPublish',
      { database, filter: [copyEntry('uno.txt', one.length), copyEntry('dos.txt', two.length)] },
      admin,
    );
    const alias = staged.TempDirectory;
    expect((await uploadFile(t, admin, { database, alias, numero: 1 }, one)).statusCode).toBe(200);
    // The network fails before the second file: the confirm is refused, nothing published.
    const early = (await confirm(alias)).body.error.description;
    expect(early).toMatch(/Faltan por subir 1 ficheros \(dos\.txt\)/);
    expect(
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM ${sql.id(project.schema, 'device_updates')}`.execute(
          t.database.db,
        )
      ).rows[0].n,
    ).toBe(0);
    // A cut upload (fewer bytes than declared) is refused and not kept as uploaded.
    const cut = await uploadFile(t, admin, { database, alias, numero: 2 }, two.subarray(0, 5));
    expect(cut.json().error.description).toMatch(/tiene 5 bytes/);
    expect((await confirm(alias)).body.error.description).toMatch(/Faltan por subir/);
    // The retry sends only the missing file, and sending a done one again replaces it.
    expect((await uploadFile(t, admin, { database, alias, numero: 2 }, two)).statusCode).toBe(200);
    expect((await uploadFile(t, admin, { database, alias, numero: 1 }, one)).statusCode).toBe(200);
    const published = await confirm(alias);
    expect(published.body.result).toMatchObject({ devices: 5 });
    // Unknown alias and numero are refused.
    const late = await uploadFile(t, admin, { database, alias, numero: 1 }, one);
    expect(late.json().error.description).toMatch(/no está pendiente de publicar/);
    const other = await ok(t, 'uploadPublish', { database, filter: [sqlEntry('SELECT 1')] }, admin);
    const noBytes = await uploadFile(
      t,
      admin,
      { database, alias: other.TempDirectory, numero: 1 },
      one,
    );
    expect(noBytes.json().error.description).toMatch(/no tiene el fichero 1 por subir/);
  });

  it('sweeps staged updates older than 24 hours with their files', async () => {
    const staged = await ok(
      t,
      'uploadPublish',
      { database, filter: [copyEntry('a.bin', 3)] },
      admin,
    );
    const alias = staged.TempDirectory;
    await uploadFile(t, admin, { database, alias, numero: 1 }, Buffer.from('abc'));
    await pdb()
      .updateTable('updates')
      .set({ CREATED: sql`now() - interval '25 hours'` })
      .where('TEMPDIRECTORY', '=', alias)
      .execute();
    await ok(t, 'uploadPublish', { database, filter: [sqlEntry('SELECT 1')] }, admin);
    const left = await pdb()
      .selectFrom('updates')
      .select('ID')
      .where('TEMPDIRECTORY', '=', alias)
      .execute();
    expect(left).toEqual([]);
    expect((await confirm(alias)).body.error.description).toMatch(/no está pendiente/);
  });
});

describe('who may publish', () => {
  it('lets a read-only user read but not publish nor change rows', async () => {
    const list = await ok(t, 'updatesList', { database }, reader);
    expect(list.ListUpd.length).toBeGreaterThan(0);
    expect(list.publish).toBe('none');
    expect((await ok(t, 'updatesList', { database }, manager)).publish).toBe('licence');
    const staged = await t.call(
      'uploadPublish',
      { database, filter: [sqlEntry('SELECT 1')] },
      reader,
    );
    expect(staged.body.error.code).toBe('403');
    const mark = await t.call('resetUpdatesForMID', { database, filter: 'US-1' }, reader);
    expect(mark.body.error.code).toBe('403');
  });

  it('lets a group manager with PUBLISH publish LICENCIA updates only', async () => {
    const staged = await ok(
      t,
      'uploadPublish',
      { database, filter: [sqlEntry('SELECT 1')] },
      manager,
    );
    const general = await confirm(staged.TempDirectory, { Type: UPDATE_TYPES.GENERAL }, manager);
    expect(general.body.error.description).toMatch(
      /Solo puede publicar actualizaciones de tipo LICENCIA/,
    );
    const licence = await confirm(
      staged.TempDirectory,
      { Type: UPDATE_TYPES.LICENCIA, lstMID: ['US-1'] },
      manager,
    );
    expect(licence.body.result).toMatchObject({ devices: 1 });
  });
});

describe("a device's rows", () => {
  it('marks, cleans and resets them, keeping the totals and the counters in step', async () => {
    const { version } = await publishSql(t, admin, database, { Type: UPDATE_TYPES.GENERAL });
    const stats = () =>
      pdb()
        .selectFrom('updates')
        .select(['STATISTICOK', 'STATISTICTOTAL'])
        .where('VERSION', '=', version)
        .executeTakeFirstOrThrow();
    const before = await ok(t, 'activitydevices', { database }, admin);
    expect(before.PendingUpdates).toBe(5);
    expect(before.unavailable).not.toContain('PendingUpdates');
    await ok(t, 'markToDownloaded', { database, filter: { version, MID: 'US-2' } }, admin);
    await ok(t, 'markToDownloaded', { database, filter: { version, MID: 'US-2' } }, admin);
    expect(await stats()).toEqual({ STATISTICOK: 1, STATISTICTOTAL: 5 });
    const tab = await ok(t, 'deviceData', { database, mid: 'US-2', data: 'updates' }, admin);
    expect(tab.data[0]).toMatchObject({ version, confirmada: true, mid: 'US-2' });
    expect(tab.data[0].downloadUpdateDate).not.toBeNull();
    const pending = await ok(
      t,
      'updatesList',
      { database, panel: 2, groupBy: 'version', filter: { version } },
      admin,
    );
    expect(pending.total).toBe(4);
    const confirmed = await ok(
      t,
      'updatesList',
      { database, panel: 3, filter: { mid: 'US-2' } },
      admin,
    );
    expect(confirmed.ListDeviceUpd.map((r: { version: number }) => r.version)).toContain(version);
    expect(
      (await ok(t, 'resetUpdatesForMID', { database, filter: 'US-2' }, admin)).reset,
    ).toBeGreaterThan(0);
    expect(await stats()).toEqual({ STATISTICOK: 0, STATISTICTOTAL: 5 });
    await ok(t, 'markToDownloaded', { database, filter: { version, MID: 'US-2' } }, admin);
    const cleaned = await ok(t, 'cleanUpdatesForMID', { database, filter: 'US-2' }, admin);
    expect(cleaned.deleted).toBe(1);
    expect(await stats()).toEqual({ STATISTICOK: 0, STATISTICTOTAL: 4 });
    expect((await rowsOf(t, project.schema, version)).map((r) => r.MID)).not.toContain('US-2');
    expect(
      await refused(t, 'markToDownloaded', { database, filter: { version, MID: 'US-2' } }, admin),
    ).toMatch(/no tiene la versión/);
    // A device deleted takes its rows, and the totals lose them (a trigger on devices).
    await ok(t, 'markToDownloaded', { database, filter: { version, MID: 'US-3' } }, admin);
    await pdb().deleteFrom('devices').where('MID', 'in', ['US-3', 'US-4']).execute();
    expect(await stats()).toEqual({ STATISTICOK: 0, STATISTICTOTAL: 2 });
    // An update deleted takes its device rows (a statement-level trigger, not a foreign key).
    await pdb().deleteFrom('updates').where('VERSION', '=', version).execute();
    expect(await rowsOf(t, project.schema, version)).toEqual([]);
    const orphans = await pdb()
      .selectFrom('device_updates as du')
      .leftJoin('updates as u', 'u.ID', 'du.UPDATE_ID')
      .select('du.MID')
      .where('u.ID', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect(await refused(t, 'cleanUpdatesForMID', { database, filter: 'NADIE' }, admin)).toMatch(
      /no existe/,
    );
  });
});
