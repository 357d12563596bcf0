import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { freePort } from '../../server/db/embedded';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';

// A node must never die of a bus failure: with Redis gone, what a node publishes without
// waiting (presence, device reports, command outcomes) fails quietly instead of ending the
// process with an unhandled rejection (vitest fails the run on one).

const REDIS = '/usr/bin/redis-server';
const haveRedis = fs.existsSync(REDIS);

let redis: ChildProcess | null = null;
let t: TestApp;
let server: string;
let demo: DemoEnrolmentFile;

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  if (!haveRedis) return;
  const port = await freePort();
  redis = spawn(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  await until(() => answers(url), 10_000);
  t = await buildTestApp({ REDIS_URL: url, REDIS_PREFIX: `flota-outage-${crypto.randomUUID()}:` });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  server = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  redis?.kill('SIGKILL');
  await t?.close();
});

it.skipIf(!haveRedis)('keeps serving its devices when Redis goes away', async () => {
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: {
      token: demo.token,
      mid: 'outage-1',
      platform: 'ANDROID',
      model: 'A54',
      owner: 'Ana',
    },
  });
  const { credential } = enrolled.json().result;
  const agent = new CommandAgent('outage-1', credential);
  await agent.connect(server);

  redis!.kill('SIGKILL');
  // A report and a disconnection: each publishes on the bus, which cannot take them.
  agent.socket!.send(JSON.stringify({ type: 'result', id: 'cmd-1-1', ok: true }));
  await agent.close();
  const again = new CommandAgent('outage-1', credential);
  await again.connect(server);
  await again.close();
  await new Promise((resolve) => setTimeout(resolve, 3000));

  // Still here, still serving: the health check and a device's check-in over HTTP.
  expect((await fetch(`${server}/healthz`)).status).toBe(200);
  const checkin = await fetch(`${server}/api/device/v1/checkin`, {
    method: 'POST',
    headers: {
      authorization: deviceAuthorization('outage-1', credential),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ info: { batteryLevel: 50 } }),
  });
  expect(checkin.status).toBe(200);
});
