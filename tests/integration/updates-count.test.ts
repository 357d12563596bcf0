import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { UPDATE_PLATFORMS, UPDATE_TYPES } from '../../protocol/updates';
import { projectDb } from '../../server/db/project-schema';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, insertDevices, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused, userIdOf } from '../support/projects';
import { publishSql } from './updates-support';

// countUpdateTargets (issue 33, point 15): the number of devices the new update's confirmation
// states, by the publish's own checks and query: it equals what uploadConfirm then creates, and
// refuses what uploadConfirm refuses, with the same texts and the same permission.

let t: TestApp;
let admin: string;
let english: string;
let reader: string;
let manager: string;
let project: TestProject;
let database: number;
let groupId: number;
const pdb = () => projectDb(t.database.db, project.schema);
const android = UPDATE_PLATFORMS.find((p) => p.device === 'ANDROID')!.code;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await t.tokenFor('admin');
  const company = await demoCompany(db);
  project = await createProject(db, { companyId: company, ownerLogin: 'admin', name: 'Cuenta' });
  database = project.numero;
  await createUser(db, company, 'count-en', true);
  await setLanguage(db, 'count-en', 'en');
  english = await t.tokenFor('count-en');
  // 6 Android (UC-1…6), 3 iPhone, one of them disabled (PENDIENTE 1 with a provisioned state).
  await insertDevices(db, project.schema, 6, 'UC');
  await sql`
    INSERT INTO ${sql.id(project.schema, 'devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS", "PENDIENTE")
    VALUES ('UCI-1', 'Iris', 'IPHONE', 2, 0), ('UCI-2', 'Inés', 'IPHONE', 2, 0),
           ('UCI-3', 'Ivo', 'IPHONE', 2, 1)
  `.execute(db);
  const readOnly = markShow(markShow(uniformTree(false, false), 'devices', true), 'updates', true);
  const shareWith = async (login: string) => {
    await createUser(db, company, login);
    const userId = await userIdOf(db, login);
    await ok(t, 'shareProject', { database, userId, access: readOnly }, admin);
    return { token: await t.tokenFor(login), userId };
  };
  reader = (await shareWith('count-reader')).token;
  const gm = await shareWith('count-manager');
  manager = gm.token;
  const ids = await pdb()
    .selectFrom('devices')
    .select('ID')
    .where('MID', 'in', ['UC-1', 'UC-2'])
    .execute();
  const group = await ok(
    t,
    'admgroups',
    {
      database,
      oper: 'update',
      data: {
        NAME: 'Ruta',
        DESCRIPTION: 'Dos Android',
        Devices: ids.map((d) => d.ID),
        Users: [gm.userId],
        PublishUsers: [gm.userId],
      },
    },
    admin,
  );
  groupId = group.ID;
});
afterAll(() => t?.close());

const count = (filter: Record<string, unknown>, token = admin) =>
  ok(t, 'countUpdateTargets', { database, filter: { lstMID: [], ...filter } }, token);

describe('countUpdateTargets', () => {
  it('counts what the publish then reaches, for every type', async () => {
    const cases: Array<{ Type: number; lstMID?: Array<string | number>; Platform?: number }> = [
      { Type: UPDATE_TYPES.GENERAL },
      { Type: UPDATE_TYPES.PLATAFORMA, Platform: android },
      { Type: UPDATE_TYPES.LICENCIA, lstMID: ['UC-3', 'UCI-3', 'NO-EXISTE'] },
      { Type: UPDATE_TYPES.GRUPOS, lstMID: [groupId] },
    ];
    const expected = [8, 6, 2, 2];
    for (const [i, payload] of cases.entries()) {
      const counted = await count(payload);
      expect(counted, JSON.stringify(payload)).toEqual({ devices: expected[i] });
      const published = await publishSql(t, admin, database, payload);
      expect(published.devices, JSON.stringify(payload)).toBe(counted.devices);
    }
    // Nothing is written by a count: the published updates are the four above.
    await count({ Type: UPDATE_TYPES.GENERAL });
    const updates = await pdb().selectFrom('updates').select('ID').execute();
    expect(updates).toHaveLength(4);
  });

  it('refuses what the publish refuses, in the caller’s language', async () => {
    const refusal = (filter: Record<string, unknown>, token = admin) =>
      refused(t, 'countUpdateTargets', { database, filter: { lstMID: [], ...filter } }, token);
    expect(await refusal({ Type: null })).toMatch(/tipo/i);
    expect(await refusal({ Type: UPDATE_TYPES.LICENCIA })).toMatch(/dispositivo/i);
    expect(await refusal({ Type: UPDATE_TYPES.GRUPOS, lstMID: [999999] })).toMatch(/999999/);
    expect(await refusal({ Type: UPDATE_TYPES.PLATAFORMA, Platform: 0 })).toMatch(/plataforma/i);
    expect(await refusal({ Type: UPDATE_TYPES.LICENCIA }, english)).toMatch(/device/i);
  });

  it('asks the same right as publishing', async () => {
    const denied = await t.call(
      'countUpdateTargets',
      { database, filter: { Type: UPDATE_TYPES.GENERAL, lstMID: [] } },
      reader,
    );
    expect(denied.body.error.code).toBe('403');
    // A group manager with PUBLISH publishes LICENCIA only, and counts LICENCIA only.
    expect(await count({ Type: UPDATE_TYPES.LICENCIA, lstMID: ['UC-1'] }, manager)).toEqual({
      devices: 1,
    });
    expect(
      await refused(
        t,
        'countUpdateTargets',
        { database, filter: { Type: UPDATE_TYPES.GENERAL, lstMID: [] } },
        manager,
      ),
    ).toMatch(/Solo puede publicar actualizaciones de tipo LICENCIA/);
  });
});
