import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { mdmFleet } from '../support/mdm-fleet';

// MDM roles reaching device groups of their project (issue 36, docs/mdm.md "Users and roles"):
// an operator limited to groups lists, counts and commands only their devices, in es and en; a
// device in none of them is refused.

let t: TestApp;
let admin: string;
let zona: string;
let fleet: ReturnType<typeof mdmFleet>;
let norte: number;
let sur: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  // A second administrator of the company, whom a role limits to a group.
  await sql`INSERT INTO core.users (company_id, login, email, password_hash, role, rights)
    SELECT company_id, 'zona', 'zona@demo.flota.local', password_hash, role, rights
    FROM core.users WHERE login = 'admin'`.execute(t.database.db);
  zona = await t.tokenFor('zona');
  fleet = mdmFleet(t);
  const android = await fleet.token(admin, 'android');
  const approval = await fleet.token(admin, 'android', true);
  for (const mid of ['GR-1', 'GR-2', 'GR-3']) await fleet.enrol(android.token, mid);
  for (const mid of ['GR-P1', 'GR-P2']) await fleet.enrol(approval.token, mid);
  const database = fleet.demo.project;
  const group = async (NAME: string, held: string[]) => {
    const devices = await sql<{ ID: number }>`SELECT "ID"
      FROM ${sql.table(`prj_${database}.devices`)} WHERE "MID" = ANY(${held})`.execute(
      t.database.db,
    );
    const data = { NAME, DESCRIPTION: `Ruta ${NAME}`, Devices: devices.rows.map((r) => r.ID) };
    return (await fleet.created('admgroups', { database, oper: 'update', data }, admin)).ID;
  };
  // GR-2 and GR-P2 are in neither group.
  norte = await group('Norte', ['GR-1', 'GR-P1']);
  sur = await group('Sur', ['GR-3']);
});
afterAll(async () => {
  await t?.close();
});

const mids = (answer: { result: { data: { mid: string }[] } }) =>
  answer.result.data.map((row) => row.mid).sort();
const lock = (dest: string[], language = 'es') =>
  fleet.call('sendCommand', { database: fleet.demo.project, cmd: 'lock', dest }, zona, language);

describe('MDM roles reaching device groups', () => {
  it("name groups of the role's project only, refused otherwise in es and en", async () => {
    const alone = await fleet.call('mdmRolesCreate', { name: 'X', deviceGroups: [norte] }, admin);
    expect(alone.error.description).toBe(
      'Un grupo de dispositivos es de un proyecto: elija también el proyecto.',
    );
    const other = { name: 'X', project: fleet.demo.project, deviceGroups: [norte, 9999] };
    const { rows } = await sql<{ name: string }>`SELECT name FROM core.projects
      WHERE numero = ${fleet.demo.project}`.execute(t.database.db);
    const es = await fleet.call('mdmRolesCreate', other, admin);
    expect(es.error.description).toBe(
      `El grupo 9999 no es un grupo de dispositivos del proyecto «${rows[0].name}».`,
    );
    const en = await fleet.call('mdmRolesCreate', other, admin, 'en');
    expect(en.error.description).toBe(
      `Group 9999 is not a device group of project "${rows[0].name}".`,
    );
    const role = await fleet.created(
      'mdmRolesCreate',
      { name: 'Zona Norte', operators: 'zona', project: fleet.demo.project, deviceGroups: [norte] },
      admin,
    );
    expect(role.deviceGroups).toEqual([norte]);
    // A second group, named twice: kept once.
    const { id, version } = role as { id: number; version: number };
    const edited = await fleet.call(
      'mdmRolesEdit',
      { id, version, deviceGroups: [sur, norte, sur] },
      admin,
    );
    expect(edited.error.description).toBe('');
    const shown = await fleet.call('mdmRolesShow', { id }, admin);
    expect(shown.result.deviceGroups).toEqual([norte, sur].sort((a, b) => a - b));
  });

  it("limit the operator's lists and dashboard to the group's devices", async () => {
    expect(mids(await fleet.call('mdmDevicesList', {}, zona))).toEqual(['GR-1', 'GR-3', 'GR-P1']);
    expect(mids(await fleet.call('mdmDevicesList', {}, admin))).toEqual([
      'GR-1',
      'GR-2',
      'GR-3',
      'GR-P1',
      'GR-P2',
    ]);
    const pending = { filter: { state: 'pending' } };
    expect(mids(await fleet.call('mdmDevicesList', pending, zona))).toEqual(['GR-P1']);
    const dashboard = await fleet.call('mdmDashboard', {}, zona);
    expect(dashboard.result.platforms).toEqual([{ platform: 'android', devices: 2 }]);
    expect(dashboard.result.pending).toBe(1);
    const all = await fleet.call('mdmDashboard', {}, admin);
    expect(all.result.platforms).toEqual([{ platform: 'android', devices: 3 }]);
    expect(all.result.pending).toBe(2);
    const outside = await fleet.call('mdmDevicesList', { filter: { mid: 'GR-2' } }, admin);
    const hidden = await fleet.call('mdmDevicesShow', { id: outside.result.data[0].id }, zona);
    expect(hidden.error.code).not.toBe('0');
    // Nor is it edited (its page's form): out of reach, it is not found.
    const { id, version } = outside.result.data[0];
    const edit = await fleet.call('mdmDevicesEdit', { id, version, owner: 'Otro' }, zona);
    expect(edit.error.code).not.toBe('0');
    const byAdmin = await fleet.call('mdmDevicesEdit', { id, version, owner: 'Otro' }, admin);
    expect(byAdmin.error.description).toBe('');
  });

  it('refuse a command or an approval to a device in neither group, in es and en', async () => {
    expect((await lock(['GR-1', 'GR-3'])).error.description).toBe('');
    expect((await lock(['GR-1', 'GR-2'])).error.description).toBe(
      'Sus roles MDM (Zona Norte) no alcanzan estos dispositivos: GR-2.',
    );
    expect((await lock(['GR-2'], 'en')).error.description).toBe(
      'Your MDM roles (Zona Norte) do not reach these devices: GR-2.',
    );
    const approve = (lstMID: string[]) =>
      fleet.call('mdmSetPendingDevices', { lstMID, status: 'enabled' }, zona);
    expect((await approve(['GR-P2'])).error.description).toBe(
      'Sus roles MDM (Zona Norte) no alcanzan estos dispositivos: GR-P2.',
    );
    expect((await approve(['GR-P1'])).result.state).toBe('active');
  });

  it('add up with a role of the whole project', async () => {
    await fleet.created(
      'mdmRolesCreate',
      { name: 'Proyecto', operators: 'zona', project: fleet.demo.project },
      admin,
    );
    expect(mids(await fleet.call('mdmDevicesList', {}, zona))).toEqual([
      'GR-1',
      'GR-2',
      'GR-3',
      'GR-P1',
      'GR-P2',
    ]);
    expect((await lock(['GR-2'])).error.description).toBe('');
  });
});
