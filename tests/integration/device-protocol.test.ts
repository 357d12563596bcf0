import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { migrateProjectSchema, projectSchemaName } from '../../server/db/projects';
import { projectDb } from '../../server/db/project-schema';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { revokeDeviceCredential } from '../../server/device/directory';
import { createEnrolmentToken } from '../../server/device/tokens';
import { Fleet } from '../../simulator/fleet';
import { buildTestApp, type TestApp } from '../support/app';

let t: TestApp;
let demo: DemoEnrolmentFile;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  adminToken = await t.tokenFor('admin');
});
afterAll(() => t.close());

const prj = () => projectDb(t.database.db, projectSchemaName(demo.project));

function enrol(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/device/v1/enrol', payload: body });
}

function checkin(authorization: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/device/v1/checkin',
    headers: authorization ? { authorization } : {},
    payload: body,
  });
}

const device = (mid: string, extra: Record<string, unknown> = {}) => ({
  token: demo.token,
  mid,
  platform: 'ANDROID',
  model: 'Galaxy A54',
  owner: 'Lucía Fernández',
  email: 'lucia@example.es',
  ...extra,
});

async function directoryRow(mid: string) {
  return t.database.db
    .selectFrom('core.device_directory')
    .selectAll()
    .where('mid', '=', mid)
    .executeTakeFirst();
}

async function deviceRow(mid: string) {
  return prj().selectFrom('devices').selectAll().where('MID', '=', mid).executeTakeFirst();
}

describe('enrolment', () => {
  it('admits a device with the demo token and returns its credential once', async () => {
    const response = await enrol(
      device('enrol-good-1', { info: { manufacturerName: 'Samsung', imei: '350000000000011' } }),
    );
    expect(response.statusCode).toBe(200);
    const { error, result } = response.json();
    expect(error).toEqual({ code: '0', description: '' });
    expect(result).toMatchObject({
      mid: 'enrol-good-1',
      project: demo.project,
      checkinInterval: 60,
      socket: '/api/device/v1/socket',
    });
    expect(result.credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await deviceRow('enrol-good-1')).toMatchObject({
      ID: result.deviceId,
      OWNER: 'Lucía Fernández',
      MODEL: 'Galaxy A54',
      DEVICE_TYPE: 'ANDROID',
      EMAIL: 'lucia@example.es',
      IMEI: '350000000000011',
      PENDIENTE: 0,
      // Provisioned: the agent brings its own database (docs/device-protocol.md, Enrol).
      STATUS: 2,
      SINCRONISMO: null,
    });
    const directory = await directoryRow('enrol-good-1');
    expect(directory).toMatchObject({ numero: demo.project, online: false, revoked_at: null });
    expect(directory!.credential_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(directory!.credential_hash).not.toContain(result.credential);
    const model = await prj()
      .selectFrom('models as m')
      .innerJoin('platforms as p', 'p.ID', 'm.IDPLATFORM')
      .select(['m.MODEL', 'p.PLATFORM'])
      .where('m.MODEL', '=', 'Galaxy A54')
      .execute();
    expect(model).toEqual([{ MODEL: 'Galaxy A54', PLATFORM: 'ANDROID' }]);
  });

  it('refuses a forged token with 401 and writes nothing', async () => {
    const response = await enrol(device('enrol-forged', { token: 'x'.repeat(43) }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: '401',
        description: 'El token de enrolamiento no es válido, ya se usó o ha caducado.',
      },
      result: null,
    });
    expect(await deviceRow('enrol-forged')).toBeUndefined();
    expect(await directoryRow('enrol-forged')).toBeUndefined();
  });

  it('lets a single-use token enrol one device only', async () => {
    const created = await t.call(
      'enrolmentToken',
      { database: demo.project, uses: 1, days: 1, rotate: false },
      adminToken,
    );
    expect(created.body.error.code).toBe('0');
    const { token, url } = created.body.result;
    expect(url).toBe(
      `flota://enrol?server=${encodeURIComponent(t.config.PUBLIC_URL)}&token=${token}`,
    );
    expect((await enrol(device('single-use-1', { token }))).statusCode).toBe(200);
    const again = await enrol(device('single-use-2', { token }));
    expect(again.statusCode).toBe(401);
    expect(await directoryRow('single-use-2')).toBeUndefined();
    expect(await deviceRow('single-use-2')).toBeUndefined();
  });

  it('gives the use back when the enrolment fails, and refuses a MID of another project', async () => {
    const other = await createOtherProject();
    const otherToken = await createEnrolmentToken(t.database.db, t.config.PUBLIC_URL, {
      numero: other,
      createdBy: null,
      maxUses: 1,
      expiresAt: null,
      rotate: false,
    });
    // Refused as an invalid token is: the answer does not say the MID exists elsewhere.
    const taken = await enrol(device('enrol-good-1', { token: otherToken.token }));
    expect(taken.statusCode).toBe(401);
    expect(taken.json()).toEqual({
      error: {
        code: '401',
        description: 'El token de enrolamiento no es válido, ya se usó o ha caducado.',
      },
      result: null,
    });
    expect((await directoryRow('enrol-good-1'))!.numero).toBe(demo.project);
    // The failed enrolment did not spend the single use.
    expect((await enrol(device('other-project-1', { token: otherToken.token }))).statusCode).toBe(
      200,
    );
    expect((await directoryRow('other-project-1'))!.numero).toBe(other);
  });

  it('refuses an expired token and a rotated one', async () => {
    const expired = await createEnrolmentToken(t.database.db, t.config.PUBLIC_URL, {
      numero: demo.project,
      createdBy: null,
      maxUses: null,
      expiresAt: new Date(Date.now() - 1000),
      rotate: false,
    });
    expect((await enrol(device('expired-1', { token: expired.token }))).statusCode).toBe(401);

    const first = await t.call(
      'enrolmentToken',
      { database: demo.project, rotate: false },
      adminToken,
    );
    const second = await t.call('enrolmentToken', { database: demo.project }, adminToken);
    expect(second.body.result.expiresAt).toBeTruthy();
    const rotated = await enrol(device('rotated-1', { token: first.body.result.token }));
    expect(rotated.statusCode).toBe(401);
    expect((await enrol(device('rotated-2', { token: second.body.result.token }))).statusCode).toBe(
      200,
    );
    // Rotation revoked the demo token too; devices enrolled with it keep working.
    demo.token = second.body.result.token;
  });

  it('lets only the owner or an administrator create tokens', async () => {
    const user = await t.tokenFor('usuario');
    const refused = await t.call('enrolmentToken', { database: demo.project }, user);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('403');
    const missing = await t.call('enrolmentToken', { database: 9999 }, adminToken);
    expect(missing.body.error.code).toBe('-1');
  });

  it('refuses a body that breaks the protocol with 400 and says what is wrong', async () => {
    const response = await enrol(device('bad body!', { platform: 'NOKIA' }));
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('-1');
    expect(error.description).toMatch(/^Cuerpo no válido: mid: .*; platform: /);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      headers: { 'content-type': 'text/plain' },
      payload: 'token=abc',
    });
    expect(text.statusCode).toBe(415);
  });
});

async function createOtherProject(): Promise<number> {
  const db = t.database.db;
  return db.transaction().execute(async (trx) => {
    const demoProject = await trx
      .selectFrom('core.projects')
      .selectAll()
      .where('numero', '=', demo.project)
      .executeTakeFirstOrThrow();
    const project = await trx
      .insertInto('core.projects')
      .values({
        pid: `other-${Date.now()}`,
        company_id: demoProject.company_id,
        owner_id: demoProject.owner_id,
        environment_id: demoProject.environment_id,
        name: `Other ${Date.now()}`,
        dbname: `other_${Date.now()}`,
        schema_name: `pending_${Date.now()}`,
      })
      .returning('numero')
      .executeTakeFirstOrThrow();
    const schema = projectSchemaName(project.numero);
    await trx
      .updateTable('core.projects')
      .set({ schema_name: schema })
      .where('numero', '=', project.numero)
      .execute();
    await migrateProjectSchema(trx, schema);
    return project.numero;
  });
}

async function enrolled(mid: string): Promise<{ credential: string; deviceId: number }> {
  const response = await enrol(device(mid));
  expect(response.statusCode).toBe(200);
  return response.json().result;
}

describe('check-in', () => {
  it('stamps the sync time and stores inventory, battery and position in one go', async () => {
    const { credential, deviceId } = await enrolled('checkin-1');
    const response = await checkin(deviceAuthorization('checkin-1', credential), {
      info: { manufacturerName: 'Samsung', osVersion: '14', totalRamSize: 8_000_000_000 },
      battery: { level: 76, charging: false },
      position: { latitude: 40.4168, longitude: -3.7038, accuracy: 12 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ deviceId, enabled: true, checkinInterval: 60 });
    const row = await deviceRow('checkin-1');
    expect(row!.SINCRONISMO).toBeInstanceOf(Date);
    const info = await prj()
      .selectFrom('device_info')
      .selectAll()
      .where('MID', '=', 'checkin-1')
      .executeTakeFirstOrThrow();
    expect(info.INFO).toEqual({
      manufacturerName: 'Samsung',
      osVersion: '14',
      totalRamSize: 8_000_000_000,
      batteryLevel: 76,
      isBatteryCharging: false,
    });
    expect(info.LASTINFO).toBeInstanceOf(Date);
    expect(info.LASTGPS).toBeInstanceOf(Date);
    const position = await prj()
      .selectFrom('device_positions')
      .selectAll()
      .where('MID', '=', 'checkin-1')
      .executeTakeFirstOrThrow();
    expect(position).toMatchObject({ LATITUDE: 40.4168, LONGITUDE: -3.7038, ACCURACY: 12 });
    expect((await directoryRow('checkin-1'))!.last_seen).toBeInstanceOf(Date);

    // A battery-only check-in merges into the inventory and leaves the position alone.
    const time = '2026-11-22T10:00:00.000Z';
    await checkin(deviceAuthorization('checkin-1', credential), {
      battery: { level: 75, charging: true },
    });
    await checkin(deviceAuthorization('checkin-1', credential), {
      position: { latitude: 41.3874, longitude: 2.1686, time },
    });
    const merged = await prj()
      .selectFrom('device_info')
      .select('INFO')
      .where('MID', '=', 'checkin-1')
      .executeTakeFirstOrThrow();
    expect(merged.INFO).toMatchObject({
      manufacturerName: 'Samsung',
      batteryLevel: 75,
      isBatteryCharging: true,
    });
    const moved = await prj()
      .selectFrom('device_positions')
      .selectAll()
      .where('MID', '=', 'checkin-1')
      .executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ LATITUDE: 41.3874, LONGITUDE: 2.1686, ACCURACY: null });
    expect(moved.TIME!.toISOString()).toBe(time);
  });

  it('tells a disabled device so', async () => {
    const { credential } = await enrolled('checkin-disabled');
    await prj()
      .updateTable('devices')
      .set({ PENDIENTE: 1 })
      .where('MID', '=', 'checkin-disabled')
      .execute();
    const response = await checkin(deviceAuthorization('checkin-disabled', credential), {});
    expect(response.json().result.enabled).toBe(false);
  });

  it('refuses a forged, missing or malformed credential and changes nothing', async () => {
    await enrolled('checkin-forged');
    const forged = await checkin(deviceAuthorization('checkin-forged', 'f'.repeat(43)), {
      battery: { level: 1, charging: false },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({
      error: {
        code: '401',
        description: 'La credencial del dispositivo no es válida o ha sido revocada.',
      },
      result: null,
    });
    expect((await checkin(deviceAuthorization('nobody-here', 'f'.repeat(43)), {})).statusCode).toBe(
      401,
    );
    expect((await checkin(undefined, {})).statusCode).toBe(401);
    expect((await checkin('Bearer abc', {})).statusCode).toBe(401);
    expect((await deviceRow('checkin-forged'))!.SINCRONISMO).toBeNull();
    const info = await prj()
      .selectFrom('device_info')
      .selectAll()
      .where('MID', '=', 'checkin-forged')
      .executeTakeFirst();
    expect(info).toBeUndefined();
  });

  it('refuses a body that breaks the protocol and changes nothing', async () => {
    const { credential } = await enrolled('checkin-bad-body');
    const response = await checkin(deviceAuthorization('checkin-bad-body', credential), {
      battery: { level: 140, charging: 'yes' },
      position: { latitude: 95, longitude: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.description).toMatch(
      /battery\.level.*battery\.charging.*position\.latitude/,
    );
    expect((await deviceRow('checkin-bad-body'))!.SINCRONISMO).toBeNull();
  });

  it('refuses a revoked credential, until the device enrols again', async () => {
    const { credential } = await enrolled('checkin-revoked');
    const auth = deviceAuthorization('checkin-revoked', credential);
    expect((await checkin(auth, {})).statusCode).toBe(200);
    expect(await revokeDeviceCredential(t.database.db, 'checkin-revoked')).toBe(true);
    expect((await checkin(auth, {})).statusCode).toBe(401);

    const again = await enrolled('checkin-revoked');
    expect((await checkin(auth, {})).statusCode).toBe(401);
    expect(
      (await checkin(deviceAuthorization('checkin-revoked', again.credential), {})).statusCode,
    ).toBe(200);
  });

  it('answers 410 when an operator deleted the device', async () => {
    const { credential } = await enrolled('checkin-deleted');
    await prj().deleteFrom('devices').where('MID', '=', 'checkin-deleted').execute();
    const response = await checkin(deviceAuthorization('checkin-deleted', credential), {});
    expect(response.statusCode).toBe(410);
  });
});

let listening: string | null = null;

/** The app on a real port, for WebSocket clients and the simulator. */
async function address(): Promise<string> {
  listening ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return listening;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('WebSocket', () => {
  let base: string;
  beforeAll(async () => {
    base = (await address()).replace(/^http/, 'ws') + '/api/device/v1/socket';
  });

  function open(headers: Record<string, string> = {}) {
    const socket = new WebSocket(base, { headers });
    const messages: any[] = [];
    const waiters: ((message: any) => void)[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else messages.push(message);
    });
    const next = () =>
      new Promise<any>((resolve) => {
        const queued = messages.shift();
        if (queued) resolve(queued);
        else waiters.push(resolve);
      });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    return { socket, next, closed };
  }

  const online = (mid: string) =>
    eventually(
      () => directoryRow(mid),
      (row) => !!row?.online,
    );
  const offline = (mid: string) =>
    eventually(
      () => directoryRow(mid),
      (row) => !row?.online,
    );

  it('gives presence: online while connected, offline once closed; answers pings', async () => {
    const { credential } = await enrolled('socket-1');
    const { socket, next, closed } = open({
      authorization: deviceAuthorization('socket-1', credential),
    });
    expect(await next()).toMatchObject({ type: 'welcome', mid: 'socket-1', heartbeat: 30 });
    expect((await online('socket-1'))!.online).toBe(true);
    socket.send(JSON.stringify({ type: 'ping', id: 'p1' }));
    expect(await next()).toMatchObject({ type: 'pong', id: 'p1' });
    socket.send(JSON.stringify({ type: 'launch', id: 'x' }));
    expect(await next()).toMatchObject({ type: 'error', code: '-1' });
    socket.close();
    await closed;
    expect((await offline('socket-1'))!.online).toBe(false);
  });

  it('accepts the credential as a first hello message', async () => {
    const { credential } = await enrolled('socket-hello');
    const { socket, next, closed } = open();
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'hello', mid: 'socket-hello', credential })),
    );
    expect(await next()).toMatchObject({ type: 'welcome', mid: 'socket-hello' });
    expect((await online('socket-hello'))!.online).toBe(true);
    socket.close();
    await closed;
  });

  it('refuses a forged or revoked credential: 401 on upgrade, 4001 after a bad hello', async () => {
    const { credential } = await enrolled('socket-revoked');
    await revokeDeviceCredential(t.database.db, 'socket-revoked');
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(base, {
        headers: { authorization: deviceAuthorization('socket-revoked', credential) },
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(refused).toBe(401);

    const { socket, next, closed } = open();
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'hello', mid: 'socket-revoked', credential })),
    );
    expect(await next()).toMatchObject({ type: 'error', code: '401' });
    expect(await closed).toBe(4001);
    expect((await directoryRow('socket-revoked'))!.online).toBe(false);
  });

  it('closes the socket of a device whose credential is revoked', async () => {
    const { credential } = await enrolled('socket-revoked-live');
    const auth = deviceAuthorization('socket-revoked-live', credential);
    const { next, closed } = open({ authorization: auth });
    await next();
    expect(await t.app.devices.revoke('socket-revoked-live')).toBe(true);
    expect(await closed).toBe(4003);
    expect((await offline('socket-revoked-live'))!.online).toBe(false);
    expect((await checkin(auth, {})).statusCode).toBe(401);
  });

  it('closes the older socket when the device connects again', async () => {
    const { credential } = await enrolled('socket-twice');
    const headers = { authorization: deviceAuthorization('socket-twice', credential) };
    const first = open(headers);
    await first.next();
    const second = open(headers);
    await second.next();
    expect(await first.closed).toBe(4002);
    expect((await online('socket-twice'))!.online).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await directoryRow('socket-twice'))!.online).toBe(true);
    second.socket.close();
    await second.closed;
    expect((await offline('socket-twice'))!.online).toBe(false);
  });
});

describe('simulator', () => {
  it('enrols a fleet that comes online, checks in, and goes offline when it stops', async () => {
    const stateFile = path.join(t.config.DATA_DIR, 'simulator', 'fleet.json');
    const options = {
      server: await address(),
      project: demo.project,
      token: demo.token,
      devices: 20,
      stateFile,
      checkinSeconds: 1,
      firstCheckinWithin: 0.2,
      episodes: false,
    };
    const fleet = new Fleet(options);
    expect(await fleet.enrol()).toEqual({ enrolled: 20, failed: 0 });
    const mids = fleet.devices.map((device) => device.mid);
    const directory = () =>
      t.database.db
        .selectFrom('core.device_directory')
        .select(['mid', 'online', 'numero'])
        .where('mid', 'in', mids)
        .execute();
    const devices = () =>
      prj().selectFrom('devices').selectAll().where('MID', 'in', mids).execute();

    fleet.start();
    const up = await eventually(
      directory,
      (rows) => rows.filter((row) => row.online).length === 20,
    );
    expect(up.filter((row) => row.online && row.numero === demo.project)).toHaveLength(20);
    const synced = await eventually(devices, (rows) => rows.every((row) => row.SINCRONISMO));
    expect(synced.filter((row) => row.SINCRONISMO)).toHaveLength(20);
    expect(new Set(synced.map((row) => row.DEVICE_TYPE)).size).toBeGreaterThan(1);
    expect(synced.every((row) => row.OWNER && row.MODEL && row.EMAIL)).toBe(true);

    await fleet.stop();
    const down = await eventually(directory, (rows) => rows.every((row) => !row.online));
    expect(down.filter((row) => row.online)).toHaveLength(0);

    // A restart reuses the credentials kept in the state file: nothing is enrolled again.
    const again = new Fleet({ ...options, token: null });
    expect(again.devices.map((device) => device.mid)).toEqual(mids);
    expect(await again.enrol()).toEqual({ enrolled: 0, failed: 0 });
    again.start();
    await eventually(directory, (rows) => rows.filter((row) => row.online).length === 20);
    await again.stop();
  });
});

describe('stopping', () => {
  it('does not wait for a device that ignores the closing handshake', async () => {
    const other = await buildTestApp();
    try {
      const file = path.join(other.config.DATA_DIR, DEMO_ENROLMENT_FILE);
      const { token } = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoEnrolmentFile;
      const enrolled = await other.app.inject({
        method: 'POST',
        url: '/api/device/v1/enrol',
        payload: { token, mid: 'deaf-1', platform: 'ANDROID', model: 'X', owner: 'Y' },
      });
      const { credential } = enrolled.json().result;
      const { port } = new URL(await other.app.listen({ port: 0, host: '127.0.0.1' }));
      // A raw client that upgrades, then never answers a frame.
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          'GET /api/device/v1/socket HTTP/1.1',
          'Host: 127.0.0.1',
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          `Authorization: ${deviceAuthorization('deaf-1', credential)}`,
          '',
          '',
        ].join('\r\n'),
      );
      await new Promise((resolve) => socket.once('data', resolve));
      const started = Date.now();
      await other.app.close();
      expect(Date.now() - started).toBeLessThan(3000);
      const row = await other.database.db
        .selectFrom('core.device_directory')
        .select('online')
        .where('mid', '=', 'deaf-1')
        .executeTakeFirstOrThrow();
      expect(row.online).toBe(false);
      socket.destroy();
    } finally {
      await other.close();
    }
  });
});
