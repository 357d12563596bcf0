import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { projectDb } from '../../server/db/project-schema';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';

// A device's life through the protocol and the console: enrolled and checking in, disabled and
// enabled, deleted while connected.

let t: TestApp;
let demo: DemoEnrolmentFile;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
});
afterAll(() => t.close());

const prj = () => projectDb(t.database.db, projectSchemaName(demo.project));

/** Enrols a device; enrolling a known MID again takes its current credential. */
async function enrol(
  mid: string,
  current?: string,
): Promise<{ credential: string; deviceId: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    headers: current ? { authorization: deviceAuthorization(mid, current) } : {},
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

function checkin(mid: string, credential: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/checkin',
    headers: { authorization: deviceAuthorization(mid, credential) },
    payload: { battery: { level: 80, charging: false } },
  });
}

async function ok(operation: string, parameter: Record<string, unknown>) {
  const { body } = await t.call(operation, { database: demo.project, ...parameter }, admin);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result;
}

/** The device's row in the device list, under a status filter (000 §2). */
async function listed(mid: string, status: number | 'all') {
  const page = await ok('devicesWithPages', {
    status,
    rowfilter: { MID: mid },
    rowfilteroper: { MID: 5 },
    datatable: { start: 0, length: 10 },
  });
  return page.data.find((row: { MID: string }) => row.MID === mid);
}

describe('an enrolled device', () => {
  it('is provisioned (STATUS 2), so disabling turns it red and enabling back green', async () => {
    const { credential } = await enrol('life-enrolled-1');
    expect(
      (
        await prj()
          .selectFrom('devices')
          .select('STATUS')
          .where('MID', '=', 'life-enrolled-1')
          .executeTakeFirstOrThrow()
      ).STATUS,
    ).toBe(2);
    expect((await checkin('life-enrolled-1', credential)).statusCode).toBe(200);

    expect(
      await ok('setPendingDevices', { lstMID: ['life-enrolled-1'], status: 'disabled' }),
    ).toEqual({ updated: 1, PENDIENTE: 1 });
    expect(await listed('life-enrolled-1', 2)).toMatchObject({
      STATUS: 2,
      PENDIENTE: 1,
      Estado: 2,
    });
    expect(await listed('life-enrolled-1', 4)).toBeUndefined();
    // A disabled device keeps checking in and is told so.
    expect((await checkin('life-enrolled-1', credential)).json().result.enabled).toBe(false);

    await ok('setPendingDevices', { lstMID: ['life-enrolled-1'], status: 'enabled' });
    expect(await listed('life-enrolled-1', 2)).toBeUndefined();
    // Checked in today: synced, green.
    expect(await listed('life-enrolled-1', 'all')).toMatchObject({ PENDIENTE: 0, Estado: 0 });
    expect(await listed('life-enrolled-1', 0)).toBeDefined();
  });

  it('becomes provisioned when a device created in the console enrols with its MID', async () => {
    await prj()
      .insertInto('devices')
      .values({ MID: 'life-console-1', OWNER: 'Consola', STATUS: 0 } as never)
      .execute();
    await enrol('life-console-1');
    const row = await prj()
      .selectFrom('devices')
      .select(['STATUS', 'OWNER'])
      .where('MID', '=', 'life-console-1')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ STATUS: 2, OWNER: 'Consola' });
  });

  it('keeps a status other than "not provisioned" when it enrols again', async () => {
    const { credential } = await enrol('life-generating-1');
    await prj()
      .updateTable('devices')
      .set({ STATUS: 1 })
      .where('MID', '=', 'life-generating-1')
      .execute();
    await enrol('life-generating-1', credential);
    const row = await prj()
      .selectFrom('devices')
      .select('STATUS')
      .where('MID', '=', 'life-generating-1')
      .executeTakeFirstOrThrow();
    expect(row.STATUS).toBe(1);
  });
});

describe('deleting a connected device', () => {
  let base: string;
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws') + '/api/device/v1/socket';
  });

  function open(mid: string, credential: string) {
    const socket = new WebSocket(base, {
      headers: { authorization: deviceAuthorization(mid, credential) },
    });
    const welcome = new Promise<any>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(data.toString()))),
    );
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    return { socket, welcome, closed };
  }

  /** The HTTP status a socket upgrade with this credential gets (101 when accepted). */
  function upgrade(mid: string, credential: string) {
    return new Promise<number>((resolve) => {
      const socket = new WebSocket(base, {
        headers: { authorization: deviceAuthorization(mid, credential) },
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => {
        resolve(101);
        socket.close();
      });
    });
  }

  it('closes its socket with 4003 "deleted" and refuses its credential from then on', async () => {
    const { credential, deviceId } = await enrol('life-deleted-1');
    const kept = await enrol('life-kept-1');
    const deleted = open('life-deleted-1', credential);
    const other = open('life-kept-1', kept.credential);
    expect(await deleted.welcome).toMatchObject({ type: 'welcome', mid: 'life-deleted-1' });
    await other.welcome;

    expect(await ok('deviceDelete', { ID: deviceId })).toEqual({
      deleted: 1,
      MID: ['life-deleted-1'],
    });
    expect(await deleted.closed).toEqual({ code: 4003, reason: 'deleted' });
    expect((await checkin('life-deleted-1', credential)).statusCode).toBe(401);
    expect(await upgrade('life-deleted-1', credential)).toBe(401);

    // The other device's socket stays open and its check-ins go on.
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    expect((await checkin('life-kept-1', kept.credential)).statusCode).toBe(200);
    other.socket.close();
    await other.closed;
  });

  it('keeps a disabled device connected', async () => {
    const { credential } = await enrol('life-disabled-1');
    const { socket, welcome, closed } = open('life-disabled-1', credential);
    await welcome;
    await ok('setPendingDevices', { lstMID: ['life-disabled-1'], status: 'disabled' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    await closed;
  });
});
