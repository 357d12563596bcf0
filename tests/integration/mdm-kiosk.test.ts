import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';
import { managedDevice } from '../support/managed-device';
import { mdmFleet } from '../support/mdm-fleet';
import type { VirtualDevice } from '../../simulator/device';

// `/app/mdmkiosk` (issue 36, docs/mdm.md "Kiosk"): the Android kiosk policies read and written as
// their kiosk — apps from the kiosk's catalogue (`kiosk-apps`), AMAPI's kioskCustomization —
// through the policies' own rules, versions, roles and push to the devices; and the policies'
// list limited to the platforms an operator's MDM roles reach.

let t: TestApp;
let admin: string;
let fleet: ReturnType<typeof mdmFleet>;
let server: string;
let device: VirtualDevice | undefined;
const apps: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  fleet = mdmFleet(t);
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [name, pkg] of [
    ['Reparto', 'com.flota.reparto'],
    ['Escáner', 'com.flota.scanner'],
    ['Mapas', 'com.flota.maps'],
  ]) {
    const app = await fleet.created('kioskAppsCreate', { Name: name, Package: pkg }, admin);
    apps[pkg] = Number(app.id);
  }
});
afterAll(async () => {
  await device?.stop();
  await t?.close();
});

const kioskOf = async (id: number, token = admin) =>
  (await fleet.call('mdmKioskShow', { id }, token)).result;
const documentOf = async (id: number) =>
  (await fleet.call('mdmPoliciesShow', { id }, admin)).result.document;

describe('MDM kiosk', () => {
  let kiosk: number;

  it('creates an Android kiosk policy from the catalogue, lists only kiosks', async () => {
    await fleet.token(admin, 'android'); // a plain Android policy: not a kiosk
    const made = await fleet.created(
      'mdmKioskCreate',
      {
        name: 'Reparto',
        kioskApp: apps['com.flota.reparto'],
        lockTaskApps: [apps['com.flota.scanner']],
        statusBar: 'SYSTEM_INFO_ONLY',
        powerButtonActions: 'POWER_BUTTON_BLOCKED',
      },
      admin,
    );
    kiosk = made.id;
    expect(made).toMatchObject({ policyVersion: 1, kioskApp: apps['com.flota.reparto'] });
    expect(await documentOf(kiosk)).toEqual({
      applications: [
        { packageName: 'com.flota.reparto', installType: 'KIOSK' },
        { packageName: 'com.flota.scanner', installType: 'FORCE_INSTALLED', lockTaskAllowed: true },
      ],
      kioskCustomization: {
        statusBar: 'SYSTEM_INFO_ONLY',
        powerButtonActions: 'POWER_BUTTON_BLOCKED',
      },
    });
    const list = (await fleet.call('mdmKioskList', {}, admin)).result;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      name: 'Reparto',
      lockTaskApps: [apps['com.flota.scanner']],
    });
  });

  it('saves a change as the next policy version and pushes it to the connected device', async () => {
    const token = await fleet.created(
      'mdmEnrolmentTokensCreate',
      { name: 'kiosco', policy: kiosk, project: fleet.demo.project, approval: false },
      admin,
    );
    device = managedDevice(server, token.token, 'KIOSK-0001', { osVersion: '13' });
    await device.enrol('');
    device.start();
    await until(() => device!.mdm?.applied === 1);
    const before = await kioskOf(kiosk);
    const edited = await fleet.call(
      'mdmKioskEdit',
      {
        id: kiosk,
        version: before.version,
        systemNavigation: 'HOME_BUTTON_ONLY',
        statusBar: null,
        lockTaskApps: [apps['com.flota.maps']],
      },
      admin,
    );
    expect(edited.error.description).toBe('');
    expect(edited.result).toMatchObject({
      policyVersion: 2,
      systemNavigation: 'HOME_BUTTON_ONLY',
      statusBar: null,
      lockTaskApps: [apps['com.flota.maps']],
    });
    const document = await documentOf(kiosk);
    expect(document.kioskCustomization).toEqual({
      systemNavigation: 'HOME_BUTTON_ONLY',
      powerButtonActions: 'POWER_BUTTON_BLOCKED',
    });
    expect(document.applications[1]).toEqual({
      packageName: 'com.flota.scanner',
      installType: 'FORCE_INSTALLED',
    });
    await until(() => device!.mdm?.applied === 2);
    // A stale version is the policies' refusal; nothing changes.
    const stale = await fleet.call('mdmKioskEdit', { id: kiosk, version: before.version }, admin);
    expect(stale.error.description).toMatch(/ha cambiado/);
  });

  it('refuses an app outside the catalogue and an ordinary user, in es and en', async () => {
    const { version } = await kioskOf(kiosk);
    const es = await fleet.call('mdmKioskEdit', { id: kiosk, version, kioskApp: 999999 }, admin);
    expect(es.error.description).toBe('La aplicación 999999 no está en el catálogo del kiosco.');
    const en = await fleet.call(
      'mdmKioskEdit',
      { id: kiosk, version, kioskApp: 999999 },
      admin,
      'en',
    );
    expect(en.error.description).toBe('App 999999 is not in the kiosk catalogue.');
    const usuario = await t.tokenFor('usuario');
    expect((await kioskOf(kiosk, usuario)).name).toBe('Reparto');
    const refused = await fleet.call(
      'mdmKioskEdit',
      { id: kiosk, version, statusBar: null },
      usuario,
    );
    expect(refused.error.code).not.toBe('0');
    expect((await kioskOf(kiosk)).version).toBe(version);
  });

  it("limits the kiosks and the policies an operator lists to their roles' platforms", async () => {
    await sql`INSERT INTO core.users (company_id, login, email, password_hash, role, rights)
      SELECT company_id, 'jefe', 'jefe@demo.flota.local', password_hash, role, rights
      FROM core.users WHERE login = 'admin'`.execute(t.database.db);
    const jefe = await t.tokenFor('jefe');
    await fleet.token(admin, 'ios');
    const role = {
      name: 'Solo iOS',
      operators: 'jefe',
      ...{ command: true, wipe: false, approve: false, editPolicies: true },
      ...{ android: false, ios: true, windows: false },
    };
    await fleet.created('mdmRolesCreate', role, admin);
    const platforms = async (token: string) =>
      new Set(
        (await fleet.call('mdmPoliciesList', {}, token)).result.data.map(
          (p: { platform: string }) => p.platform,
        ),
      );
    expect(await platforms(admin)).toEqual(new Set(['android', 'ios']));
    expect(await platforms(jefe)).toEqual(new Set(['ios']));
    expect((await fleet.call('mdmPoliciesShow', { id: kiosk }, jefe)).error.code).not.toBe('0');
    expect((await fleet.call('mdmKioskList', {}, jefe)).result.total).toBe(0);
    const { version } = await kioskOf(kiosk);
    const edit = await fleet.call('mdmKioskEdit', { id: kiosk, version, statusBar: null }, jefe);
    expect(edit.error.code).not.toBe('0');
  });
});
