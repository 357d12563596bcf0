import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TextOperator } from '../../protocol/filters';
import { freePort } from '../../server/db/embedded';
import { KEY_FILE } from '../../server/secrets/box';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';

// A device's connection state as the console reads it (the device list, its ONLINE filter and
// LAST_SEEN sort, the device dialog, the global search): online only while a live node holds
// it, so a killed node's devices read offline on the other nodes once its heartbeat expires.

let t: TestApp;
let admin: string;
let node: ChildProcess | null = null;
let nodeUrl: string;
let dataDir: string;
let demo: DemoEnrolmentFile;
const agents: CommandAgent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  // A second node as its own process, on the same database, so that it can be killed.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-presence-'));
  const port = await freePort();
  nodeUrl = `http://127.0.0.1:${port}`;
  node = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      DATABASE_ADMIN_URL: t.database.adminUrl,
      DATA_DIR: dataDir,
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

async function enrol(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'A54', owner: 'Ana' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result.credential;
}

type Row = { MID: string; ONLINE: boolean; LAST_SEEN: string | null };

/** The demo project's devices whose MID starts with `prefix`, as the list answers them. */
async function listed(prefix: string, extra: Record<string, unknown> = {}) {
  const {
    rowfilter = {},
    rowfilteroper = {},
    ...rest
  } = extra as {
    rowfilter?: Record<string, string>;
    rowfilteroper?: Record<string, number>;
  };
  const { body } = await t.call(
    'devicesWithPages',
    {
      database: demo.project,
      datatable: { start: 0, length: 100 },
      rowfilter: { MID: prefix, ...rowfilter },
      rowfilteroper: { MID: TextOperator.startsWith, ...rowfilteroper },
      ...rest,
    },
    admin,
  );
  expect(body.error.code).toBe('0');
  return body.result.data as Row[];
}

const onlineOnly = {
  rowfilter: { ONLINE: 'true' },
  rowfilteroper: { ONLINE: TextOperator.equals },
};

it('reads a killed node’s devices offline within 10 s in the list, its filter, the dialog and the search', async () => {
  const credential = await enrol('presence-1');
  const agent = new CommandAgent('presence-1', credential);
  agents.push(agent);
  await agent.connect(nodeUrl);
  await until(async () => (await listed('presence-1', onlineOnly)).length === 1, 10_000);
  const [row] = await listed('presence-1');
  expect(row).toMatchObject({ MID: 'presence-1', ONLINE: true });
  expect(Date.now() - new Date(row.LAST_SEEN!).getTime()).toBeLessThan(60_000);

  node!.kill('SIGKILL');
  const killedAt = Date.now();
  await until(async () => (await listed('presence-1', onlineOnly)).length === 0, 15_000);
  expect((Date.now() - killedAt) / 1000).toBeLessThan(10);

  const [offline] = await listed('presence-1');
  expect(offline.ONLINE).toBe(false);
  // Last seen about when the node stopped, not when the socket opened.
  expect(killedAt - new Date(offline.LAST_SEEN!).getTime()).toBeLessThan(10_000);
  const dialog = await t.call(
    'deviceForEdit',
    { database: demo.project, MID: 'presence-1' },
    admin,
  );
  expect(dialog.body.result).toMatchObject({ MID: 'presence-1', ONLINE: false });
  expect(dialog.body.result.LAST_SEEN).toBe(offline.LAST_SEEN);
  const search = await t.call('devicesByDatabase', { filter: { q: 'presence-1' } }, admin);
  expect(search.body.result.data).toEqual([
    expect.objectContaining({ MID: 'presence-1', ONLINE: false, LAST_SEEN: offline.LAST_SEEN }),
  ]);
  const offlineList = await listed('presence-1', {
    rowfilter: { ONLINE: 'false' },
    rowfilteroper: { ONLINE: TextOperator.equals },
  });
  expect(offlineList.map((r) => r.MID)).toEqual(['presence-1']);
}, 60_000);

it('takes the state from the holding node’s heartbeat, before any sweep rewrites the row', async () => {
  await enrol('presence-2');
  await sql`INSERT INTO core.nodes (node, beat_at) VALUES ('presence-node', now())`.execute(
    t.database.db,
  );
  await sql`UPDATE core.device_directory SET online = true, node = 'presence-node',
    last_seen = now() - interval '30 seconds' WHERE mid = 'presence-2'`.execute(t.database.db);
  const [live] = await listed('presence-2');
  expect(live.ONLINE).toBe(true);
  expect(Math.abs(Date.now() - new Date(live.LAST_SEEN!).getTime())).toBeLessThan(5_000);
  const summary = await t.call('fleetSummary', { database: demo.project }, admin);
  const onlineBefore = summary.body.result.online as number;

  // Its heartbeat 8 s old: past the expiry, whatever the directory row still says.
  await sql`UPDATE core.nodes SET beat_at = now() - interval '8 seconds'
    WHERE node = 'presence-node'`.execute(t.database.db);
  const [dead] = await listed('presence-2');
  expect(dead.ONLINE).toBe(false);
  expect(await listed('presence-2', onlineOnly)).toEqual([]);
  const after = await t.call('fleetSummary', { database: demo.project }, admin);
  expect(after.body.result.online).toBe(onlineBefore - 1);
});

it('sorts by last seen (never seen last, newest first) and filters by its day, across pages', async () => {
  const day = 24 * 3600 * 1000;
  const seen = { 'seen-a': 3600 * 1000, 'seen-b': 3 * day, 'seen-c': null };
  for (const [mid, ago] of Object.entries(seen)) {
    await enrol(mid);
    await sql`UPDATE core.device_directory
      SET online = false, last_seen = ${ago === null ? null : new Date(Date.now() - ago)}
      WHERE mid = ${mid}`.execute(t.database.db);
  }
  const order = async (orderDir: string, start = 0, length = 100) =>
    (await listed('seen-', { datatable: { start, length, orderBy: 'LAST_SEEN', orderDir } })).map(
      (row) => row.MID,
    );
  expect(await order('desc')).toEqual(['seen-a', 'seen-b', 'seen-c']);
  expect(await order('asc')).toEqual(['seen-c', 'seen-b', 'seen-a']);
  // Pages that end inside the seen part, straddle both parts, or start in the never-seen part.
  expect(await order('desc', 0, 1)).toEqual(['seen-a']);
  expect(await order('desc', 1, 2)).toEqual(['seen-b', 'seen-c']);
  expect(await order('desc', 2, 5)).toEqual(['seen-c']);
  expect(await order('asc', 1, 1)).toEqual(['seen-b']);

  const b = new Date(Date.now() - seen['seen-b']);
  const dayOfB = `${b.getFullYear()}-${String(b.getMonth() + 1).padStart(2, '0')}-${String(b.getDate()).padStart(2, '0')}`;
  const onDay = await listed('seen-', {
    rowfilter: { LAST_SEEN: dayOfB },
    rowfilteroper: { LAST_SEEN: TextOperator.equals },
  });
  expect(onDay.map((row) => row.MID)).toEqual(['seen-b']);
  const notOnDay = await listed('seen-', {
    rowfilter: { LAST_SEEN: dayOfB },
    rowfilteroper: { LAST_SEEN: TextOperator.notEquals },
  });
  expect(notOnDay.map((row) => row.MID)).toEqual(['seen-a', 'seen-c']);

  // The connection state is no sort: the envelope says so.
  const refused = await t.call(
    'devicesWithPages',
    { database: demo.project, datatable: { start: 0, length: 10, orderBy: 'ONLINE' } },
    admin,
  );
  expect(refused.body.error.code).not.toBe('0');
  expect(refused.body.error.description).toMatch(/ONLINE/);
});
