import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { mdmFleet } from '../support/mdm-fleet';

// MDM users and roles (issue 36, docs/mdm.md "Users and roles"): the people devices are assigned
// to, and operator roles limiting which MDM actions and which organizations (platforms) and
// projects an operator reaches, checked by the server in both languages.

let t: TestApp;
let admin: string;
let jefe: string;
let fleet: ReturnType<typeof mdmFleet>;
let androidPolicy: number;
let iosPolicy: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  // A second administrator of the company, whom a role limits.
  await sql`INSERT INTO core.users (company_id, login, email, password_hash, role, rights)
    SELECT company_id, 'jefe', 'jefe@demo.flota.local', password_hash, role, rights
    FROM core.users WHERE login = 'admin'`.execute(t.database.db);
  jefe = await t.tokenFor('jefe');
  fleet = mdmFleet(t);
  const android = await fleet.token(admin, 'android');
  const approval = await fleet.token(admin, 'android', true);
  const ios = await fleet.token(admin, 'ios');
  [androidPolicy, iosPolicy] = [android.policy, ios.policy];
  await fleet.enrol(android.token, 'ROLE-A1');
  await fleet.enrol(approval.token, 'ROLE-P1');
  await fleet.enrol(ios.token, 'ROLE-I1');
});
afterAll(async () => {
  await t?.close();
});

const mids = (answer: { result: { data: { mid: string }[] } }) =>
  answer.result.data.map((row) => row.mid).sort();
const byMid = async (mid: string) =>
  (await fleet.call('mdmDevicesList', { filter: { mid } }, admin)).result.data[0];

describe('MDM roles', () => {
  it('name operators among the company users, refusing another login in es and en', async () => {
    const es = await fleet.call('mdmRolesCreate', { name: 'X', operators: 'jefe nadie' }, admin);
    expect(es.error.description).toBe('El operador «nadie» no es un usuario de la empresa.');
    const en = await fleet.call('mdmRolesCreate', { name: 'X', operators: 'nadie' }, admin, 'en');
    expect(en.error.description).toBe('Operator "nadie" is not a user of the company.');
    const role = await fleet.created(
      'mdmRolesCreate',
      {
        name: 'Soporte Android',
        operators: ' jefe,  jefe ',
        command: true,
        wipe: false,
        approve: false,
        editPolicies: false,
        android: true,
        ios: false,
        windows: false,
      },
      admin,
    );
    expect(role.operators).toBe('jefe');
    // Read and written by administrators only.
    const usuario = await t.tokenFor('usuario');
    expect((await fleet.call('mdmRolesList', {}, usuario)).error.code).not.toBe('0');
  });

  it("limit an operator's lists and dashboard to the organizations reached", async () => {
    expect(mids(await fleet.call('mdmDevicesList', {}, jefe))).toEqual(['ROLE-A1', 'ROLE-P1']);
    expect(mids(await fleet.call('mdmDevicesList', {}, admin))).toEqual([
      'ROLE-A1',
      'ROLE-I1',
      'ROLE-P1',
    ]);
    const ios = await byMid('ROLE-I1');
    const hidden = await fleet.call('mdmDevicesShow', { id: ios.id }, jefe);
    expect(hidden.error.code).not.toBe('0');
    const dashboard = await fleet.call('mdmDashboard', {}, jefe);
    expect(dashboard.result.platforms).toEqual([{ platform: 'android', devices: 1 }]);
  });

  it('refuse an action the roles do not allow, in es and en', async () => {
    const approve = { lstMID: ['ROLE-P1'], status: 'enabled' };
    const es = await fleet.call('mdmSetPendingDevices', approve, jefe);
    expect(es.error.description).toBe(
      'Sus roles MDM (Soporte Android) no le permiten aprobar o rechazar dispositivos.',
    );
    const en = await fleet.call('mdmSetPendingDevices', approve, jefe, 'en');
    expect(en.error.description).toBe(
      'Your MDM roles (Soporte Android) do not allow you to approve or refuse devices.',
    );
    const wipe = await fleet.call(
      'sendCommand',
      { database: fleet.demo.project, cmd: 'wipe', dest: ['ROLE-A1'], params: {} },
      jefe,
    );
    expect(wipe.error.description).toBe(
      'Sus roles MDM (Soporte Android) no le permiten borrar dispositivos.',
    );
    const device = await byMid('ROLE-A1');
    const remove = await fleet.call('mdmDevicesDelete', { id: device.id }, jefe);
    expect(remove.error.description).toMatch(/no le permiten borrar dispositivos/);
    const edit = await fleet.call(
      'mdmPoliciesEdit',
      { id: androidPolicy, version: 1, description: 'otra' },
      jefe,
      'en',
    );
    expect(edit.error.description).toBe(
      'Your MDM roles (Soporte Android) do not allow you to change policies or devices.',
    );
    // The company administrator, in no role, still may.
    const approved = await fleet.call('mdmSetPendingDevices', approve, admin);
    expect(approved.result.state).toBe('active');
  });

  it('allow the actions granted, on the devices reached only', async () => {
    const lock = (dest: string[]) =>
      fleet.call('sendCommand', { database: fleet.demo.project, cmd: 'lock', dest }, jefe);
    const sent = await lock(['ROLE-A1']);
    expect(sent.error.description).toBe('');
    const outside = await lock(['ROLE-A1', 'ROLE-I1']);
    expect(outside.error.description).toBe(
      'Sus roles MDM (Soporte Android) no alcanzan estos dispositivos: ROLE-I1.',
    );
    await fleet.created(
      'mdmRolesCreate',
      { name: 'Políticas', operators: 'jefe', command: false, wipe: false, approve: false },
      admin,
    );
    // Roles add up: now every platform, and policies may change.
    const policy = await fleet.call(
      'mdmPoliciesEdit',
      { id: iosPolicy, version: 1, description: 'iPhones de la tienda' },
      jefe,
    );
    expect(policy.error.description).toBe('');
    expect(mids(await fleet.call('mdmDevicesList', {}, jefe))).toEqual([
      'ROLE-A1',
      'ROLE-I1',
      'ROLE-P1',
    ]);
  });
});

describe('MDM users', () => {
  it('are assigned devices, and the list filtered by one shows theirs', async () => {
    const ana = await fleet.created(
      'mdmUsersCreate',
      { name: 'Ana Pérez', email: 'ana@empresa.com', externalId: 'u-0001' },
      admin,
    );
    const device = await byMid('ROLE-A1');
    const assigned = await fleet.call(
      'mdmDevicesEdit',
      { id: device.id, version: device.version, mdmUser: ana.id },
      admin,
    );
    expect(assigned.error.description).toBe('');
    const theirs = await fleet.call('mdmDevicesList', { filter: { mdmUser: ana.id } }, admin);
    expect(mids(theirs)).toEqual(['ROLE-A1']);
    const twice = await fleet.call(
      'mdmUsersCreate',
      { name: 'Otra Ana', email: 'ana@empresa.com' },
      admin,
    );
    expect(twice.error.description).toMatch(/ana@empresa.com/);
    // A user who has devices is not deleted.
    const removed = await fleet.call('mdmUsersDelete', { id: ana.id }, admin);
    expect(removed.error.code).not.toBe('0');
  });
});
