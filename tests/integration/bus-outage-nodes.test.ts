import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { redisAnswers } from '../../server/bus/redis-bus';
import { connect, type Db } from '../../server/db/database';
import { freePort } from '../../server/db/embedded';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';

// With the bus between two nodes gone, a command for a device held by the other node is refused
// before anything is written (no history row says it went out), while a device held by the
// node that takes the call is still served.

const REDIS = '/usr/bin/redis-server';
const haveRedis = fs.existsSync(REDIS);

const startRedis = (port: number) =>
  spawn(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );

describe.skipIf(!haveRedis)('two nodes when Redis goes away', () => {
  let redis: ChildProcess;
  let redisPort: number;
  let t: TestApp;
  let nodeB: FastifyInstance;
  let dbB: Db;
  let demo: DemoEnrolmentFile;
  let admin: string;
  let serverA: string;
  let serverB: string;
  const agents: CommandAgent[] = [];

  beforeAll(async () => {
    redisPort = await freePort();
    redis = startRedis(redisPort);
    const url = `redis://127.0.0.1:${redisPort}`;
    await until(() => redisAnswers(url), 10_000);
    t = await buildTestApp({ REDIS_URL: url, REDIS_PREFIX: `flota-nodes-${crypto.randomUUID()}:` });
    dbB = connect(t.database.url, 5);
    nodeB = await buildApp({ config: t.config, db: dbB, sandbox: t.database.sandbox });
    demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
    admin = await t.tokenFor('admin');
    serverA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    serverB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    await nodeB?.close();
    await dbB?.destroy();
    await t?.close();
    redis?.kill('SIGKILL');
  });

  async function deviceOn(server: string, node: string, mid: string) {
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: { token: demo.token, mid, platform: 'ANDROID', model: 'A54', owner: 'Ana' },
    });
    const agent = new CommandAgent(mid, enrolled.json().result.credential, () => ({ ok: true }));
    agents.push(agent);
    await agent.connect(server);
    await until(async () => {
      const row = await t.database.db
        .selectFrom('core.device_directory')
        .select(['online', 'node'])
        .where('mid', '=', mid)
        .executeTakeFirst();
      return row?.online === true && row.node === node;
    });
    return agent;
  }

  const history = async (mid: string) =>
    (await t.call('deviceCommands', { database: demo.project, mid }, admin)).body.result.data;

  it('refuses what needs the bus, says why, and writes nothing; serves its own devices', async () => {
    const onB = await deviceOn(serverB, nodeB.bus.node, 'nodes-b-1');
    const onA = await deviceOn(serverA, t.app.bus.node, 'nodes-a-1');
    redis.kill('SIGKILL');
    await until(async () => !t.app.bus.isReady(), 10_000);

    const refused = await t.call(
      'sendCommand',
      { database: demo.project, cmd: 'lock', dest: ['nodes-b-1', 'nodes-a-1'], wait: false },
      admin,
    );
    expect(refused.body.error.code).not.toBe('0');
    expect(refused.body.error.description).toContain('(Redis) no responde');
    expect(refused.body.error.description).toContain('1 de los dispositivos');
    expect(await history('nodes-b-1')).toEqual([]);
    expect(await history('nodes-a-1')).toEqual([]);

    const push = await t.call(
      'send push',
      { database: demo.project, devices: ['nodes-b-1'], type: 0, message: 'hola' },
      admin,
    );
    expect(push.body.error.code).not.toBe('0');
    expect(onB.received.some((message) => message.type === 'push')).toBe(false);

    // A device held by this node needs no bus.
    const local = await t.call(
      'sendCommand',
      { database: demo.project, cmd: 'lock', dest: ['nodes-a-1'], wait: true },
      admin,
    );
    expect(local.body.result.results[0]).toMatchObject({ device: 'nodes-a-1', state: 'executed' });
    expect(onA.commands()).toHaveLength(1);
    expect((await fetch(`${serverB}/healthz`)).status).toBe(200);
  });

  it('serves across nodes again when Redis comes back on its address', async () => {
    redis = startRedis(redisPort);
    await until(async () => t.app.bus.isReady() && nodeB.bus.isReady(), 20_000);
    // The subscriptions are renewed by the client; a message may still race them for a moment.
    await until(async () => {
      const answer = await t.call(
        'sendCommand',
        { database: demo.project, cmd: 'lock', dest: ['nodes-b-1'], wait: true },
        admin,
      );
      return answer.body.result?.results[0].state === 'executed';
    }, 20_000);
    expect(t.app.devices.isConnectedHere('nodes-b-1')).toBe(false);
  });
});
