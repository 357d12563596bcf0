import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_CONFIG_FILE,
  GENERATION_DOWNLOAD_PATH,
  TEMPLATE_UPLOAD_PATH,
} from '../../protocol/frameworks';
import { CERTIFICATE_UPLOAD_PATH } from '../../protocol/resources/certificates';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject } from '../support/devices';
import {
  certificateFixture as fixture,
  finished as finishedFor,
  postForm,
  TEMPLATE as template,
} from '../support/frameworks';
import { createUser, ok, refused } from '../support/projects';

// Generated app frameworks (docs/frameworks.md): versions with their template, a generation
// signed with the company's keystore, its download, its publication as an update, its deletion,
// and the refusals of each.

let t: TestApp;
let top: string;
let admin: string;
let usuario: string;
let numero: number;
let environment: number;

const post = (
  url: string,
  token: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
) => postForm(t, url, token, fields, file);
const finished = (id: number) => finishedFor(t, numero, id, admin);

let versionId: number;
let certificateId: number;
let badCertificateId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const { id: other } = await t.database.db
    .insertInto('core.companies')
    .values({ name: 'Frameworks Sur', tier: 'FLOTA_PRO' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createUser(t.database.db, other, 'fw-other', true);
  [top, admin, usuario] = await Promise.all([
    t.tokenFor('superadmin'),
    t.tokenFor('admin'),
    t.tokenFor('fw-other'),
  ]);
  ({ numero } = await demoProject(t.database.db));
  ({ environment_id: environment } = await t.database.db
    .selectFrom('core.projects')
    .select('environment_id')
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  await t?.close();
});

/** A 1×1 PNG, as the Generate dialog uploads an icon. */
const ICON =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('framework versions', () => {
  it('are created by the top administrator with the specification call and take a zip template', async () => {
    const created = await ok(
      t,
      'frameworkVersionUpdate',
      {
        Operation: 1,
        Plat: 1,
        Type: 'native',
        Tittle: 'Android 1.0',
        Description: 'Plantilla de prueba',
        Private: false,
      },
      top,
    );
    versionId = Number(created.id);
    expect(
      (
        await t.call(
          'frameworkVersionUpdate',
          { Operation: 1, Plat: 1, Type: 'x', Tittle: 'y' },
          admin,
        )
      ).status,
    ).toBe(403);
    const notZip = await post(
      TEMPLATE_UPLOAD_PATH,
      top,
      { id: String(versionId) },
      { name: 't.txt', bytes: Buffer.from('not a zip at all') },
    );
    expect(notZip.error.description).toBe('La plantilla no es un archivo zip.');
    const uploaded = await post(
      TEMPLATE_UPLOAD_PATH,
      top,
      { id: String(versionId) },
      { name: 'android.zip', bytes: template },
    );
    expect(uploaded.error.code).toBe('0');
    const listed = await ok(t, 'frameworksVersions', { plat: 1, pid: numero }, admin);
    expect(listed).toEqual([
      expect.objectContaining({
        Id: versionId,
        Plat: 1,
        Type: 'native',
        Tittle: 'Android 1.0',
        Private: false,
        Url: `/api/frameworks/template/${versionId}`,
      }),
    ]);
    expect(await ok(t, 'frameworksVersions', { plat: 2 }, admin)).toEqual([]);
  });
});

describe('a generation', () => {
  it('refuses a certificate whose key does not open with its password, with the reason', async () => {
    const good = await post(
      CERTIFICATE_UPLOAD_PATH,
      admin,
      { name: 'Release', type: 'keystore', certname: 'release', keystorepwd: 'storepass1' },
      { name: 'upload.jks', bytes: fixture('upload.jks') },
    );
    certificateId = good.result.id;
    const bad = await post(
      CERTIFICATE_UPLOAD_PATH,
      admin,
      {
        name: 'Mala',
        type: 'keystore',
        certname: 'release',
        keystorepwd: 'storepass1',
        certpwd: 'wrong-key-pass',
      },
      { name: 'upload.jks', bytes: fixture('upload.jks') },
    );
    badCertificateId = bad.result.id;
    const text = await refused(
      t,
      'generateFrameworks',
      {
        projectid: numero,
        IdEnv: environment,
        Props: { version: versionId, certificate: badCertificateId, appname: 'Ruta' },
      },
      admin,
    );
    expect(text).toBe(
      'El certificado «Mala» no se abre con su contraseña: súbalo de nuevo con la contraseña correcta.',
    );
  });

  it('is refused to the administrator of another company', async () => {
    const { body } = await t.call(
      'generateFrameworks',
      {
        projectid: numero,
        IdEnv: environment,
        Props: { version: versionId, certificate: certificateId, appname: 'Ruta' },
      },
      usuario,
    );
    expect(body.error.code).not.toBe('0');
  });

  it('builds, signs, downloads, publishes as an update and deletes', async () => {
    const generation = await ok(
      t,
      'generateFrameworks',
      {
        projectid: numero,
        IdEnv: environment,
        Props: {
          version: versionId,
          certificate: certificateId,
          appname: 'Ruta',
          AppNameWeb: 'Ruta web',
          icon: ICON,
        },
        model: 'default',
      },
      admin,
    );
    const row = await finished(Number(generation.id));
    expect(row).toMatchObject({ state: 'done', progress: 100 });
    const download = await t.app.inject({
      method: 'POST',
      url: GENERATION_DOWNLOAD_PATH,
      headers: { authorization: `Bearer ${admin}` },
      payload: { id: row.id, type: 1 },
    });
    expect(download.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'META-INF/MANIFEST.MF',
        'META-INF/CERT.SF',
        'META-INF/CERT.RSA',
        'classes.dex',
        BUILD_CONFIG_FILE,
      ]),
    );
    // 002 §7 "Icons (sessionid)": the icon the build carries, read out of it.
    expect(await ok(t, 'icons', { sessionid: row.id }, admin)).toEqual({
      sessionid: row.id,
      icons: [{ platform: 1, path: 'res/mipmap/ic_launcher.png', png: ICON }],
    });
    expect((await t.call('icons', { sessionid: row.id }, usuario)).body.error.code).not.toBe('0');
    const config = JSON.parse(strFromU8(files[BUILD_CONFIG_FILE]));
    expect(config).toMatchObject({ appname: 'Ruta', appNameWeb: 'Ruta web', project: { numero } });
    const client = await t.database.db
      .selectFrom('core.identity_clients')
      .select(['numero', 'type'])
      .where('clientid', '=', config.client.clientid)
      .executeTakeFirstOrThrow();
    expect(client).toEqual({ numero, type: 'api' });
    const published = await ok(
      t,
      'publishGeneration',
      { id: row.id, type: 1, appname: 'Ruta' },
      admin,
    );
    expect(published.versionCompleta).toMatch(/^\d{4}\.\d{2}\.\d{2}-\d+$/);
    const updates = await ok(t, 'updatesList', { database: numero }, admin);
    expect(JSON.stringify(updates)).toContain(published.versionCompleta);
    expect(await refused(t, 'downloadFramework', { id: row.id, type: 2 }, admin)).toBe(
      `La generación ${row.id} no es de la plataforma 2.`,
    );
    await ok(t, 'deleteGeneration', { id: row.id }, admin);
    expect(await refused(t, 'downloadFramework', { id: row.id }, admin)).toBe(
      `La generación ${row.id} no existe.`,
    );
  });
});
