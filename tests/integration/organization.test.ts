import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_UPLOAD_PATH } from '../../protocol/resources/certificates';
import { fileStore } from '../../server/files/index';
import { KEY_FILE } from '../../server/secrets/box';
import { buildTestApp, type TestApp } from '../support/app';
import { restCall, type RestCall } from '../support/rest-client';
import { demoProject } from '../support/devices';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused } from '../support/projects';

// /app/organization (docs/decisions.md, "Organization and security"): the company's data, the
// companies it shares projects with, and its certificates, uploaded as multipart forms, kept
// sealed and never sent back.

const FIXTURES = path.join(__dirname, '../fixtures/certificates');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let admin: string;
let usuario: string;
let otherAdmin: string;
let otherCompany: number;
let strangerCompany: number;
let demo: number;

/** A multipart body of fields and one file, as the console's form sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----flota-test-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = parts.map((part) => Buffer.from(part));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
  language?: string,
) {
  const { payload, contentType } = multipart(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: CERTIFICATE_UPLOAD_PATH,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      ...(language && { 'accept-language': language }),
    },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

const keystore = {
  name: 'Android release',
  type: 'keystore',
  certname: 'release',
  keystorepwd: 'storepass1',
};
const jks = { name: 'upload.jks', bytes: fixture('upload.jks') };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
  demo = await demoCompany(db);
  // Another company whose user has a share of the demo project, and one that shares nothing.
  ({ id: otherCompany } = await db
    .insertInto('core.companies')
    .values({ name: 'Transportes Sur', tier: 'FLOTA_PRO' })
    .returning('id')
    .executeTakeFirstOrThrow());
  ({ id: strangerCompany } = await db
    .insertInto('core.companies')
    .values({ name: 'Ajena', tier: 'FLOTA_PRO' })
    .returning('id')
    .executeTakeFirstOrThrow());
  const partner = await createUser(db, otherCompany, 'sur-admin', true);
  await createUser(db, strangerCompany, 'ajena-admin', true);
  otherAdmin = await t.tokenFor('sur-admin');
  const { numero } = await demoProject(db);
  await db
    .insertInto('core.project_shares')
    .values({ numero, user_id: partner, permissions: '{}', env_permissions: '{}', access: '[]' })
    .execute();
});
afterAll(async () => {
  await t?.close();
});

describe('the company data', () => {
  it('is read by its users and changed by its administrators only, validated by its labels', async () => {
    const before = await ok(t, 'companyData', {}, usuario);
    expect(before).toMatchObject({ name: 'Demo', web: '', address: '', phone: '' });
    const saved = {
      Name: 'Demo S.L.',
      Web: 'https://demo.example.com',
      Address: 'Calle Mayor 1',
      Phone: '+34 900 000 000',
    };
    await ok(t, 'modifyCompanyData', saved, admin);
    expect(await ok(t, 'companyData', {}, admin)).toMatchObject({
      name: 'Demo S.L.',
      web: 'https://demo.example.com',
      address: 'Calle Mayor 1',
      phone: '+34 900 000 000',
    });
    const forbidden = await t.call('modifyCompanyData', { Name: 'Mía' }, usuario);
    expect(forbidden.status).toBe(403);
    expect(await refused(t, 'modifyCompanyData', { Web: 'not a web' }, admin)).toMatch(/Web/);
    expect(await refused(t, 'modifyCompanyData', { Phone: 'call me' }, admin)).toMatch(/Teléfono/);
    // Another company's administrator changes their own company, never this one.
    await ok(t, 'modifyCompanyData', { id: demo, Name: 'Sur' }, otherAdmin);
    expect((await ok(t, 'companyData', {}, admin)).name).toBe('Demo S.L.');
    const log = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'organization_modified')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(log.detail).toMatchObject({ changed: ['name', 'web', 'address', 'phone'] });
  });

  it('lists the companies it shares projects with, either way, paged and searched', async () => {
    const shared = await ok(t, 'sharedCompanies', {}, admin);
    expect(shared.data).toEqual([
      expect.objectContaining({ id: otherCompany, name: 'Sur', shared_out: 1, shared_in: 0 }),
    ]);
    expect(shared.total).toBe(1);
    const theirs = await ok(t, 'sharedCompanies', {}, otherAdmin);
    expect(theirs.data).toEqual([expect.objectContaining({ shared_out: 0, shared_in: 1 })]);
    expect((await ok(t, 'sharedCompanies', { filter: { q: 'zzz' } }, admin)).total).toBe(0);
  });
});

describe('certificates', () => {
  let keystoreId: number;

  it('uploads an Android keystore, reads its expiry, and keeps the file and passwords sealed', async () => {
    const { status, body } = await upload(admin, keystore, jks);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      name: 'Android release',
      type: 'keystore',
      plat: 1,
      certname: 'release',
    });
    expect(new Date(body.result.expires_at).getFullYear()).toBeGreaterThan(2030);
    keystoreId = body.result.id;
    const row = await t.database.db
      .selectFrom('core.certificates')
      .selectAll()
      .where('id', '=', keystoreId)
      .executeTakeFirstOrThrow();
    expect(row.sealed).toMatch(/^v1\./);
    expect(row.sealed).not.toContain('storepass1');
    const stored = await fileStore(t.config, t.database.db).get(row.file_key);
    const bytes = await stored!.stream.toArray().then((chunks) => Buffer.concat(chunks));
    expect(bytes.length).toBeGreaterThan(jks.bytes.length);
    expect(bytes.includes(jks.bytes.subarray(0, 64))).toBe(false);
    // The key was made at the start, readable by its owner only.
    const keyFile = path.join(t.config.DATA_DIR, KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
  });

  it('uploads an Apple p12 with its team id', async () => {
    const { body } = await upload(
      admin,
      { name: 'Apple distribución', type: 'p12', teamid: 'ABCDE12345', certpwd: 'p12pass' },
      { name: 'apple.p12', bytes: fixture('apple.p12') },
    );
    expect(body.result).toMatchObject({ type: 'p12', plat: 2, teamid: 'ABCDE12345' });
  });

  it('refuses the wrong file type, a wrong password, a missing alias and a taken name', async () => {
    const text = { name: 'notes.jks', bytes: Buffer.from('not a keystore at all, just some text') };
    expect((await upload(admin, { ...keystore, name: 'x' }, text)).body.error.description).toBe(
      'El fichero no es un almacén de claves Android (.jks o .keystore).',
    );
    const asP12 = await upload(
      admin,
      { name: 'y', type: 'p12', teamid: 'T1', certpwd: 'x' },
      { name: 'a.p12', bytes: jks.bytes },
    );
    expect(asP12.body.error.description).toBe('El fichero no es un certificado Apple .p12.');
    const extension = await upload(
      admin,
      { ...keystore, name: 'z' },
      { name: 'upload.txt', bytes: jks.bytes },
    );
    expect(extension.body.error.description).toMatch(/\.jks, \.keystore/);
    // In the caller's language.
    await setLanguage(t.database.db, 'admin', 'en');
    const wrong = await upload(admin, { ...keystore, name: 'w', keystorepwd: 'nope' }, jks, 'en');
    await setLanguage(t.database.db, 'admin', 'es');
    expect(wrong.body.error.description).toBe('The keystore password is not correct.');
    const alias = await upload(admin, { ...keystore, name: 'v', certname: 'debug' }, jks);
    expect(alias.body.error.description).toBe('El almacén no contiene el alias «debug».');
    const taken = await upload(admin, keystore, jks);
    expect(taken.body.error.description).toBe('Ya hay un certificado llamado «Android release».');
    const noFile = await upload(admin, keystore);
    expect(noFile.status).toBe(400);
    const noName = await upload(admin, { ...keystore, name: '' }, jks);
    expect(noName.body.error.description).toMatch(/Nombre/);
    const count = await t.database.db
      .selectFrom('core.certificates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('refuses a user who is not an administrator, and a request without a token', async () => {
    expect((await upload(usuario, { ...keystore, name: 'u' }, jks)).status).toBe(403);
    const response = await t.app.inject({ method: 'POST', url: CERTIFICATE_UPLOAD_PATH });
    expect(response.statusCode).toBe(401);
  });

  it('lists metadata only, never a password or the file', async () => {
    const list = await ok(t, 'certificates', {}, usuario);
    expect(list.total).toBe(2);
    const text = JSON.stringify(list);
    for (const secret of ['storepass1', 'p12pass', 'sealed', 'file_key'])
      expect(text).not.toContain(secret);
    expect(list.data[0]).toMatchObject({
      name: 'Android release',
      owner: 'Demo S.L.',
      mine: true,
      shared: [],
    });
    const searched = await ok(t, 'certificates', { filter: { q: 'apple' } }, usuario);
    expect(searched.data.map((c: { name: string }) => c.name)).toEqual(['Apple distribución']);
  });

  it('shares only with companies sharing projects, and the other company then sees it', async () => {
    expect(
      await refused(t, 'shareCertificate', { id: keystoreId, shared: [strangerCompany] }, admin),
    ).toBe('Solo puede compartir con empresas con las que comparte proyectos.');
    await ok(t, 'shareCertificate', { id: keystoreId, shared: [otherCompany] }, admin);
    const theirs = await ok(t, 'certificates', {}, otherAdmin);
    expect(theirs.data).toEqual([
      expect.objectContaining({ id: keystoreId, mine: false, owner: 'Demo S.L.' }),
    ]);
    // Shared is not owned: the other company cannot share or delete it (the engine's writes
    // reach the company's own rows only: it is missing to them).
    expect(await refused(t, 'deleteCertificate', { id: keystoreId }, otherAdmin)).toBe(
      `Certificado ${keystoreId} no existe.`,
    );
    expect(
      await refused(t, 'shareCertificate', { id: keystoreId, shared: [] }, otherAdmin),
    ).toMatch(/no existe/);
    expect((await t.call('shareCertificate', { id: keystoreId, shared: [] }, usuario)).status).toBe(
      403,
    );
  });

  it('deletes a certificate with its sealed file; others cannot', async () => {
    const row = await t.database.db
      .selectFrom('core.certificates')
      .select('file_key')
      .where('id', '=', keystoreId)
      .executeTakeFirstOrThrow();
    expect((await t.call('deleteCertificate', { id: keystoreId }, usuario)).status).toBe(403);
    await ok(t, 'deleteCertificate', { id: keystoreId }, admin);
    expect(await fileStore(t.config, t.database.db).stat(row.file_key)).toBeNull();
    expect((await ok(t, 'certificates', {}, otherAdmin)).total).toBe(0);
    expect(await refused(t, 'deleteCertificate', { id: keystoreId }, admin)).toMatch(/no existe/);
  });
});

/** A call of the REST API (docs/rest.md) with a token. */
const rest = (...call: RestCall) => restCall(t, ...call);

describe('certificates on the engine (docs/resources.md, "Mapped tables")', () => {
  it('serves /api/rest/certificates: list, show, shares and delete, with revisions', async () => {
    const { body } = await upload(admin, { ...keystore, name: 'Por REST' }, jks);
    const id = body.result.id as number;
    expect(body.result).toMatchObject({ name: 'Por REST', version: 1 });
    const url = `/api/rest/certificates/${id}`;
    const shown = await rest('GET', url, usuario);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      id,
      name: 'Por REST',
      certname: 'release',
      owner: 'Demo S.L.',
      mine: true,
      version: 1,
    });
    for (const secret of ['storepass1', 'sealed', 'file_key'])
      expect(shown.body).not.toContain(secret);
    const listed = await rest('GET', '/api/rest/certificates?filter={"q":"por rest"}', usuario);
    expect(listed.json()).toEqual([expect.objectContaining({ id, name: 'Por REST' })]);
    // The engine's edit replaces the shares (with the version it read) and sets custom fields.
    const shared = await rest('PUT', url, admin, { shared: [otherCompany], version: 1 });
    expect(shared.statusCode, shared.body).toBe(200);
    const stale = await rest('PUT', url, admin, { shared: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(
      await refused(t, 'certificatesEdit', { id, shared: [strangerCompany], version: 2 }, admin),
    ).toBe('Solo puede compartir con empresas con las que comparte proyectos.');
    const theirs = await rest('GET', url, otherAdmin);
    expect(theirs.json()).toMatchObject({
      id,
      mine: false,
      version: 2,
      shared: [otherCompany],
      shared_names: expect.stringContaining('Sur'),
    });
    // Shared is not owned: the other company reads it but does not change it.
    expect((await rest('PUT', url, otherAdmin, { shared: [], version: 2 })).statusCode).toBe(404);
    const field = await rest('POST', '/api/rest/custom-fields', admin, {
      resource: 'certificates',
      name: 'custodian',
      type: 'text',
      label: { es: 'Custodio', en: 'Custodian' },
    });
    expect(field.statusCode, field.body).toBeLessThan(300);
    const custom = await rest('PUT', url, admin, { custodian: 'ana', version: 2 });
    expect(custom.statusCode, custom.body).toBe(200);
    expect((await rest('GET', url, usuario)).json()).toMatchObject({
      custodian: 'ana',
      version: 3,
    });
    // The specification's call answers as before, sends no version and keeps a revision too.
    expect(await ok(t, 'shareCertificate', { id, shared: [] }, admin)).toEqual({ id, shared: [] });
    expect((await rest('GET', url, admin)).json()).toMatchObject({ shared: [], version: 4 });
    // A change of the shares is reverted from the history, as any edit: the newest put back.
    const edits = await ok(
      t,
      'revisions',
      { filter: { resource: 'certificates', record: String(id), action: 'edit' } },
      admin,
    );
    expect(edits.data[0]).toMatchObject({
      before: { shared: [otherCompany], version: 3 },
      after: { shared: [], version: 4 },
    });
    await ok(t, 'revisionsRevert', { id: edits.data[0].id }, admin);
    expect((await rest('GET', url, admin)).json()).toMatchObject({
      shared: [otherCompany],
      version: 5,
    });
    // Shared is not owned: the other company reads it but does not delete it.
    expect((await rest('DELETE', url, otherAdmin)).statusCode).toBe(404);
    expect((await rest('GET', url, await t.tokenFor('ajena-admin'))).statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('core.certificates')
      .select('file_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const gone = await rest('DELETE', url, admin);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await rest('GET', url, admin)).statusCode).toBe(404);
    expect(await fileStore(t.config, t.database.db).stat(row.file_key)).toBeNull();
    const history = await ok(
      t,
      'revisions',
      { filter: { resource: 'certificates', record: String(id) } },
      admin,
    );
    expect(history.data.map((r: { action: string }) => r.action)).toEqual([
      'delete',
      'edit',
      'edit',
      'edit',
      'edit',
      'create',
    ]);
    expect(JSON.stringify(history)).not.toContain('storepass1');
    const log = await t.database.db
      .selectFrom('core.actions_log')
      .select('action')
      .where(sql<boolean>`detail->>'id' = ${String(id)}`)
      .orderBy('id')
      .execute();
    expect(log.map((entry) => entry.action)).toEqual([
      'certificate_uploaded',
      'certificate_modified',
      'certificate_modified',
      'certificate_shared',
      'certificate_modified',
      'certificate_deleted',
    ]);
  });

  it('lists the rows stored before the engine came, sorted and searched in SQL', async () => {
    await t.database.db
      .insertInto('core.certificates')
      .values(
        ['Zeta antiguo', 'Alfa antiguo'].map((name) => ({
          company_id: demo,
          name,
          plat: 2,
          type: 'p12',
          file_name: 'old.p12',
          file_key: `certificates/${demo}/${name}`,
          sealed: 'v1.x',
          teamid: 'OLD1',
          certname: '',
        })),
      )
      .execute();
    const page = await ok(
      t,
      'certificatesList',
      {
        datatable: { start: 0, length: 1, orderBy: 'name', orderDir: 'asc' },
        filter: { q: 'antiguo' },
      },
      usuario,
    );
    expect(page.total).toBe(2);
    expect(page.data).toEqual([
      expect.objectContaining({ name: 'Alfa antiguo', version: 1, teamid: 'OLD1', mine: true }),
    ]);
    // The specification's name answers the same rows.
    const alias = await ok(t, 'certificates', { filter: { q: 'zeta' } }, usuario);
    expect(alias.data.map((c: { name: string }) => c.name)).toEqual(['Zeta antiguo']);
    // The other company does not see them (nothing is shared).
    expect((await ok(t, 'certificates', { filter: { q: 'antiguo' } }, otherAdmin)).total).toBe(0);
  });
});
