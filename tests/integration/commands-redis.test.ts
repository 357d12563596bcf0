import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers } from '../../server/bus/redis-bus';
import { buildApp } from '../../server/app';
import { connect, type Db } from '../../server/db/database';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) {
  console.warn(`commands-redis.test.ts skipped: Redis does not answer at ${REDIS_URL}`);
}

/**
 * Two server nodes sharing one PostgreSQL database and a Redis bus: a command sent through node A
 * reaches a device connected to node B, and B's record of the result is what A answers.
 */
describe.skipIf(!redisUp)('two nodes on a Redis bus', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let dbB: Db;
  let demo: DemoEnrolmentFile;
  let admin: string;
  let serverB: string;
  const agents: CommandAgent[] = [];

  beforeAll(async () => {
    // A channel prefix of this run only, so parallel runs sharing the Redis never cross.
    const env = { REDIS_URL, REDIS_PREFIX: `flota-test-${crypto.randomUUID()}:` };
    t = await buildTestApp(env);
    dbB = connect(t.database.url, 5);
    nodeB = await buildApp({ config: t.config, db: dbB, sandbox: t.database.sandbox });
    demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
    admin = await t.tokenFor('admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    serverB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close()));
    await nodeB?.close();
    await dbB?.destroy();
    await t?.close();
  });

  async function deviceOnB(mid: string, answer?: CommandAgent['answer']): Promise<CommandAgent> {
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
    });
    const agent = new CommandAgent(mid, enrolled.json().result.credential, answer);
    agents.push(agent);
    await agent.connect(serverB);
    await until(async () => {
      const row = await t.database.db
        .selectFrom('core.device_directory')
        .select(['online', 'node'])
        .where('mid', '=', mid)
        .executeTakeFirst();
      return row?.online === true && row.node === nodeB.bus.node;
    });
    return agent;
  }

  it('uses a Redis bus with its own node id on each node', () => {
    expect(t.app.bus.node).not.toBe(nodeB.bus.node);
    expect(t.app.devices.isConnectedHere('anything')).toBe(false);
  });

  it('sends through node A to a device on node B and answers B’s recorded result', async () => {
    const agent = await deviceOnB('redis-dev-1', () => ({ ok: true, msg: 'locked' }));
    expect(t.app.devices.isConnectedHere('redis-dev-1')).toBe(false);
    expect(nodeB.devices.isConnectedHere('redis-dev-1')).toBe(true);

    const answer = await t.call(
      'sendCommand',
      { database: demo.project, cmd: 'lock', dest: ['redis-dev-1'], wait: true },
      admin,
    );
    expect(answer.body.error.code).toBe('0');
    expect(answer.body.result.results[0]).toMatchObject({
      device: 'redis-dev-1',
      state: 'executed',
      msg: 'locked',
      fromdevice: true,
    });
    expect(agent.commands()).toHaveLength(1);

    const listed = await t.call(
      'deviceCommands',
      { database: demo.project, mid: 'redis-dev-1' },
      admin,
    );
    expect(listed.body.result.data[0]).toMatchObject({ CMD: 'lock', STATE: 'executed' });
    expect(listed.body.result.data[0].CONFIRMED).not.toBeNull();
  });

  it('sends a push across nodes', async () => {
    const agent = await deviceOnB('redis-dev-2');
    const answer = await t.call(
      'send push',
      { database: demo.project, devices: ['redis-dev-2'], type: 0, message: 'hola' },
      admin,
    );
    expect(answer.body.result).toMatchObject({ sent: 1, offline: 0 });
    await until(() => agent.received.some((message) => message.type === 'push'));
  });

  it('reaches a device whose directory row still names another node (it moved meanwhile)', async () => {
    const agent = await deviceOnB('redis-dev-3', () => ({ ok: true, msg: 'found' }));
    // As if the device had just moved from A to B and the directory had not caught up: A, the
    // sender, finds no socket of its own and hands the message to whichever node holds it.
    await t.database.db
      .updateTable('core.device_directory')
      .set({ node: t.app.bus.node })
      .where('mid', '=', 'redis-dev-3')
      .execute();
    const answer = await t.call(
      'sendCommand',
      { database: demo.project, cmd: 'lock', dest: ['redis-dev-3'], wait: true },
      admin,
    );
    expect(answer.body.result.results[0]).toMatchObject({ state: 'executed', msg: 'found' });
    expect(agent.commands()).toHaveLength(1);
  });
});
