import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { redisAnswers } from '../../server/bus/redis-bus';
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
  await until(() => redisAnswers(url), 10_000);
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

it('refuses to start, naming REDIS_URL, before it opens or seeds any database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-noredis-'));
  const port = await freePort(); // nothing listens there
  const httpPort = await freePort();
  const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      {
        env: {
          ...process.env,
          REDIS_URL: `redis://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          PORT: String(httpPort),
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
        },
        timeout: 30_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
  try {
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      `Redis does not answer at REDIS_URL=redis://127.0.0.1:${port}`,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
