import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SocketClose, deviceAuthorization } from '../../protocol/device-protocol';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';

// 000 §6: a disabled company's devices are not served (docs/device-protocol.md, "Disabled
// companies"): enrolment, check-in, replica, help-desk uploads and the WebSocket answer 403.

let t: TestApp;
let demo: DemoEnrolmentFile;
let authorization: string;

const INACTIVE_ES =
  'La empresa del dispositivo está desactivada: el servidor no lo atiende hasta que se active de nuevo.';

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  const enrolled = await enrol('inactive-1');
  expect(enrolled.statusCode).toBe(200);
  authorization = deviceAuthorization('inactive-1', enrolled.json().result.credential);
});
afterAll(() => t?.close());

function enrol(mid: string, language = 'es') {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    headers: { 'accept-language': language },
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
  });
}

function post(url: string, payload: unknown = {}, language = 'es') {
  return t.app.inject({
    method: 'POST',
    url: `/api/device/v1/${url}`,
    headers: { authorization, 'accept-language': language },
    payload: payload as Record<string, unknown>,
  });
}

async function setDemoActive(active: boolean) {
  await t.database.db
    .updateTable('core.companies')
    .set({ active })
    .where('name', '=', 'Demo')
    .execute();
}

/** Retries a call until its status is the one expected (the state is cached a few seconds). */
async function statusBecomes(call: () => ReturnType<typeof post>, status: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await call();
    if (response.statusCode === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const expectRefused = (response: Awaited<ReturnType<typeof post>>, text = INACTIVE_ES) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: { code: '403', description: text }, result: null });
};

describe('devices of a disabled company', () => {
  it('are refused at enrolment, check-in, replica, upload and socket, then served again', async () => {
    expect((await post('checkin')).statusCode).toBe(200);
    await setDemoActive(false);
    try {
      // Check-ins read the company's state at most every few seconds on each node.
      expectRefused(await statusBecomes(() => post('checkin'), 403));
      expectRefused(await enrol('inactive-2'));
      expectRefused(
        await enrol('inactive-2', 'en'),
        "The device's company is disabled: the server does not serve it until the company is enabled again.",
      );
      expectRefused(await post('replica', { ack: 0, operations: [] }));
      expectRefused(await post('files', {}));
      // The enrolment token was not used up by the refused enrolment.
      const tokens = await t.database.db
        .selectFrom('core.device_directory')
        .select('mid')
        .where('mid', '=', 'inactive-2')
        .execute();
      expect(tokens).toEqual([]);

      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = address.replace(/^http/, 'ws') + '/api/device/v1/socket';
      const upgrade = await new Promise<number>((resolve) => {
        const socket = new WebSocket(socketUrl, { headers: { authorization } });
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode!));
        socket.on('open', () => resolve(101));
      });
      expect(upgrade).toBe(403);
      const [message, closed] = await new Promise<[any, number]>((resolve) => {
        const socket = new WebSocket(socketUrl);
        let first: any;
        socket.on('open', () => {
          const [mid, credential] = authorization.replace(/^Device /, '').split(':');
          socket.send(JSON.stringify({ type: 'hello', mid, credential }));
        });
        socket.on('message', (data) => (first ??= JSON.parse(data.toString())));
        socket.on('close', (code) => resolve([first, code]));
      });
      expect(message).toEqual({ type: 'error', code: '403', description: INACTIVE_ES });
      expect(closed).toBe(SocketClose.companyInactive);
    } finally {
      await setDemoActive(true);
    }
    expect((await statusBecomes(() => post('checkin'), 200)).statusCode).toBe(200);
    expect((await enrol('inactive-2')).statusCode).toBe(200);
  });
});
