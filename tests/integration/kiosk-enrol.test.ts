import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';

// Enrolment of a premium kiosk device by scanning its profile's QR (docs/kiosk.md "Enrolling a
// premium kiosk device"): the QR's enrolUrl, the device API answer, the kiosk device bound to
// the profile, and the refusals (altered link, disabled profile, a MID already enrolled).

let t: TestApp;
let demo: DemoEnrolmentFile;
beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
});
afterAll(async () => t?.close());

type Answer = { error: { code: string; description: string }; result: any };

async function actions(oper: string, parameter: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kioskpremium/Actions',
    headers: { authorization: `Bearer ${await t.tokenFor('admin')}`, 'accept-language': 'es' },
    payload: { operation: 'kiosk', parameter: { oper, ...parameter } },
  });
  return response.json() as Answer;
}

/** The enrolUrl of a profile's QR for the demo project, as the device reads it from the code. */
async function enrolUrl(profile: number): Promise<string> {
  const qr = await actions('getConfigQR', { profile, kiosk: { database: demo.project } });
  expect(qr.error.code).toBe('0');
  const extras = JSON.parse(qr.result.QRtext)['android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE'];
  expect(extras.profile).toBe(String(profile));
  return extras.enrolUrl as string;
}

async function enrol(url: string, mid: string, headers: Record<string, string> = {}) {
  const address = new URL(url);
  const response = await t.app.inject({
    method: 'POST',
    url: `${address.pathname}${address.search}`,
    headers: { 'accept-language': 'en', ...headers },
    payload: { mid, model: 'Lenovo M10', owner: 'Recepción', info: { imei: '356938035643809' } },
  });
  return { status: response.statusCode, body: response.json() as Answer };
}

async function profile(name: string): Promise<number> {
  const added = await actions('AddProfile', { profile: { Name: name, Pwd: '1234' } });
  expect(added.error.code).toBe('0');
  return Number(added.result.Id);
}

async function kioskDevice(mid: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/kioskpremium/Actionstable',
    headers: { authorization: `Bearer ${await t.tokenFor('admin')}` },
    payload: { oper: 'ListDevices', filter: { q: mid }, datatable: { start: 0, length: 10 } },
  });
  return (response.json() as Answer).result.data.find((row: any) => row.Guid === mid);
}

/** The device's commands, oldest first. */
async function commandsOf(mid: string) {
  const table = sql.id(projectSchemaName(demo.project), 'device_commands');
  const { rows } = await sql<{ CMD: string; PARAMS: any; STATE: string }>`
    SELECT "CMD", "PARAMS", "STATE" FROM ${table} WHERE "MID" = ${mid} ORDER BY "ID"`.execute(
    t.database.db,
  );
  return rows;
}

/** A device socket with its credential; resolves once welcomed, with its close code to come. */
let listening: string | null = null;
async function connect(mid: string, credential: string) {
  listening ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = listening.replace(/^http/, 'ws');
  const socket = new WebSocket(`${base}/api/device/v1/socket`, {
    headers: { authorization: deviceAuthorization(mid, credential) },
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const messages: any[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      messages.push(message);
      if (message.type === 'welcome') resolve();
    });
    socket.on('error', reject);
  });
  return { socket, closed, messages };
}

describe('enrolment by the premium profile QR', () => {
  let first: number;
  let second: number;
  let credential: string;

  beforeAll(async () => {
    expect((await actions('EnableKiosk')).error.code).toBe('0');
    first = await profile('Recepción');
    second = await profile('Almacén');
  });

  it('the QR names the signed enrolUrl only for a project the caller reaches', async () => {
    const url = await enrolUrl(first);
    expect(url).toContain(`/api/device/v1/kiosk/enrol/`);
    expect(url).toMatch(/expires=\d+&signature=/);
    const without = await actions('getConfigQR', { profile: first });
    const extras = JSON.parse(without.result.QRtext)[
      'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE'
    ];
    expect(extras.enrolUrl).toBeUndefined();
    const refused = await actions('getConfigQR', { profile: first, kiosk: { database: 999999 } });
    expect(refused.error.code).not.toBe('0');
  });

  it('a device scanning it enrols in the project and is a kiosk device of the profile', async () => {
    const { status, body } = await enrol(await enrolUrl(first), 'kiosk-qr-1');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ mid: 'kiosk-qr-1', project: demo.project, profile: first });
    expect(body.result.credential).toBeTruthy();
    expect(body.result.configUrl).toContain('/api/kiosk/device-config/');
    credential = body.result.credential;
    // 002 §4: into a profile from none sends `policy`, queued for the device's first connection.
    expect(await commandsOf('kiosk-qr-1')).toEqual([
      expect.objectContaining({ CMD: 'policy', PARAMS: { policy: { profile: first } } }),
    ]);
    expect(await kioskDevice('kiosk-qr-1')).toMatchObject({
      Guid: 'kiosk-qr-1',
      Database: demo.project,
      Idprofile: first,
      Imei1: '356938035643809',
    });
  });

  it('enrolling again needs the current credential; then the device moves to the new profile', async () => {
    const url = await enrolUrl(second);
    const again = await enrol(url, 'kiosk-qr-1');
    expect(again.status).toBe(401);
    expect(again.body.error.description).toContain('already enrolled');
    const earlier = await connect('kiosk-qr-1', credential);
    const proved = await enrol(url, 'kiosk-qr-1', {
      authorization: `Device kiosk-qr-1:${credential}`,
    });
    expect(proved.status).toBe(200);
    // The socket of the earlier enrolment is closed (replaced, 4000s), not left open.
    expect(await earlier.closed).toBeGreaterThanOrEqual(4000);
    expect((await kioskDevice('kiosk-qr-1')).Idprofile).toBe(second);
    // From another profile: change-policy naming the old one, queued although it was online
    // (pending, or already sent to the earlier socket before it closed: left unanswered there,
    // it goes again to the new one, below).
    expect((await commandsOf('kiosk-qr-1')).at(-1)).toMatchObject({
      CMD: 'change-policy',
      STATE: expect.stringMatching(/^(pending|sent)$/),
      PARAMS: { policy: { profile: second, oldprofile: first } },
    });
    // The new credential's socket receives it (after the policy left unanswered by the earlier).
    const now = await connect('kiosk-qr-1', proved.body.result.credential);
    await expect
      .poll(() => now.messages.some((m) => m.cmd === 'change-policy'), { timeout: 10_000 })
      .toBe(true);
    now.socket.close();
  });

  it('refuses an altered link and a disabled profile, in the device language', async () => {
    const url = await enrolUrl(first);
    // Changes the signature's first character to another one (it may already be an X).
    const altered = await enrol(
      url.replace(/signature=(.)/, (_, c: string) => `signature=${c === 'X' ? 'Y' : 'X'}`),
      'kiosk-qr-2',
    );
    expect(altered.status).toBe(403);
    expect(altered.body.error.description).toContain('scan the profile QR code again');
    const other = await enrol(url.replace(`/${first}/`, `/${second}/`), 'kiosk-qr-2');
    expect(other.status).toBe(403);
    expect(
      (await actions('GestionarProfile', { filter: { Id: first, disabled: 1 } })).error.code,
    ).toBe('0');
    const disabled = await enrol(url, 'kiosk-qr-2');
    expect(disabled.status).toBe(410);
    expect(disabled.body.error.description).toContain('no longer exists or is disabled');
    expect(await kioskDevice('kiosk-qr-2')).toBeUndefined();
  });
});
