import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';
import { managedDevice } from '../support/managed-device';
import { mdmFleet } from '../support/mdm-fleet';
import type { VirtualDevice } from '../../simulator/device';

// MDM policies assigned to device groups (issue 36, docs/mdm.md "Assignment"): a device's own
// policy wins, then its groups' (by priority), then its enrolment token's; every change moves the
// devices it concerns in one statement and tells the connected ones.

let t: TestApp;
let admin: string;
let fleet: ReturnType<typeof mdmFleet>;
let server: string;
let device: VirtualDevice | undefined;
let database: number;
let android: { policy: number; token: string };
let ios: { policy: number; token: string };
let reparto: number; // an Android policy for groups
let urgente: number; // another, for a second group
let norte: number;
let sur: number;
let iphones: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  fleet = mdmFleet(t);
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  database = fleet.demo.project;
  android = await fleet.token(admin, 'android');
  ios = await fleet.token(admin, 'ios');
  for (const mid of ['AS-1', 'AS-2', 'AS-3']) await fleet.enrol(android.token, mid);
  await fleet.enrol(ios.token, 'AS-IOS');
  reparto = (
    await fleet.created('mdmPoliciesCreate', { name: 'Reparto', platform: 'android' }, admin)
  ).id;
  urgente = (
    await fleet.created('mdmPoliciesCreate', { name: 'Urgente', platform: 'android' }, admin)
  ).id;
  norte = await group('Norte', ['AS-1', 'AS-2']);
  sur = await group('Sur', ['AS-2']);
  iphones = await group('iPhones', ['AS-IOS']);
});
afterAll(async () => {
  await device?.stop();
  await t?.close();
});

async function deviceIds(mids: string[]) {
  const { rows } = await sql<{
    ID: number;
  }>`SELECT "ID" FROM ${sql.table(`prj_${database}.devices`)}
    WHERE "MID" = ANY(${mids}::text[])`.execute(t.database.db);
  return rows.map((row) => row.ID);
}

/** Creates or changes a group through `admgroups` (the group editor's call). */
async function group(NAME: string, mids: string[], ID?: number) {
  const data = { ID, NAME, DESCRIPTION: NAME, Devices: await deviceIds(mids) };
  return (await fleet.created('admgroups', { database, oper: 'update', data }, admin)).ID as number;
}

async function policies() {
  const { rows } = await sql<{ mid: string; policy: string; policySource: string }>`
    SELECT mid, policy, "policySource" FROM core.mdm_devices WHERE mid LIKE 'AS-%'
    ORDER BY mid`.execute(t.database.db);
  return Object.fromEntries(rows.map((r) => [r.mid, `${r.policySource}:${Number(r.policy)}`]));
}

const assign = (policy: number, group: number, priority = 100, language = 'es', token = admin) =>
  fleet.call(
    'mdmAssignmentsCreate',
    { policy, project: database, group, priority },
    token,
    language,
  );

describe('MDM policy assignments to device groups', () => {
  it("gives a group's devices of the policy's platform its policy, by priority", async () => {
    const made = await assign(reparto, norte, 100);
    expect(made.error.description).toBe('');
    expect(made.result).toMatchObject({ platform: 'android', groupName: 'Norte', devices: 2 });
    expect(await policies()).toEqual({
      'AS-1': `group:${reparto}`,
      'AS-2': `group:${reparto}`,
      'AS-3': `token:${android.policy}`,
      'AS-IOS': `token:${ios.policy}`,
    });
    // A group of another platform's devices: the Android policy touches none of them.
    const other = await assign(reparto, iphones);
    expect(other.result.devices).toBe(0);
    expect((await policies())['AS-IOS']).toBe(`token:${ios.policy}`);
    // AS-2 is in Sur too: the lower priority wins.
    await assign(urgente, sur, 10);
    expect((await policies())['AS-2']).toBe(`group:${urgente}`);
    const list = await fleet.call('mdmAssignmentsList', { filter: { policy: reparto } }, admin);
    const counts = list.result.data.map((a: { groupName: string; devices: number }) => [
      a.groupName,
      a.devices,
    ]);
    expect(counts).toEqual([
      ['Norte', 1],
      ['iPhones', 0],
    ]);
  });

  it('refuses a group not of the project and a second policy of a platform, in es and en', async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM core.projects
      WHERE numero = ${database}`.execute(t.database.db);
    expect((await assign(reparto, 9999)).error.description).toBe(
      `El grupo 9999 no es un grupo de dispositivos del proyecto «${rows[0].name}».`,
    );
    expect((await assign(reparto, 9999, 1, 'en')).error.description).toBe(
      `Group 9999 is not a device group of project "${rows[0].name}".`,
    );
    expect((await assign(urgente, norte)).error.description).toBe(
      'El grupo «Norte» ya tiene asignada una política de Android («Reparto»): cambie esa asignación o bórrela.',
    );
    expect((await assign(urgente, norte, 1, 'en')).error.description).toBe(
      'Group "Norte" already has a policy for Android assigned ("Reparto"): change that assignment or delete it.',
    );
  });

  it("lets a device's own policy win, and clearing it fall back to its group", async () => {
    const row = (await fleet.call('mdmDevicesList', { filter: { mid: 'AS-1' } }, admin)).result
      .data[0];
    const own = await fleet.call(
      'mdmDevicesEdit',
      { id: row.id, version: row.version, policy: android.policy },
      admin,
    );
    expect(own.error.description).toBe('');
    expect(own.result).toMatchObject({ policySource: 'device', ownPolicy: android.policy });
    // Its group's membership changing does not move it.
    await group('Norte', ['AS-1', 'AS-2', 'AS-3'], norte);
    expect(await policies()).toMatchObject({
      'AS-1': `device:${android.policy}`,
      'AS-3': `group:${reparto}`,
    });
    const back = await fleet.call(
      'mdmDevicesEdit',
      { id: row.id, version: own.result.version, policy: null },
      admin,
    );
    expect(back.error.description).toBe('');
    expect(back.result).toMatchObject({ policySource: 'group', policy: reparto, ownPolicy: null });
    // Counted once through the round trip: AS-1 and AS-3 (AS-2 takes Sur's).
    const norteRow = await fleet.call('mdmAssignmentsList', { filter: { group: norte } }, admin);
    expect(norteRow.result.data[0].devices).toBe(2);
  });

  it('moves a device leaving a group back to its token, and falls back on deletes', async () => {
    await group('Norte', ['AS-2'], norte);
    expect(await policies()).toMatchObject({
      'AS-1': `token:${android.policy}`,
      'AS-2': `group:${urgente}`,
      'AS-3': `token:${android.policy}`,
    });
    // The assignment of Sur deleted: AS-2 takes Norte's.
    const surs = await fleet.call('mdmAssignmentsList', { filter: { group: sur } }, admin);
    const gone = await fleet.call('mdmAssignmentsDelete', { id: surs.result.data[0].id }, admin);
    expect(gone.error.description).toBe('');
    expect((await policies())['AS-2']).toBe(`group:${reparto}`);
    // Norte deleted: its assignment goes, its devices fall back to their token.
    const deleted = await fleet.call('admgroups', { database, oper: 'delete', ID: norte }, admin);
    expect(deleted.error.description).toBe('');
    expect(await policies()).toEqual({
      'AS-1': `token:${android.policy}`,
      'AS-2': `token:${android.policy}`,
      'AS-3': `token:${android.policy}`,
      'AS-IOS': `token:${ios.policy}`,
    });
    const left = await fleet.call('mdmAssignmentsList', {}, admin);
    expect(left.result.data.map((a: { groupName: string }) => a.groupName)).toEqual(['iPhones']);
    await fleet.call('mdmAssignmentsDelete', { id: left.result.data[0].id }, admin);
  });

  it('refuses an operator whose MDM roles do not reach the group or may not edit policies', async () => {
    await sql`INSERT INTO core.users (company_id, login, email, password_hash, role, rights)
      SELECT company_id, 'zona', 'zona@demo.flota.local', password_hash, role, rights
      FROM core.users WHERE login = 'admin'`.execute(t.database.db);
    const zona = await t.tokenFor('zona');
    const este = await group('Este', ['AS-3']);
    const oeste = await group('Oeste', ['AS-1']);
    const role = { name: 'Zona Este', operators: 'zona', project: database, deviceGroups: [este] };
    await fleet.created('mdmRolesCreate', role, admin);
    expect((await assign(reparto, oeste, 100, 'es', zona)).error.description).toBe(
      'Sus roles MDM (Zona Este) no alcanzan el grupo «Oeste» del proyecto «Demo».',
    );
    expect((await assign(reparto, oeste, 100, 'en', zona)).error.description).toBe(
      'Your MDM roles (Zona Este) do not reach group "Oeste" of project "Demo".',
    );
    expect((await assign(reparto, este, 100, 'es', zona)).error.description).toBe('');
    await fleet.created(
      'mdmRolesCreate',
      { name: 'Solo ver', operators: 'zona', editPolicies: false, command: true },
      admin,
    );
    await sql`UPDATE core.mdm_roles SET "editPolicies" = false`.execute(t.database.db);
    expect((await assign(urgente, oeste, 100, 'en', zona)).error.description).toBe(
      'Your MDM roles (Solo ver, Zona Este) do not allow you to change policies or devices.',
    );
    await sql`DELETE FROM core.mdm_roles`.execute(t.database.db);
  });

  it("follows the engine's group writes too: a group created with members, then deleted", async () => {
    const made = await fleet.call(
      'groupsCreate',
      { database, NAME: 'Motor', DESCRIPTION: 'Motor', Devices: await deviceIds(['AS-1']) },
      admin,
    );
    expect(made.error.description).toBe('');
    const assigned = await assign(urgente, made.result.id, 5);
    expect(assigned.result.devices).toBe(1);
    expect((await policies())['AS-1']).toBe(`group:${urgente}`);
    const gone = await fleet.call('groupsDelete', { database, id: made.result.id }, admin);
    expect(gone.error.description).toBe('');
    expect((await policies())['AS-1']).toBe(`token:${android.policy}`);
  });

  it('is served over REST', async () => {
    const oeste = (await fleet.call('mdmAssignmentsList', {}, admin)).result.data;
    expect(oeste.map((a: { groupName: string }) => a.groupName)).toEqual(['Este']);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/rest/mdm-assignments',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([{ groupName: 'Este', policy: reparto, devices: 1 }]);
  });

  it("pushes a group's policy to a connected member, which applies and reports it", async () => {
    const mdm = await fleet.created(
      'mdmEnrolmentTokensCreate',
      { name: 'En vivo', policy: android.policy, project: database, approval: false },
      admin,
    );
    device = managedDevice(server, mdm.token, 'AS-LIVE', { osVersion: '13' });
    await device.enrol('');
    device.start();
    await until(() => device!.mdm?.applied === 1);
    // A policy at version 2, so that what the device applies tells which one it read.
    const shown = (await fleet.call('mdmPoliciesShow', { id: urgente }, admin)).result;
    const document = { cameraDisabled: true };
    await fleet.created(
      'mdmPoliciesEdit',
      { id: urgente, version: shown.version, document },
      admin,
    );
    const live = await group('Vivo', ['AS-LIVE']);
    expect((await assign(urgente, live)).error.description).toBe('');
    await until(() => device!.mdm?.applied === 2);
    await until(async () => {
      const { rows } = await sql<{ appliedVersion: number; policy: string }>`
        SELECT "appliedVersion", policy FROM core.mdm_devices WHERE mid = 'AS-LIVE'`.execute(
        t.database.db,
      );
      return rows[0].appliedVersion === 2 && Number(rows[0].policy) === urgente;
    });
    // Out of the group (the group editor's save): told again, it applies its token's policy.
    await group('Vivo', ['AS-3'], live);
    await until(() => device!.mdm?.applied === 1);
  });
});
