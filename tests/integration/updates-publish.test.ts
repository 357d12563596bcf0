import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPDATE_MESSAGES, UPDATE_TYPES } from '../../protocol/updates';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, insertDevices, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused } from '../support/projects';
import { copyEntry, publishSql, rowsOf, sqlEntry, uploadFile } from './updates-support';

// Update publishing (issue 15; docs/updates.md): the three steps, the targets of each type,
// 000 §5's validations in es and en, an interrupted publish, and the totals it keeps.

let t: TestApp;
let admin: string;
let english: string;
let project: TestProject;
let database: number;
const pdb = () => projectDb(t.database.db, project.schema);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await t.tokenFor('admin');
  const company = await demoCompany(db);
  project = await createProject(db, { companyId: company, ownerLogin: 'admin', name: 'Upd' });
  database = project.numero;
  await createUser(db, company, 'upd-en', true);
  await setLanguage(db, 'upd-en', 'en');
  english = await t.tokenFor('upd-en');
  // 10 Android (UA-1…10), 3 iPhone (UI-1…3), one of them disabled (PENDIENTE 1, provisioned).
  await insertDevices(db, project.schema, 10, 'UA');
  await sql`
    INSERT INTO ${sql.id(project.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS", "PENDIENTE")
    VALUES ('UI-1', 'Iris', 'IPHONE', 2, 0), ('UI-2', 'Inés', 'IPHONE', 2, 0),
           ('UI-3', 'Ivo', 'IPHONE', 2, 1)
  `.execute(db);
});
afterAll(() => t?.close());

const confirm = (filter: Record<string, unknown>, token = admin) =>
  t.call(
    'uploadConfirm',
    { database, filter: { lstMID: [], updateRepository: false, SendPush: false, ...filter } },
    token,
  );

describe('the three steps', () => {
  it('stages files, uploads the bytes, publishes a GENERAL update to every enabled device', async () => {
    const next = await ok(t, 'getVersionUpdate', { database, filter: 'GENERAL' }, admin);
    expect(next.version).toBe(1);
    expect(next.versionCompleta).toMatch(/^\d{4}\.\d{2}\.\d{2}-1$/);
    const bytes = Buffer.from('binario de la app v2');
    const staged = await ok(
      t,
      'uploadPublish',
      {
        database,
        filter: [
          copyEntry('app.bin', bytes.length),
          sqlEntry('UPDATE t SET x = 1'),
          { type: 'delete', name: 'old.dll', path: '', size: 0, register: false, execute: false },
        ],
      },
      admin,
    );
    expect(staged.TempDirectory).toMatch(/^[0-9a-f-]{36}$/);
    expect(staged.uploads).toEqual([{ index: 0, numero: 1, name: 'app.bin' }]);
    // Nothing is published before the confirm.
    expect((await ok(t, 'updatesList', { database }, admin)).ListUpd).toEqual([]);
    const alias = staged.TempDirectory;
    const up = await uploadFile(t, admin, { database, alias, numero: 1, folder: 'bin' }, bytes);
    expect(up.statusCode).toBe(200);
    expect(up.json().result).toMatchObject({ numero: 1, size: bytes.length });
    const published = (await confirm({ Type: UPDATE_TYPES.GENERAL, TempDirectory: alias })).body;
    expect(published.error.code).toBe('0');
    expect(published.result).toMatchObject({ version: 1, devices: 12 });
    expect(published.result.versionCompleta).toBe(next.versionCompleta);
    const rows = await rowsOf(t, project.schema, 1);
    expect(rows.map((r) => r.MID)).not.toContain('UI-3');
    expect(rows).toHaveLength(12);
    const update = await pdb()
      .selectFrom('updates')
      .selectAll()
      .where('VERSION', '=', 1)
      .executeTakeFirstOrThrow();
    expect(update).toMatchObject({
      STATE: 'published',
      STATISTICTOTAL: 12,
      STATISTICOK: 0,
      UPDATEREPOSITORY: true,
    });
    // The files as the device and filesForUpdate read them, the folder sent with the upload kept.
    const files = await ok(t, 'filesForUpdate', { database, filter: next.versionCompleta }, admin);
    expect(files).toEqual([
      expect.objectContaining({
        numero: 1,
        name: 'app.bin',
        path: 'bin',
        IsCopy: true,
        register: true,
      }),
      expect.objectContaining({ numero: 2, IsSqlDirect: true, sql: 'UPDATE t SET x = 1' }),
      expect.objectContaining({ numero: 3, name: 'old.dll', IsDelete: true }),
    ]);
    // The console downloads the file's bytes.
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/updates/download',
      headers: { authorization: `Bearer ${admin}` },
      payload: { database, version: 1, numero: 1 },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain('app.bin');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/updates/download',
      headers: { authorization: `Bearer ${admin}` },
      payload: { database, version: 1, numero: 2 },
    });
    expect(missing.statusCode).toBe(400);
    // The next version moves on; the same staged update cannot be published twice.
    expect((await ok(t, 'getVersionUpdate', { database }, admin)).version).toBe(2);
    const again = (await confirm({ Type: 0, TempDirectory: alias })).body.error.description;
    expect(again).toMatch(/no está pendiente de publicar/);
  });

  it('targets a platform, a licence list and groups with one row per device', async () => {
    const platform = await publishSql(t, admin, database, {
      Type: UPDATE_TYPES.PLATAFORMA,
      Platform: 4,
    });
    expect((await rowsOf(t, project.schema, platform.version)).map((r) => r.MID)).toEqual([
      'UI-1',
      'UI-2',
    ]);
    const licence = await publishSql(t, admin, database, {
      Type: UPDATE_TYPES.LICENCIA,
      lstMID: ['UA-1', 'UI-3', 'NO-EXISTE'],
    });
    // A licence update goes to the devices named, even a disabled one; unknown MIDs are left out.
    expect((await rowsOf(t, project.schema, licence.version)).map((r) => r.MID)).toEqual([
      'UA-1',
      'UI-3',
    ]);
    const { ID } = await pdb()
      .insertInto('groups')
      .values({ NAME: 'Ruta norte', DESCRIPTION: 'norte' })
      .returning('ID')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO ${sql.id(project.schema, 'group_devices')} ("IDGROUP", "IDDEVICE")
      SELECT ${ID}, "ID" FROM ${sql.id(project.schema, 'devices')} WHERE "MID" IN ('UA-2', 'UA-3')
    `.execute(t.database.db);
    const groups = await publishSql(t, admin, database, {
      Type: UPDATE_TYPES.GRUPOS,
      lstMID: [ID],
    });
    expect((await rowsOf(t, project.schema, groups.version)).map((r) => r.MID)).toEqual([
      'UA-2',
      'UA-3',
    ]);
    const totals = await ok(
      t,
      'updatesList',
      { database, panel: 1, datatable: { start: 0, length: 10, orderDir: 'desc' } },
      admin,
    );
    expect(totals.total).toBe(4);
    expect(totals.ListUpd[0]).toMatchObject({ tipo: 3, mid: 'Ruta norte', statisticTotal: 2 });
    expect(totals.ListUpd[2]).toMatchObject({ tipo: 1, platform: 4, statisticTotal: 2 });
    // Pending rows grouped by device (MID, then newest version) or by version (newest first).
    const page = { start: 0, length: 3, orderDir: 'desc' };
    const byMid = await ok(
      t,
      'updatesList',
      { database, panel: 2, groupBy: 'mid', datatable: page },
      admin,
    );
    expect(byMid.total).toBe(12 + 2 + 2 + 2);
    expect(
      byMid.ListDeviceUpd.map((r: { mid: string; version: number }) => `${r.mid}/${r.version}`),
    ).toEqual(['UA-1/3', 'UA-1/1', 'UA-10/1']);
    const byVersion = await ok(
      t,
      'updatesList',
      { database, panel: 2, groupBy: 'version', datatable: page },
      admin,
    );
    expect(byVersion.ListDeviceUpd.map((r: { mid: string }) => r.mid)).toEqual([
      'UA-2',
      'UA-3',
      'UA-1',
    ]);
    expect(byVersion.ListDeviceUpd[0]).toMatchObject({
      version: 4,
      usuario: 'Owner 2',
      confirmada: false,
    });
    const overview = await ok(t, 'updatesList', { database }, admin);
    expect(overview).toMatchObject({ Pendientes: 18, Confirmadas: 0 });
    expect(overview.ListUpd).toHaveLength(4);
    expect(overview.ListDeviceUpd).toHaveLength(5);
    expect(overview.ListPlatform).toContainEqual({ code: 8, name: 'Android' });
  });

  it('refuses what 000 §5 refuses, in Spanish and English', async () => {
    const staged = await ok(
      t,
      'uploadPublish',
      { database, filter: [sqlEntry('SELECT 2')] },
      admin,
    );
    const TempDirectory = staged.TempDirectory;
    const text = async (filter: Record<string, unknown>, token = admin) =>
      (await confirm({ TempDirectory, ...filter }, token)).body.error.description;
    expect(await text({})).toBe(UPDATE_MESSAGES.es.noType);
    expect(await text({ Type: 9 }, english)).toBe(UPDATE_MESSAGES.en.noType);
    expect(await text({ Type: UPDATE_TYPES.LICENCIA })).toBe(UPDATE_MESSAGES.es.noDevices);
    expect(await text({ Type: UPDATE_TYPES.LICENCIA }, english)).toBe(UPDATE_MESSAGES.en.noDevices);
    expect(await text({ Type: UPDATE_TYPES.GRUPOS })).toBe(UPDATE_MESSAGES.es.noGroups);
    expect(await text({ Type: UPDATE_TYPES.GRUPOS }, english)).toBe(UPDATE_MESSAGES.en.noGroups);
    expect(await text({ Type: UPDATE_TYPES.PLATAFORMA })).toMatch(/plataforma/);
    expect(await text({ Type: UPDATE_TYPES.GRUPOS, lstMID: [999] })).toMatch(/grupos 999/);
    const unnamed = {
      type: 'execute',
      name: ' ',
      path: '',
      size: 0,
      register: false,
      execute: true,
    };
    expect(await refused(t, 'uploadPublish', { database, filter: [unnamed] }, admin)).toBe(
      UPDATE_MESSAGES.es.noFileName,
    );
    expect(await refused(t, 'uploadPublish', { database, filter: [unnamed] }, english)).toBe(
      UPDATE_MESSAGES.en.noFileName,
    );
    expect(await refused(t, 'uploadPublish', { database, filter: [] }, admin)).toMatch(
      /no tiene ficheros/,
    );
    // Nothing was published by the refusals: the update is still staged.
    const row = await pdb()
      .selectFrom('updates')
      .select('STATE')
      .where('TEMPDIRECTORY', '=', TempDirectory)
      .executeTakeFirstOrThrow();
    expect(row.STATE).toBe('staged');
  });
});
