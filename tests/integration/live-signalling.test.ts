import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniformTree } from '../../protocol/access-tree';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { BEARER_SUBPROTOCOL_PREFIX, LIVE_SUBPROTOCOL } from '../../protocol/live';
import { redisAnswers } from '../../server/bus/redis-bus';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { createEnrolmentToken } from '../../server/device/tokens';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, type TestProject } from '../support/devices';
import { LiveClient } from '../support/live-client';
import { userIdOf } from '../support/projects';
import { buildSecondNode, type SecondNode } from '../support/second-node';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`live-signalling: cross-node part skipped, no Redis at ${REDIS_URL}`);

let t: TestApp;
let nodeB: SecondNode | null = null;
let serverA: string;
let serverB: string;
let demo: DemoEnrolmentFile;
let foreign: TestProject & { companyId: number };
let foreignToken: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  // With Redis, two nodes share one bus (a prefix of this run only); without it, one node.
  t = await buildTestApp(
    redisUp ? { REDIS_URL, REDIS_PREFIX: `flota-test-${crypto.randomUUID()}:` } : {},
  );
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  foreign = await createOtherCompany(t.database.db, 'live-otra');
  foreignToken = (
    await createEnrolmentToken(t.database.db, t.config.PUBLIC_URL, {
      numero: foreign.numero,
      createdBy: null,
      maxUses: null,
      expiresAt: null,
      rotate: false,
    })
  ).token;
  serverA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  if (redisUp) {
    nodeB = await buildSecondNode(t);
    serverB = await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
  } else {
    serverB = serverA;
  }
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await nodeB?.close();
  await t?.close();
});

async function open(server: string, authorization: string | null, language = 'es') {
  const client = await LiveClient.open(server, authorization, { language });
  clients.push(client);
  return client;
}

async function refusal(authorization: string | null, language = 'es', protocols?: string[]) {
  try {
    const client = await LiveClient.open(serverA, authorization, { language, protocols });
    clients.push(client);
  } catch (error) {
    return error as { status: number; body: { error: { code: string; description: string } } };
  }
  throw new Error('the socket opened');
}

async function enrolled(mid: string, token = demo.token, owner = 'Ana') {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token, mid, platform: 'ANDROID', model: 'Pixel 8', owner },
  });
  return deviceAuthorization(mid, answer.json().result.credential);
}

async function viewer(server: string, login = 'admin', numero = demo.project) {
  const client = await open(server, `Bearer ${await t.tokenFor(login)}`);
  client.send({ command: 'create_session', parameters: { database: numero } });
  const logon = await client.next((m) => m.command === 'logon_sucess' || m.command === 'error');
  return { client, logon };
}

describe('refusals at the upgrade', () => {
  it('refuses a socket without a credential, in both languages', async () => {
    const es = await refusal(null, 'es');
    expect(es.status).toBe(401);
    expect(es.body.error.code).not.toBe('0');
    expect(es.body.error.description).toBe(
      'Falta el token de acceso (cabecera Authorization: Bearer).',
    );
    const en = await refusal(null, 'en');
    expect(en.body.error.description).toBe(
      'The access token is missing (Authorization: Bearer header).',
    );
  });

  it('refuses a bad bearer token and a bad device credential', async () => {
    expect((await refusal('Bearer not-a-token')).status).toBe(401);
    const device = await refusal(deviceAuthorization('live-nobody-1', 'x'.repeat(43)));
    expect(device.status).toBe(401);
    expect(device.body.error.description).toMatch(/credencial del dispositivo/);
  });

  it('takes a browser’s token offered as a subprotocol', async () => {
    const token = await t.tokenFor('admin');
    const client = await LiveClient.open(serverA, null, {
      protocols: [LIVE_SUBPROTOCOL, `${BEARER_SUBPROTOCOL_PREFIX}${token}`],
    });
    clients.push(client);
    expect(client.socket.protocol).toBe(LIVE_SUBPROTOCOL);
  });

  it('closes a viewer’s socket when its access token expires (4401)', async () => {
    const token = await t.tokenFor('admin', { expiresIn: '2s' });
    const client = await open(serverA, `Bearer ${token}`);
    const code = await new Promise<number>((resolve) => client.socket.once('close', resolve));
    expect(code).toBe(4401);
  });

  it('refuses a user without a company, and one whose company is disabled', async () => {
    await t.database.db
      .insertInto('core.users')
      .values({
        company_id: null,
        login: 'live-sin-empresa',
        email: 'live-sin-empresa@demo.flota.local',
        password_hash: 'not-a-hash',
        role: 'USER',
        rights: 'USUARIO',
      })
      .execute();
    const none = await refusal(`Bearer ${await t.tokenFor('live-sin-empresa')}`, 'en');
    expect(none.status).toBe(403);
    expect(none.body.error).toEqual({
      code: '403',
      description: 'Live monitoring needs a user with a company: yours belongs to none.',
    });

    const other = await createOtherCompany(t.database.db, 'live-inactiva');
    await t.database.db
      .updateTable('core.companies')
      .set({ active: false })
      .where('id', '=', other.companyId)
      .execute();
    const inactive = await refusal(`Bearer ${await t.tokenFor('live-inactiva')}`);
    expect(inactive.status).toBe(403);
    expect(inactive.body.error.description).toBe(
      'Su empresa está desactivada: la supervisión en directo no está disponible.',
    );
  });
});

describe('sessions', () => {
  it('answers a bad message with the error envelope and keeps the socket', async () => {
    const client = await open(serverA, `Bearer ${await t.tokenFor('admin')}`);
    client.send({ command: 'create_session' });
    const error = await client.next((m) => m.command === 'error');
    expect(error.error.code).not.toBe('0');
    expect(error.error.description).toMatch(/^Mensaje no válido: parameters/);
    client.send({ command: 'session_start', sessionId: 'nope', device: { id: 'x' } });
    const unknown = await client.next((m) => m.command === 'error' && m !== error);
    expect(unknown.error.description).toMatch(/La sesión nope no existe/);
  });

  it('refuses a session on another company’s project, and its devices', async () => {
    const { logon } = await viewer(serverA, 'live-otra', demo.project);
    expect(logon.command).toBe('error');
    expect(logon.error.code).not.toBe('0');

    // A device of the other company, live: the demo admin's session never lists or reaches it.
    const foreignDevice = await open(serverA, await enrolled('live-foreign-1', foreignToken));
    await foreignDevice.next((m) => m.command === 'logon_sucess');
    const { client } = await viewer(serverA);
    client.send({
      command: 'session_start',
      sessionId: (await client.next((m) => m.command === 'logon_sucess')).sessionid,
      device: { id: 'live-foreign-1', type: 'ANDROID' },
    });
    const refused = await client.next((m) => m.command === 'error');
    expect(refused.error.description).toMatch(/live-foreign-1 no está conectado/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.received.some((m) => m.device?.id === 'live-foreign-1')).toBe(false);
    expect(foreignDevice.received.map((m) => m.command)).toEqual(['logon_sucess']);
  });

  it('lets an ordinary user watch only where the project’s access tree shows devices', async () => {
    const user = await userIdOf(t.database.db, 'usuario');
    const share = (show: boolean) =>
      t.database.db
        .updateTable('core.project_shares')
        .set({ access: JSON.stringify(uniformTree(show, false)) })
        .where('numero', '=', demo.project)
        .where('user_id', '=', user)
        .execute();
    await share(false);
    const hidden = await viewer(serverA, 'usuario');
    expect(hidden.logon.command).toBe('error');
    expect(hidden.logon.error).toEqual({
      code: '403',
      description: `Su usuario no puede ver los dispositivos del proyecto ${demo.project}.`,
    });
    await share(true);
    expect((await viewer(serverA, 'usuario')).logon.command).toBe('logon_sucess');
  });

  it.each([
    ['on one node', () => [serverA, serverA]],
    ['across two nodes on one bus', () => [serverA, serverB]],
  ])('relays a session %s', async (name, servers) => {
    if (name.startsWith('across') && !redisUp) return;
    const [viewerServer, deviceServer] = servers();
    const mid = `live-dev-${crypto.randomUUID().slice(0, 8)}`;
    const device = await open(deviceServer, await enrolled(mid, demo.token, 'Lucía'));
    await device.next((m) => m.command === 'logon_sucess');
    const { client, logon } = await viewer(viewerServer);
    expect(logon).toMatchObject({ command: 'logon_sucess', iceServers: [], maxPanels: 16 });
    const sessionId = logon.sessionid;

    const registered = await client.next(
      (m) => m.command === 'device_register' && m.device.id === mid,
    );
    expect(registered.device).toMatchObject({
      id: mid,
      name: 'Lucía · Pixel 8',
      type: 'ANDROID',
      status: 'online',
      project: demo.project,
    });

    client.send({
      command: 'session_start',
      sessionId,
      device: { id: mid, type: 'ANDROID' },
      parameters: { fps: 15 },
    });
    const start = await device.next((m) => m.command === 'session_start');
    expect(start).toMatchObject({ sessionId, device: { id: mid }, parameters: { fps: 15 } });

    const offer = JSON.stringify({ type: 'offer', sdp: 'v=0\r\n' });
    device.send({ command: 'message', sessionId, msg: { type: 'sdp', payload: offer } });
    const relayed = await client.next((m) => m.command === 'message');
    expect(relayed).toMatchObject({ device: { id: mid }, msg: { type: 'sdp', payload: offer } });

    const candidate = JSON.stringify({
      sdp: 'candidate:1 1 udp 1 127.0.0.1 9 typ host',
      sdpMid: '0',
    });
    client.send({
      command: 'message',
      sessionId,
      device: { id: mid },
      msg: { type: 'candidate', payload: candidate },
    });
    const back = await device.next((m) => m.command === 'message');
    expect(back.msg).toEqual({ type: 'candidate', payload: candidate });

    client.send({
      command: 'session_parameters',
      sessionId,
      device: { id: mid },
      parameters: { fps: 30 },
    });
    expect((await device.next((m) => m.command === 'session_parameters')).parameters).toEqual({
      fps: 30,
    });

    // A device answers only sessions that spoke to it.
    device.send({
      command: 'message',
      sessionId: 'someone-else',
      msg: { type: 'sdp', payload: offer },
    });
    expect((await device.next((m) => m.command === 'error')).error.description).toMatch(
      /someone-else/,
    );

    await device.close();
    const offline = await client.next((m) => m.command === 'device_offline');
    expect(offline.device).toMatchObject({ id: mid, status: 'offline' });

    // A viewer that leaves tells the devices it started to stop.
    const again = await open(deviceServer, await enrolled(`${mid}-b`));
    await client.next((m) => m.command === 'device_register' && m.device.id === `${mid}-b`);
    client.send({ command: 'session_start', sessionId, device: { id: `${mid}-b` } });
    await again.next((m) => m.command === 'session_start');
    await client.close();
    expect(await again.next((m) => m.command === 'session_stop')).toMatchObject({ sessionId });
  });
});
