import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStore } from '../../server/files/index';
import { apkKey } from '../../server/kiosk/apk-store';
import { buildTestApp, type TestApp } from '../support/app';
import { apkFixture } from '../support/apk-fixture';

// The simple kiosk (002 §2/§3/§4/§5/§7/§8 Simple kiosk; docs/kiosk.md): every oper of
// POST /api/kiosk/Actions, the APK upload of POST /api/UploadFile, the signed links devices follow,
// on the real database through the engine.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type Answer = { error: { code: string; description: string }; result: any; recordsTotal?: number };

/** The user's own language, which the upload's refusals follow (the console keeps it so). */
async function speaking(login: string, language: 'es' | 'en') {
  await t.database.db
    .updateTable('core.users')
    .set({ language })
    .where('login', '=', login)
    .execute();
}

async function kiosk(
  login: string,
  oper: string,
  filter?: unknown,
  data?: unknown,
  language = 'es',
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kiosk/Actions',
    headers: { authorization: `Bearer ${await t.tokenFor(login)}`, 'accept-language': language },
    payload: { operation: 'kiosk', parameter: { oper, filter, data } },
  });
  return { status: response.statusCode, body: response.json() as Answer };
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----flota-kiosk-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/vnd.android.package-archive\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(parts) };
}

async function upload(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  login = 'admin',
  language = 'es',
) {
  const { boundary, body } = multipart(fields, file);
  await speaking(login, language === 'en' ? 'en' : 'es');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/UploadFile',
    headers: {
      authorization: `Bearer ${await t.tokenFor(login)}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': language,
    },
    payload: body,
  });
  await speaking(login, 'es');
  return { status: response.statusCode, body: response.json() as Answer };
}

/** Whether the admin's company still stores the APK of that SHA-256. */
async function stored(checksum: string): Promise<boolean> {
  const { company_id: company } = await t.database.db
    .selectFrom('core.users')
    .select('company_id')
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  const store = fileStore(t.config, t.database.db);
  return Boolean(await store.stat(apkKey(Number(company), checksum)));
}

const TIENDA = {
  package: 'com.example.tienda',
  versionName: '2.4.1',
  versionCode: 241,
  minSdk: 26,
};

describe('POST /api/UploadFile', () => {
  it('reads the package, versions and minimum SDK from the manifest, with size and SHA-256', async () => {
    const bytes = apkFixture(TIENDA, 5000);
    const { status, body } = await upload({ kiosk: '1' }, { name: 'tienda.apk', bytes });
    expect(status).toBe(200);
    expect(body.error.code).toBe('0');
    expect(body.result).toEqual({
      Name: 'tienda.apk',
      Package: 'com.example.tienda',
      Version: '2.4.1',
      VersionCode: 241,
      MinSdk: 26,
      URL: 'tienda.apk',
      Filesize: bytes.length,
      Checksum: createHash('sha256').update(bytes).digest('hex'),
      Checksumtype: 'SHA-256',
    });
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'kiosk_apk_uploaded')
      .executeTakeFirst();
    expect(JSON.stringify(logged?.detail)).toContain('com.example.tienda');
  });

  it('refuses a file that is not an APK, in the caller’s language, keeping nothing', async () => {
    const es = await upload(
      { kiosk: '1' },
      { name: 'nota.apk', bytes: Buffer.from('no soy un apk') },
    );
    expect(es.body.error.code).not.toBe('0');
    expect(es.body.error.description).toMatch(
      /^Error al subir app: El archivo no es un APK de Android: no se pudo leer su AndroidManifest\.xml/,
    );
    const en = await upload(
      { kiosk: '1' },
      { name: 'note.apk', bytes: Buffer.from('not an apk') },
      'admin',
      'en',
    );
    expect(en.body.error.description).toMatch(/^App upload failed: The file is not an Android APK/);
    const kept = await fileStore(t.config, t.database.db).list('kiosk/');
    expect(kept.map((file) => file.key).join()).not.toContain(
      createHash('sha256').update('no soy un apk').digest('hex'),
    );
  });

  it('refuses a form without the kiosk flag, without a file, and an ordinary user', async () => {
    const bytes = apkFixture(TIENDA);
    const noFlag = await upload({}, { name: 'a.apk', bytes });
    expect(noFlag.body.error.description).toBe(
      'Error al subir app: Falta el campo kiosk (kiosco simple) o kioskpremium (kiosco premium) del formulario.',
    );
    const noFile = await upload({ kiosk: '1' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.error.description).toBe('Falta el archivo APK que subir.');
    const user = await upload({ kiosk: '1' }, { name: 'a.apk', bytes }, 'usuario');
    expect(user.status).toBe(403);
  });
});

describe('POST /api/kiosk/Actions', () => {
  let apkChecksum = '';
  let tiendaId = 0;

  it('AppUpdate creates an app with an uploaded APK: the manifest’s values, not the form’s', async () => {
    const bytes = apkFixture(TIENDA);
    apkChecksum = (await upload({ kiosk: '1' }, { name: 'tienda.apk', bytes })).body.result
      .Checksum;
    const { body } = await kiosk('admin', 'AppUpdate', null, {
      Id: -1,
      Name: 'Tienda',
      Package: 'com.forged.package',
      Version: '9.9',
      Checksum: apkChecksum,
    });
    expect(body.error).toEqual({ code: '0', description: 'Actualizado correctamente' });
    expect(body.result).toMatchObject({
      Name: 'Tienda',
      Package: 'com.example.tienda',
      Version: '2.4.1',
      URL: 'tienda.apk',
      Visible: 1,
      Whitelist: 1,
      Uninstall: 0,
      Executeapp: 0,
      Checksum: apkChecksum,
      Checksumtype: 'SHA-256',
      Filesize: bytes.length,
      VersionCode: 241,
      MinSdk: 26,
    });
    tiendaId = body.result.Id;
    // The signed link serves the APK to a device without a session; a forged one is refused.
    const link = new URL(body.result.Download);
    const file = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(apkChecksum);
    const forged = link.search.replace(/signature=[^&]+/, 'signature=' + 'A'.repeat(43));
    const refused = await t.app.inject({ method: 'GET', url: link.pathname + forged });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.description).toBe(
      'El enlace de descarga no es válido o ha caducado: pida otro.',
    );
    const expired = link.search.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: link.pathname + expired })).statusCode).toBe(
      403,
    );
  });

  it('AppUpdate: a system app (no URL), Uninstall clears Whitelist, an unknown APK is refused', async () => {
    const system = await kiosk('admin', 'AppUpdate', null, {
      Name: 'Ajustes',
      Package: 'com.android.settings',
      Visible: 0,
      Uninstall: 1,
      Whitelist: 1,
    });
    expect(system.body.result).toMatchObject({
      URL: null,
      Checksum: null,
      Visible: 0,
      Uninstall: 1,
      Whitelist: 0,
    });
    const edited = await kiosk('admin', 'AppUpdate', null, {
      Id: system.body.result.Id,
      Uninstall: 0,
      Whitelist: 1,
      Executeapp: 1,
    });
    expect(edited.body.result).toMatchObject({ Uninstall: 0, Whitelist: 1, Executeapp: 1 });
    const unknown = await kiosk('admin', 'AppUpdate', null, {
      Name: 'Falsa',
      Package: 'com.example.falsa',
      Checksum: 'f'.repeat(64),
    });
    expect(unknown.body.error.description).toBe(
      `Error al actualizar: No hay ningún APK subido con la suma ${'f'.repeat(64)}: súbalo de nuevo con POST /api/UploadFile.`,
    );
    const bad = await kiosk('admin', 'AppUpdate', null, { Name: '', Package: 'x' }, 'en');
    expect(bad.body.error.code).not.toBe('0');
    expect(bad.body.error.description).toMatch(/^Update failed: /);
    const duplicate = await kiosk('admin', 'AppUpdate', null, {
      Name: 'Otra tienda',
      Package: 'com.example.tienda',
    });
    expect(duplicate.body.error.description).toMatch(/^Error al actualizar: Ya hay /);
  });

  it('List pages, sorts and searches in SQL with recordsTotal; ListUpdate gives the whole list', async () => {
    for (let n = 1; n <= 12; n++) {
      const { body } = await kiosk('admin', 'AppUpdate', null, {
        Name: `App ${String(n).padStart(2, '0')}`,
        Package: `com.example.app${n}`,
      });
      expect(body.error.code).toBe('0');
    }
    const page = await kiosk('usuario', 'List', {
      start: 5,
      length: 5,
      orderBy: 'Name',
      orderDir: 'desc',
    });
    expect(page.body.recordsTotal).toBe(14);
    expect(page.body.result.data.map((a: any) => a.Name)).toEqual([
      'App 08',
      'App 07',
      'App 06',
      'App 05',
      'App 04',
    ]);
    const found = await kiosk('usuario', 'List', { q: 'tienda' });
    expect(found.body.result.data.map((a: any) => a.Package)).toEqual(['com.example.tienda']);
    const all = await kiosk('admin', 'ListUpdate');
    expect(all.body.result.data).toHaveLength(14);
    expect(all.body.result.data[0]).toHaveProperty('Id');
  });

  it('UpdateConfig, saveListWifis, getConfig and getListWifis keep one configuration', async () => {
    const empty = await kiosk('admin', 'getConfig');
    expect(empty.body.result).toMatchObject({ password: '', launchonboot: null, wifis: [] });
    const noPassword = await kiosk('admin', 'UpdateConfig', null, { password: '' });
    expect(noPassword.body.error.description).toBe(
      'Error al actualizar: Escriba la contraseña del kiosco.',
    );
    const notListed = await kiosk('admin', 'UpdateConfig', null, {
      password: '1234',
      launchonboot: 'com.example.nope',
    });
    expect(notListed.body.error.description).toBe(
      'Error al actualizar: La aplicación al arrancar «com.example.nope» no está en la lista de aplicaciones del kiosco.',
    );
    const saved = await kiosk('admin', 'UpdateConfig', null, {
      password: '1234',
      launchonboot: 'com.example.tienda',
    });
    expect(saved.body.error).toEqual({ code: '0', description: 'Actualizado correctamente' });
    const wifis = [
      { ssid: 'Oficina', password: 'secreta1', securitymode: 'WPA', autoconnect: 1 },
      { ssid: 'Almacén', password: 'otra', securitymode: 'WEP', autoconnect: 0 },
    ];
    const stored = await kiosk('admin', 'saveListWifis', null, wifis);
    expect(stored.body.error.description).toBe('Actualizado correctamente');
    const twice = await kiosk('admin', 'saveListWifis', null, [wifis[0], wifis[0]]);
    expect(twice.body.error.description).toBe(
      'Error al actualizar: La wifi «Oficina» ya está en la lista.',
    );
    const incomplete = await kiosk('admin', 'saveListWifis', null, [
      { ssid: 'Sin clave', password: '', securitymode: 'WPA' },
    ]);
    expect(incomplete.body.error.description).toBe(
      'Error al actualizar: La wifi 1 está incompleta: escriba su SSID, su contraseña y su seguridad (WEP, WPA o NONE).',
    );
    const listed = await kiosk('usuario', 'getListWifis');
    expect(listed.status).toBe(403);
    const read = await kiosk('admin', 'getListWifis');
    expect(read.body.result).toEqual([
      { ssid: 'Oficina', password: 'secreta1', securitymode: 'WPA', autoconnect: true },
      { ssid: 'Almacén', password: 'otra', securitymode: 'WEP', autoconnect: false },
    ]);
    const config = await kiosk('admin', 'getConfig');
    expect(config.body.result).toMatchObject({
      password: '1234',
      launchonboot: 'com.example.tienda',
      wifis: read.body.result,
    });
    const rows = await t.database.db
      .selectFrom('core.kiosk_config' as any)
      .selectAll()
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('getConfig’s QRtext is an Android Enterprise provisioning payload with the agent and wifi', async () => {
    const agent = apkFixture({
      package: 'com.flota.kiosk',
      versionName: '1.0',
      versionCode: 1,
      minSdk: 24,
    });
    const uploaded = await upload({ kiosk: '1' }, { name: 'agente.apk', bytes: agent });
    await kiosk('admin', 'AppUpdate', null, {
      Name: 'Agente',
      Package: 'x.y',
      Checksum: uploaded.body.result.Checksum,
    });
    const { body } = await kiosk('admin', 'getConfig');
    const payload = JSON.parse(body.result.QRtext);
    const extra = 'android.app.extra.PROVISIONING_';
    expect(payload[`${extra}DEVICE_ADMIN_COMPONENT_NAME`]).toBe('com.flota.kiosk/.AdminReceiver');
    expect(payload[`${extra}DEVICE_ADMIN_PACKAGE_CHECKSUM`]).toBe(
      createHash('sha256').update(agent).digest('base64url'),
    );
    expect(payload[`${extra}WIFI_SSID`]).toBe('Oficina');
    expect(payload[`${extra}WIFI_SECURITY_TYPE`]).toBe('WPA');
    expect(payload[`${extra}WIFI_PASSWORD`]).toBe('secreta1');
    const download = new URL(payload[`${extra}DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION`]);
    const apk = await t.app.inject({ method: 'GET', url: download.pathname + download.search });
    expect(apk.rawPayload.equals(agent)).toBe(true);
    // The enrolled device reads its kiosk configuration through the admin extras' signed link.
    const link = new URL(payload[`${extra}ADMIN_EXTRAS_BUNDLE`].configUrl);
    const device = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(device.json()).toMatchObject({
      password: '1234',
      launchonboot: 'com.example.tienda',
      wifis: [{ ssid: 'Oficina' }, { ssid: 'Almacén' }],
    });
    expect(device.json().apps.map((a: any) => a.Package)).toContain('com.flota.kiosk');
  });

  it('an app given another APK releases the earlier file (no other app holds it)', async () => {
    expect(await stored(apkChecksum)).toBe(true);
    const newer = apkFixture({ ...TIENDA, versionName: '2.5.0', versionCode: 250 });
    const checksum = (await upload({ kiosk: '1' }, { name: 'tienda-2.5.apk', bytes: newer })).body
      .result.Checksum;
    const listed = await kiosk('admin', 'List', { q: 'Tienda' });
    const row = listed.body.result.data.find((app: any) => app.Id === tiendaId);
    const changed = await kiosk('admin', 'AppUpdate', null, {
      Id: tiendaId,
      version: row.version,
      Name: 'Tienda',
      Checksum: checksum,
    });
    expect(changed.body.error.description).toBe('Actualizado correctamente');
    expect(changed.body.result.VersionCode).toBe(250);
    await expect.poll(() => stored(apkChecksum)).toBe(false);
    expect(await stored(checksum)).toBe(true);
    apkChecksum = checksum;
  });

  it('deleteAPP deletes; its refusal starts with the specification’s text', async () => {
    const deleted = await kiosk('admin', 'deleteAPP', tiendaId);
    expect(deleted.body.error).toEqual({ code: '0', description: 'Actualizado correctamente' });
    const again = await kiosk('admin', 'deleteAPP', { Id: tiendaId });
    expect(again.body.error.description).toBe(
      `Error al eliminar la aplicación. Aplicación del kiosco ${tiendaId} no existe.`,
    );
    const user = await kiosk('usuario', 'deleteAPP', tiendaId);
    expect(user.status).toBe(403);
    // The last app of its APK gone, the file goes (and what its manifest said).
    await expect.poll(() => stored(apkChecksum)).toBe(false);
  });

  it('refuses an unknown oper and a body that is not the kiosk envelope', async () => {
    const unknown = await kiosk('admin', 'Nope');
    expect(unknown.body.error.description).toBe(
      'La operación «Nope» no existe en el kiosco (operaciones: List, ListUpdate, AppUpdate, UpdateConfig, deleteAPP, saveListWifis, getConfig, getListWifis).',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/kiosk/Actions',
      headers: { authorization: `Bearer ${await t.tokenFor('admin')}` },
      payload: { operation: 'mdm' },
    });
    expect(response.json().error.description).toMatch(/^Envíe \{"operation": "kiosk"/);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/kiosk/Actions',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
