import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { mdmFleet } from '../support/mdm-fleet';

// The iOS and Windows settings (issue 36, docs/mdm.md "iOS and Windows settings"): the APNs
// certificate read with the X.509 parser (subject, topic, expiry), refused when it is not one,
// and the Windows enrolment's settings on the Windows organization.

let t: TestApp;
let admin: string;
let fleet: ReturnType<typeof mdmFleet>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-apns-'));

const TOPIC = 'com.apple.mgmt.External.1b2c3d4e-aaaa-bbbb-cccc-111122223333';

/** A self-signed certificate made by openssl, in base64 as the console sends a file. */
function certificate(subject: string, days: number, form: 'PEM' | 'DER' = 'PEM') {
  const name = `${Math.random().toString(36).slice(2)}`;
  const [key, pem] = [path.join(dir, `${name}.key`), path.join(dir, `${name}.pem`)];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key].concat([
      '-out',
      pem,
      '-days',
      String(days),
      '-subj',
      subject,
    ]),
    { stdio: 'ignore' },
  );
  if (form === 'PEM') return fs.readFileSync(pem).toString('base64');
  return execFileSync('openssl', ['x509', '-in', pem, '-outform', 'DER']).toString('base64');
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  fleet = mdmFleet(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload = (file: string, language = 'es') =>
  fleet.call('mdmApnsUpload', { file }, admin, language);

describe('APNs certificate', () => {
  it('is read for its subject, topic and expiry, and binds the iOS organization', async () => {
    const answer = await upload(certificate(`/UID=${TOPIC}/CN=APSP:1b2c3d4e/C=US`, 365, 'DER'));
    expect(answer.error.description).toBe('');
    expect(answer.result).toMatchObject({
      platform: 'ios',
      state: 'bound',
      apnsTopic: TOPIC,
      apnsSubject: `UID=${TOPIC}, CN=APSP:1b2c3d4e, C=US`,
    });
    expect(answer.result.apnsCertificate).toContain('-----BEGIN CERTIFICATE-----');
    const days = (Date.parse(answer.result.apnsExpiry) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    // An enrolment profile carries the topic.
    const ios = await fleet.token(admin, 'ios');
    await fleet.enrol(ios.token, 'APNS-I1');
  });

  it('is renewed with the same topic; another topic is refused while iOS devices are enrolled', async () => {
    const renewed = await upload(certificate(`/UID=${TOPIC}/CN=APSP:1b2c3d4e/C=US`, 20));
    expect(renewed.error.description).toBe('');
    expect(Math.round((Date.parse(renewed.result.apnsExpiry) - Date.now()) / 86_400_000)).toBe(20);
    const other = await upload(certificate('/UID=com.apple.mgmt.External.other/CN=x', 365), 'en');
    expect(other.error.description).toMatch(
      /^The certificate has another topic \(com\.apple\.mgmt\.External\.other, not com\.apple/,
    );
  });

  it('refuses what is not an Apple MDM push certificate, saying why, in es and en', async () => {
    const text = Buffer.from('no soy un certificado').toString('base64');
    expect((await upload(text)).error.description).toBe(
      'El archivo no es un certificado X.509: suba el certificado push de Apple en PEM (.pem) o DER (.cer).',
    );
    const plain = await upload(certificate('/CN=www.empresa.com/O=Empresa', 365), 'en');
    expect(plain.error.description).toBe(
      'The certificate is not an Apple MDM push certificate: its subject (CN=www.empresa.com, O=Empresa) has no com.apple.mgmt.… topic.',
    );
    const p12 = path.join(dir, 'bundle.p12');
    const pem = path.join(dir, 'p12.pem');
    fs.writeFileSync(pem, Buffer.from(certificate(`/UID=${TOPIC}`, 365), 'base64'));
    execFileSync(
      'openssl',
      ['pkcs12', '-export', '-nokeys', '-in', pem, '-out', p12].concat(['-passout', 'pass:x']),
    );
    const bundle = await upload(fs.readFileSync(p12).toString('base64'));
    expect(bundle.error.description).toMatch(/^El archivo es un PKCS#12 \(\.p12\)/);
    const usuario = await t.tokenFor('usuario');
    const byUser = await fleet.call('mdmApnsUpload', { file: text }, usuario);
    expect(byUser.error.code).not.toBe('0');
  });
});

describe('Windows enrolment settings', () => {
  it('assign a Windows policy and allow or stop enrolment', async () => {
    const android = await fleet.created(
      'mdmPoliciesCreate',
      { name: 'Android', platform: 'android' },
      admin,
    );
    const windows = await fleet.created(
      'mdmPoliciesCreate',
      { name: 'Equipos', platform: 'windows' },
      admin,
    );
    const values = {
      platform: 'windows',
      upnDomain: 'empresa.com',
      discoveryUrl: 'https://enterpriseenrollment.empresa.com/EnrollmentServer/Discovery.svc',
      enrolmentAllowed: false,
    };
    const refused = await fleet.call(
      'mdmOrganizationsCreate',
      { ...values, windowsPolicy: android.id },
      admin,
    );
    expect(refused.error.description).toBe(
      'La política «Android» es de Android: la organización Windows asigna una política de Windows.',
    );
    const made = await fleet.created(
      'mdmOrganizationsCreate',
      { ...values, windowsPolicy: windows.id },
      admin,
    );
    expect(made).toMatchObject({
      state: 'bound',
      windowsPolicy: windows.id,
      enrolmentAllowed: false,
    });
    // Enrolment stopped: a Windows device is refused, until it is allowed again.
    const token = await fleet.created(
      'mdmEnrolmentTokensCreate',
      { name: 'Equipos', policy: windows.id, project: fleet.demo.project },
      admin,
    );
    const enrol = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/device/v1/mdm/enrol',
        headers: { 'accept-language': 'en' },
        payload: { token: token.token, mid: 'WIN-0001', model: 'Surface', owner: 'Ana' },
      });
    const closed = await enrol();
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.description).toMatch(/^The company does not take Windows/);
    await fleet.created(
      'mdmOrganizationsEdit',
      { id: made.id, version: made.version, enrolmentAllowed: true },
      admin,
    );
    expect((await enrol()).json().result.state).toBe('active');
    // An Android organization takes no Windows setting, and its default yes/no is not one.
    const androidOrganization = await fleet.call(
      'mdmOrganizationsCreate',
      { platform: 'android', enrolmentAllowed: true },
      admin,
    );
    expect(androidOrganization.error.description).toBe('');
  });
});
