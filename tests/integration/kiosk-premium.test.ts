import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { projectSchemaName } from '../../server/db/projects';
import { buildTestApp, type TestApp } from '../support/app';
import { apkFixture } from '../support/apk-fixture';

// The premium kiosk (002 §2/§3/§4/§5/§7/§8 Premium kiosk; docs/kiosk.md): every oper of
// POST /api/kioskpremium/Actions and /Actionstable and dpc_emm_api_cmd of /mdm, the §4 state
// transitions checked by the commands they queue for the (offline) devices.

let t: TestApp;
let demo: DemoEnrolmentFile;
beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
});
afterAll(async () => t?.close());

type Answer = { error: { code: string; description: string }; result: any; recordsTotal?: number };

async function post(url: string, payload: unknown, login = 'admin', language = 'es') {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.tokenFor(login)}`, 'accept-language': language },
    payload: payload as object,
  });
  return response.json() as Answer;
}

const actions = (
  oper: string,
  parameter: Record<string, unknown> = {},
  login = 'admin',
  language = 'es',
) =>
  post(
    '/api/kioskpremium/Actions',
    { operation: 'kiosk', parameter: { oper, ...parameter } },
    login,
    language,
  );
const table = (oper: string, body: Record<string, unknown> = {}, login = 'admin') =>
  post('/api/kioskpremium/Actionstable', { oper, database: demo.project, ...body }, login);
const mdm = (data: Record<string, unknown>, login = 'admin') =>
  post(
    '/api/kioskpremium/mdm',
    { operation: 'mdm', parameter: { oper: 'dpc_emm_api_cmd', data } },
    login,
  );

async function enrol(mid: string) {
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
  });
  expect(enrolled.statusCode).toBe(200);
}

/** The commands queued for a device, oldest first: [CMD, PARAMS]. */
async function commandsOf(mid: string): Promise<{ CMD: string; PARAMS: any; STATE: string }[]> {
  const table = sql.id(projectSchemaName(demo.project), 'device_commands');
  const { rows } = await sql<{ CMD: string; PARAMS: any; STATE: string }>`
    SELECT "CMD", "PARAMS", "STATE" FROM ${table} WHERE "MID" = ${mid} ORDER BY "ID"`.execute(
    t.database.db,
  );
  return rows;
}

const lastCommand = async (mid: string) => (await commandsOf(mid)).at(-1);

let profileA: number;
let profileB: number;
let deviceId: number;
let systemApp: number;
let apkApp: number;
let wifi: number;

describe('the EMM kiosk feature', () => {
  it('answers "no kiosk" before it is enabled, and EnableKiosk turns it on (administrators)', async () => {
    const before = await actions('ListPackageProfile', { profile: 1 });
    expect(before.error.code).toBe('-2');
    expect(before.error.description).toMatch(/no tiene kiosco premium/);
    const refused = await actions('EnableKiosk', {}, 'usuario');
    expect(refused.error.code).not.toBe('0');
    const enabled = await actions('EnableKiosk');
    expect(enabled.error).toEqual({ code: '0', description: 'Actualizado correctamente' });
    const cias = await post('/api/kioskpremium/Actions', {
      operation: 'adminkiosk',
      parameter: { oper: 'ListCias' },
    });
    expect(cias.result.find((c: any) => c.EMMKiosk_ENABLED === 1)).toBeTruthy();
  });

  it('refuses every premium call with "EMMKiosk_ENABLED desactivado" while it is off', async () => {
    await sql`UPDATE core.kiosk_premium SET "Enabled" = false`.execute(t.database.db);
    const answer = await actions('ListWifiProfile', { profile: 1 });
    expect(answer.error.description).toBe('EMMKiosk_ENABLED desactivado');
    const en = await actions('ListWifiProfile', { profile: 1 }, 'admin', 'en');
    expect(en.error.description).toBe('EMMKiosk_ENABLED disabled');
    const tableAnswer = await table('ListDevices');
    expect(tableAnswer.error.description).toBe('EMMKiosk_ENABLED desactivado');
    await sql`UPDATE core.kiosk_premium SET "Enabled" = true`.execute(t.database.db);
  });
});

describe('profiles', () => {
  it('AddProfile needs a name and a password (§5); UpdateProfile changes it', async () => {
    const blank = await actions('AddProfile', { profile: { Name: '  ', Pwd: '1234' } });
    expect(blank.result).toBe(false);
    expect(blank.error.description).toMatch(/^Error al añadir el perfil: /);
    const noPwd = await actions('AddProfile', { profile: { Name: 'Tiendas' } });
    expect(noPwd.error.description).toMatch(/contraseña/i);
    const a = await actions('AddProfile', {
      profile: { Name: 'Tiendas', Pwd: '1234', Default: 1 },
    });
    expect(a.error.code).toBe('0');
    expect(a.result).toMatchObject({
      Name: 'Tiendas',
      Default: 1,
      Disabled: 0,
      QRZoom: 50,
      Encrypt: 'NONE',
    });
    profileA = a.result.Id;
    const b = await actions('AddProfile', { profile: { Name: 'Almacén', Pwd: '5678' } });
    profileB = b.result.Id;
    const updated = await actions('UpdateProfile', {
      profile: { Id: profileB, Brokerurl: 'mqtt://b' },
    });
    expect(updated.result.Brokerurl).toBe('mqtt://b');
  });

  it('one default: making B default clears A; a default cannot be unset', async () => {
    await actions('UpdateProfile', { profile: { Id: profileB, Default: 1 } });
    const list = await t.database.db
      .selectFrom('core.kiosk_profiles' as any)
      .select(['id', 'Default'] as any)
      .execute();
    expect(list.filter((row: any) => row.Default).map((row: any) => Number(row.id))).toEqual([
      profileB,
    ]);
    const unset = await actions('UpdateProfile', { profile: { Id: profileB, Default: 0 } });
    expect(unset.error.description).toMatch(/no se puede dejar de ser por defecto/);
  });

  it('GestionarProfile / gestionarProfile toggles Disabled', async () => {
    const off = await actions('GestionarProfile', { filter: { Id: profileB, disabled: 1 } });
    expect(off.error.code).toBe('0');
    const on = await actions('gestionarProfile', { filter: { Id: profileB, disabled: 0 } });
    expect(on.error.code).toBe('0');
  });

  it('getFormatQR, getConfigQR (a PNG of the provisioning payload naming the profile), UpdateConfigQR', async () => {
    const format = await actions('getFormatQR');
    expect(format.result).toMatchObject({
      levels: ['M', 'L', 'H', 'Q'],
      types: ['QRCode', 'ZEBRA'],
      zoom: 50,
    });
    const qr = await actions('getConfigQR', { profile: profileA, kiosk: { level: 'H' } });
    expect(qr.result.QRdata).toMatch(/^data:image\/png;base64,/);
    expect(
      JSON.parse(qr.result.QRtext)['android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE'].profile,
    ).toBe(String(profileA));
    expect(qr.result.type).toBe('QRCode');
    expect(qr.result.ZPL).toBeUndefined();

    // ZEBRA: the same payload as a ZPL label a Zebra printer draws (^BQN), 4 inches at 203 dpi.
    const zebra = await actions('getConfigQR', {
      profile: profileA,
      kiosk: { level: 'Q', type: 'ZEBRA' },
    });
    expect(zebra.result).toMatchObject({ type: 'ZEBRA', level: 'Q' });
    expect(zebra.result.QRdata).toMatch(/^data:image\/png;base64,/);
    const zpl: string = zebra.result.ZPL;
    expect(zpl.split('\n').slice(0, 3)).toEqual(['^XA', '^CI28', '^PW812']);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain('^FDKiosco: perfil «Tiendas»^FS');
    const code = /\^BQN,2,(\d+)\^FH\\\^FDQA,(.*)\^FS$/m.exec(zpl);
    expect(code).not.toBeNull();
    expect(Number(code![1])).toBeGreaterThanOrEqual(1);
    expect(code![2]).not.toMatch(/[\^~]/);
    const data = code![2].replace(/\\([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    expect(JSON.parse(data)).toEqual(JSON.parse(zebra.result.QRtext));
    const english = await actions(
      'getConfigQR',
      { profile: profileA, kiosk: { type: 'zebra' } },
      'admin',
      'en',
    );
    expect(english.result.ZPL).toContain('^FDKiosk: profile “Tiendas”^FS');

    const saved = await actions('UpdateConfigQR', {
      profile: profileA,
      kiosk: { QRZoom: 80, Save: true },
    });
    expect(saved.error.code).toBe('0');
    expect((await actions('getConfigQR', { profile: profileA })).result.QRZoom).toBe(80);
  });
});

describe('devices move between profiles (§4), each move queued for the offline device', () => {
  it('into a profile from none sends policy; to another change-policy; out invert-policy', async () => {
    await enrol('kiosk-dev-1');
    const created = await t.call(
      'kioskDevicesCreate',
      { Guid: 'kiosk-dev-1', Database: demo.project },
      await t.tokenFor('admin'),
    );
    expect(created.body.error.code).toBe('0');
    deviceId = created.body.result.id;
    const into = await actions('kioskDeviceUpdate', {
      filter: JSON.stringify({ IdDevice: deviceId, IdProfile: profileA, OldIdProfile: 0 }),
    });
    expect(into.error.code).toBe('0');
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'policy',
      PARAMS: { policy: { profile: profileA } },
      STATE: 'pending',
    });
    await actions('kioskDeviceUpdate', {
      filter: { IdDevice: deviceId, IdProfile: profileB, OldIdProfile: profileA },
    });
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'change-policy',
      PARAMS: { policy: { profile: profileB, oldprofile: profileA } },
    });
    await actions('kioskDeviceUpdate', {
      filter: { IdDevice: deviceId, IdProfile: 0, OldIdProfile: profileB },
    });
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'invert-policy',
      PARAMS: { policy: { profile: profileB } },
    });
    await actions('kioskDeviceUpdate', {
      filter: { IdDevice: deviceId, IdProfile: profileA, OldIdProfile: 0 },
    });
    const queued = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM core.command_queue WHERE mid = 'kiosk-dev-1'`.execute(
      t.database.db,
    );
    expect(queued.rows[0].n).toBe(4);
  });

  it('Actionstable ListDevices pages in SQL with recordsTotal, the profile toggle and a row filter', async () => {
    await enrol('kiosk-dev-2');
    await t.call(
      'kioskDevicesCreate',
      { Guid: 'kiosk-dev-2', Database: demo.project },
      await t.tokenFor('admin'),
    );
    const page = await table('ListDevices', {
      profile: profileA,
      datatable: { start: 0, length: 10 },
    });
    expect(page.recordsTotal).toBe(2);
    expect(page.result.data.map((d: any) => [d.Guid, d.Inprofile, d.Profilename])).toEqual([
      ['kiosk-dev-1', 1, 'Tiendas'],
      ['kiosk-dev-2', 0, ''],
    ]);
    const only = await table('ListDevices', { profile: profileA, showprofile: 1 });
    expect(only.result.data.map((d: any) => d.Guid)).toEqual(['kiosk-dev-1']);
    const filtered = await table('ListDevices', {
      rowfilter: { Guid: 'dev-2' },
      rowfilteroper: { Guid: 4 },
      datatable: { start: 0, length: -1 },
    });
    expect(filtered.result.data.map((d: any) => d.Guid)).toEqual(['kiosk-dev-2']);
  });

  it('moves several devices at once: one transaction, each sent its own move command', async () => {
    const ids = async () =>
      (await table('ListDevices', { datatable: { start: 0, length: -1 } })).result.data.map(
        (d: any) => [d.Guid, Number(d.Id ?? d.id), d.Idprofile ? Number(d.Idprofile) : 0],
      );
    const devices = new Map<string, [number, number]>(
      (await ids()).map(([guid, id, profile]: [string, number, number]) => [guid, [id, profile]]),
    );
    expect(devices.get('kiosk-dev-1')![1]).toBe(profileA);
    expect(devices.get('kiosk-dev-2')![1]).toBe(0);
    const both = [devices.get('kiosk-dev-1')![0], devices.get('kiosk-dev-2')![0]];
    const before = [
      (await commandsOf('kiosk-dev-1')).length,
      (await commandsOf('kiosk-dev-2')).length,
    ];

    // Another company's device, or a reader, moves nothing and queues nothing.
    const other = await t.database.db
      .insertInto('core.companies')
      .values({ name: 'Kiosco ajeno', tier: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: string }>`
      INSERT INTO core.kiosk_devices (company_id, "Guid", "Database")
      VALUES (${other.id}, 'kiosk-ajeno', ${demo.project}) RETURNING id`.execute(t.database.db);
    const foreign = Number(rows[0].id);
    const refused = await actions('kioskDeviceUpdate', {
      filter: { IdDevice: [...both, foreign], IdProfile: profileB },
    });
    expect(refused.result).toBe(false);
    expect(refused.error.description).toBe(
      `Error al actualizar los datos: El dispositivo ${foreign} no existe en el kiosco.`,
    );
    const reader = await actions(
      'kioskDeviceUpdate',
      { filter: { IdDevice: both, IdProfile: profileB } },
      'usuario',
    );
    expect(reader.error.code).not.toBe('0');
    expect((await ids()).map((row: any[]) => row[2]).sort()).toEqual([0, profileA].sort());
    expect((await commandsOf('kiosk-dev-1')).length).toBe(before[0]);

    const moved = await actions('kioskDeviceUpdate', {
      filter: { IdDevice: both, IdProfile: profileB },
    });
    expect(moved.error).toEqual({ code: '0', description: 'Actualizado correctamente' });
    expect(moved.result).toEqual({ moved: 2, sent: 2 });
    expect(await commandsOf('kiosk-dev-1')).toHaveLength(before[0] + 1);
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'change-policy',
      PARAMS: { policy: { profile: profileB, oldprofile: profileA } },
      STATE: 'pending',
    });
    expect(await commandsOf('kiosk-dev-2')).toHaveLength(before[1] + 1);
    expect(await lastCommand('kiosk-dev-2')).toMatchObject({
      CMD: 'policy',
      PARAMS: { policy: { profile: profileB } },
    });
    const revisions = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM core.revisions
      WHERE resource = 'kiosk-devices' AND after ->> 'Idprofile' = ${String(profileB)}`.execute(
      t.database.db,
    );
    expect(revisions.rows[0].n).toBeGreaterThanOrEqual(2);

    // Out of their profile together: invert-policy naming it; back as they were after.
    await actions('kioskDeviceUpdate', { filter: { IdDevice: both, IdProfile: 0 } });
    expect(await lastCommand('kiosk-dev-2')).toMatchObject({
      CMD: 'invert-policy',
      PARAMS: { policy: { profile: profileB } },
    });
    await actions('kioskDeviceUpdate', {
      filter: { IdDevice: [both[0]], IdProfile: profileA },
    });
  });
});

describe('apps in a profile (§4/§5/§8)', () => {
  it('kioskAppUpdate: a system app with the §5 defaults, joined to the profile: show sent', async () => {
    const app = await actions('kioskAppUpdate', {
      profile: profileA,
      dataPackage: {
        Id: -1,
        Name: 'Ajustes',
        Package: 'com.android.settings',
        Url: '',
        Uninstall: 1,
        Executeapp: 1,
      },
    });
    expect(app.error).toEqual({ code: '0', description: 'Actualizado correctamente' });
    expect(app.result).toMatchObject({
      Url: null,
      Visible: 1,
      Whitelist: 1,
      Uninstall: 0,
      Executeapp: 0,
    });
    systemApp = app.result.Id;
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'show',
      PARAMS: { packageName: 'com.android.settings' },
    });
  });

  it('an APK app added to the profile is installed on its devices (urlDownload, resume, hidden)', async () => {
    const bytes = apkFixture({
      package: 'com.example.caja',
      versionName: '1.0',
      versionCode: 10,
      minSdk: 24,
    });
    const boundary = '----premium';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kioskpremium"\r\n\r\n1\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="caja.apk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/UploadFile',
      headers: {
        authorization: `Bearer ${await t.tokenFor('admin')}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    const apk = uploaded.json().result;
    expect(apk.Package).toBe('com.example.caja');
    const app = await actions('kioskAppUpdate', {
      dataPackage: {
        Id: -1,
        Name: 'Caja',
        Package: apk.Package,
        Url: apk.URL,
        Checksum: apk.Checksum,
        Visible: 0,
      },
    });
    apkApp = app.result.Id;
    const added = await actions('changeAppInProfile', {
      profile: profileA,
      dataPackage: { Id: apkApp, Visible: 0 },
    });
    expect(added.error.code).toBe('0');
    const install = await lastCommand('kiosk-dev-1');
    expect(install).toMatchObject({
      CMD: 'install',
      PARAMS: {
        packageName: 'com.example.caja',
        method: 'urlDownload',
        resume: true,
        hidden: true,
        versionCode: 10,
      },
    });
    expect(install!.PARAMS.url).toMatch(/\/api\/kiosk\/apk\/.*signature=/);
  });

  it('Visible sends hide/show, Uninstall uninstall/install, Whitelist nothing', async () => {
    await actions('changeAppVisible', {
      profile: profileA,
      dataPackage: { Id: apkApp, Visible: 1 },
    });
    expect((await lastCommand('kiosk-dev-1'))!.CMD).toBe('show');
    await actions('changeAppVisible', {
      profile: profileA,
      dataPackage: { Id: apkApp, Visible: 0 },
    });
    expect((await lastCommand('kiosk-dev-1'))!.CMD).toBe('hide');
    await actions('changeAppUninstall', {
      profile: profileA,
      dataPackage: { Id: apkApp, Uninstall: 1 },
    });
    expect((await lastCommand('kiosk-dev-1'))!.CMD).toBe('uninstall');
    await actions('changeAppUninstall', {
      profile: profileA,
      dataPackage: { Id: apkApp, Uninstall: 0 },
    });
    expect((await lastCommand('kiosk-dev-1'))!.CMD).toBe('install');
    const count = (await commandsOf('kiosk-dev-1')).length;
    const white = await actions('changeAppWhiteList', {
      profile: profileA,
      dataPackage: { Id: apkApp, Whitelist: 0 },
    });
    expect(white.error.code).toBe('0');
    expect((await commandsOf('kiosk-dev-1')).length).toBe(count);
  });

  it('refuses: visible of an app not in the profile; whitelist/uninstall of a system app', async () => {
    const notIn = await actions('changeAppVisible', {
      profile: profileB,
      dataPackage: { Id: apkApp, Visible: 1 },
    });
    expect(notIn.error).toEqual({ code: '-2', description: 'La aplicación no está en el perfil.' });
    const system = await actions('changeAppWhiteList', {
      profile: profileA,
      dataPackage: { Id: systemApp, Whitelist: 0 },
    });
    expect(system.error.description).toMatch(/Opción no válida para aplicaciones del sistema/);
    // A hook's refusal is in the user's own language.
    await sql`UPDATE core.users SET language = 'en' WHERE login = 'admin'`.execute(t.database.db);
    const sysEn = await actions(
      'changeAppUninstall',
      { profile: profileA, dataPackage: { Id: systemApp, Uninstall: 1 } },
      'admin',
      'en',
    );
    expect(sysEn.error.description).toMatch(/Option not valid for system apps/);
    await sql`UPDATE core.users SET language = 'es' WHERE login = 'admin'`.execute(t.database.db);
  });

  it('lists: ListPackageProfile, ListPackageProfileOnBoot, filesForUpdate, Actionstable ListPackages', async () => {
    const all = await actions('ListPackageProfile', { profile: profileA });
    expect(all.result.map((a: any) => [a.Name, a.Inprofile])).toEqual([
      ['Ajustes', 1],
      ['Caja', 1],
    ]);
    const onB = await actions('ListPackageProfileOnBoot', { profile: profileB });
    expect(onB.result).toEqual([]);
    const files = await actions('filesForUpdate');
    expect(files.result.map((a: any) => a.Package)).toEqual(['com.example.caja']);
    const page = await table('ListPackages', {
      profile: profileA,
      datatable: { start: 0, length: 1 },
    });
    expect(page.recordsTotal).toBe(2);
    expect(page.result.data).toHaveLength(1);
  });

  it('deleteAPP is refused while a profile contains the app; removing the link allows it', async () => {
    const refused = await actions('deleteAPP', { filter: systemApp });
    expect(refused.result).toBe(false);
    expect(refused.error.description).toMatch(/al menos un perfil la contiene \(Tiendas\)/);
    await actions('changeAppInProfile', { profile: profileA, dataPackage: { Id: systemApp } });
    const deleted = await actions('deleteAPP', { filter: { Id: systemApp } });
    expect(deleted.error.code).toBe('0');
  });
});

describe('wifis (§4/§8)', () => {
  it('kioskWifiUpdate with a profile: the wifi joins it and addWifiNetwork is queued', async () => {
    const made = await actions('kioskWifiUpdate', {
      profile: profileA,
      dataWifi: { Id: -1, Ssid: 'Tienda', Pass: 'secreto1', Encrypt: 'WPA', Autoconnect: 1 },
    });
    expect(made.error.code).toBe('0');
    wifi = made.result.Id;
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'addWifiNetwork',
      PARAMS: {
        networkSSID: 'Tienda',
        password: 'secreto1',
        securityMode: 'WPA',
        autoconnect: true,
      },
    });
    const bare = await actions('kioskWifiUpdate', { dataWifi: { Id: -1, Ssid: 'Libre' } });
    expect(bare.result.Encrypt).toBe('NONE');
  });

  it('ListWifiProfile / getListWifis / ListWifis, changeWifiAutoconnect, changeWifiInProfile', async () => {
    const listed = await actions('ListWifiProfile', { profile: profileA });
    expect(listed.result.map((w: any) => [w.Ssid, w.Inprofile, w.Autoconnect])).toEqual([
      ['Libre', 0, 0],
      ['Tienda', 1, 1],
    ]);
    expect((await actions('getListWifis', { profile: profileA })).result).toHaveLength(2);
    const auto = await actions('changeWifiAutoconnect', {
      profile: profileA,
      dataWifi: { Id: wifi, Autoconnect: 0 },
    });
    expect(auto.error.code).toBe('0');
    const page = await table('ListWifis', { profile: profileA });
    expect(page.result.data.find((w: any) => w.Ssid === 'Tienda').Autoconnect).toBe(0);
    const refused = await actions('deleteWifi', { filter: wifi });
    expect(refused.error.description).toMatch(
      /No se puede eliminar la wifi: al menos un perfil la contiene/,
    );
    await actions('changeWifiInProfile', { profile: profileA, dataWifi: { Id: wifi } });
    expect((await actions('deleteWIFI', { filter: { Id: wifi } })).error.code).toBe('0');
  });
});

describe('profile settings sent to its devices', () => {
  it('ConfigCommands sends the general settings; Pwd and Launchonboot their commands', async () => {
    const saved = await actions('ConfigCommands', {
      profile: {
        Id: profileA,
        Control: JSON.stringify({
          cm: [
            { c: 'camera', p: '', v: 'F' },
            { c: 'lock', p: '5', v: 'T' },
          ],
        }),
      },
    });
    expect(saved.error.code).toBe('0');
    expect(await lastCommand('kiosk-dev-1')).toMatchObject({
      CMD: 'setPasswordPolicies',
      PARAMS: { policy: { camera: false, lock: '5' } },
    });
    const bad = await actions('ConfigCommands', {
      profile: { Id: profileA, Control: { cm: [{ c: 'x', v: 'maybe' }] } },
    });
    expect(bad.error.code).not.toBe('0');
    await actions('UpdateProfile', {
      profile: { Id: profileA, Pwd: '9999', Launchonboot: 'com.example.caja' },
    });
    const cmds = (await commandsOf('kiosk-dev-1')).slice(-2).map((c) => c.CMD);
    expect(cmds).toEqual(['setKioskConfigurationPassword', 'setLaunchOnBoot']);
  });
});

describe('dpc_emm_api_cmd and the device pages', () => {
  it('sends a premium command to kiosk devices; refuses another command or device', async () => {
    const sent = await mdm({
      dest: 'kiosk-dev-1',
      cmd: 'getApplicationList',
      params: {},
      json: '{}',
    });
    expect(sent.error.code).toBe('0');
    expect(sent.result).toEqual({ cmd: 'getApplicationList', sent: 1 });
    expect((await lastCommand('kiosk-dev-1'))!.CMD).toBe('getApplicationList');
    const other = await mdm({ dest: 'kiosk-dev-1', cmd: 'wipe' });
    expect(other.error.description).toMatch(/no existe en el kiosco premium/);
    const stranger = await mdm({ dest: 'nadie', cmd: 'show', params: { packageName: 'a.b' } });
    expect(stranger.error.description).toMatch(/nadie/);
    const user = await mdm({ dest: 'kiosk-dev-1', cmd: 'getApplicationList' }, 'usuario');
    expect(user.error.code).not.toBe('0');
  });

  it('getCmds lists the device history; ListInfoApp/ListInfoApps rate OK/KO from its app list', async () => {
    const history = await table('getCmds', {
      imei: 'kiosk-dev-1',
      datatable: { start: 0, length: 5 },
    });
    expect(history.error.code).toBe('0');
    expect(history.recordsTotal).toBeGreaterThan(10);
    const schema = projectSchemaName(demo.project);
    await sql`UPDATE ${sql.id(schema, 'device_commands')} SET "STATE" = 'executed',
      "RESULT" = ${JSON.stringify({ ok: true, apps: [{ packageName: 'com.example.caja', versionName: '1.0', versionCode: 10 }] })}::jsonb
      WHERE "MID" = 'kiosk-dev-1' AND "CMD" = 'getApplicationList'`.execute(t.database.db);
    const one = await table('ListInfoApp', { profile: profileA, kiosko: apkApp });
    expect(one.result.data).toEqual([
      expect.objectContaining({
        Status: 'OK',
        Guid: 'kiosk-dev-1',
        Version: '1.0',
        Versioncode: 10,
        Profileversioncode: 10,
      }),
    ]);
    const ko = await table('ListInfoApp', { profile: profileA, kiosko: apkApp, showok: 0 });
    expect(ko.recordsTotal).toBe(0);
    const neither = await table('ListInfoApp', {
      profile: profileA,
      kiosko: apkApp,
      showok: 0,
      showko: 0,
    });
    expect(neither.error.description).toMatch(/OK y KO/);
    const apps = await table('ListInfoApps', { imei: 'kiosk-dev-1' });
    expect(apps.result.data.map((a: any) => [a.Package, a.Status])).toEqual([
      ['com.example.caja', 'OK'],
    ]);
  });

  it('getGPSDatabase, getLogs, deleteLog, deleteAllLog answer for a kiosk device', async () => {
    const gps = await actions('getGPSDatabase', { filter: { IdDevice: deviceId } });
    expect(gps.error.code).toBe('0');
    expect(Object.keys(gps.result)).toEqual(['Last_latitude', 'Last_longitude', 'Lastcommandgps']);
    const logs = await actions('getLogs', { filter: { IdDevice: deviceId } });
    expect(logs.error.code).toBe('0');
    const none = await actions('deleteLog', {
      filter: { IdDevice: deviceId, Path: 'kiosk/none.log' },
    });
    expect(none.error.code).not.toBe('0');
    const all = await actions('deleteAllLog', { filter: { IdDevice: deviceId } });
    expect(all.error.code).toBe('0');
  });

  it('an unknown oper names the list', async () => {
    const answer = await actions('Nada');
    expect(answer.error.description).toMatch(/La operación «Nada» no existe en el kiosco premium/);
  });
});
