import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../server/db/embedded';
import { KEY_FILE } from '../../server/secrets/box';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';

// Presence follows the life of the node holding the socket: when a node is killed (no chance to
// write its devices offline), another node sees its heartbeat stop, takes its devices offline
// within seconds, and a command to them answers 'offline' instead of 'sent' then 'timeout'.

let t: TestApp;
let node: ChildProcess | null = null;
let nodeUrl: string;
let dataDir: string;
let demo: DemoEnrolmentFile;
const agents: CommandAgent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  // A second node as its own process, on the same database, so that it can be killed.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-node-'));
  const port = await freePort();
  nodeUrl = `http://127.0.0.1:${port}`;
  node = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      DATABASE_ADMIN_URL: t.database.adminUrl,
      DATA_DIR: dataDir,
      // Every node has the same secrets key (the test app's, made in its DATA_DIR).
      SECRETS_KEY: fs.readFileSync(path.join(t.config.DATA_DIR, KEY_FILE), 'utf8').trim(),
      PORT: String(port),
      PUBLIC_URL: t.config.PUBLIC_URL,
      DEMO_SEED: 'false',
      SIMULATOR: 'false',
      REDIS_URL: '',
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  await until(async () => {
    try {
      return (await fetch(`${nodeUrl}/healthz`)).ok;
    } catch {
      return false;
    }
  }, 60_000);
}, 90_000);
afterAll(async () => {
  node?.kill('SIGKILL');
  await Promise.all(agents.map((agent) => agent.close()));
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const directoryRow = (mid: string) =>
  t.database.db
    .selectFrom('core.device_directory')
    .select(['online', 'node'])
    .where('mid', '=', mid)
    .executeTakeFirstOrThrow();

it('takes a killed node’s devices offline within 10 s, and commands to them answer offline', async () => {
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid: 'death-1', platform: 'ANDROID', model: 'A54', owner: 'Ana' },
  });
  const agent = new CommandAgent('death-1', enrolled.json().result.credential);
  agents.push(agent);
  await agent.connect(nodeUrl);
  await until(async () => (await directoryRow('death-1')).online);
  const held = await directoryRow('death-1');
  expect(held.node).not.toBe(t.app.bus.node);

  node!.kill('SIGKILL');
  const killedAt = Date.now();
  await until(async () => !(await directoryRow('death-1')).online, 15_000);
  const seconds = (Date.now() - killedAt) / 1000;
  expect(seconds).toBeLessThan(10);

  const admin = await t.tokenFor('admin');
  const answer = await t.call(
    'sendCommand',
    { database: demo.project, cmd: 'lock', dest: ['death-1'], wait: false },
    admin,
  );
  // Offline: queued for its next connection (docs/device-protocol.md, "Queued commands").
  expect(answer.body.result.results[0]).toMatchObject({ device: 'death-1', state: 'pending' });
  const nodes = await t.database.db
    .selectFrom('core.nodes' as never)
    .select('node' as never)
    .execute();
  expect(nodes).toEqual([{ node: t.app.bus.node }]);
});
