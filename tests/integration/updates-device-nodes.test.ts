import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deviceAuthorization, type ServerMessage } from '../../protocol/device-protocol';
import { UPDATE_TYPES } from '../../protocol/updates';
import { buildApp } from '../../server/app';
import { redisAnswers } from '../../server/bus/redis-bus';
import { connect, type Db } from '../../server/db/database';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { announceUpdates } from '../../server/updates/device-announce';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) {
  console.warn(`updates-device-nodes.test.ts skipped: Redis does not answer at ${REDIS_URL}`);
}

let t: TestApp;
let nodeB: FastifyInstance;
let dbB: Db;
let demo: DemoEnrolmentFile;

beforeAll(async () => {
  if (!redisUp) return;
  t = await buildTestApp({ REDIS_URL, REDIS_PREFIX: `flota-test-${crypto.randomUUID()}:` });
  dbB = connect(t.database.url, 5);
  nodeB = await buildApp({ config: t.config, db: dbB, sandbox: t.database.sandbox });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
});
afterAll(async () => {
  await nodeB?.close();
  await dbB?.destroy();
  await t?.close();
});

/**
 * A publish taken by node A reaches a device whose socket node B holds: the announcement travels
 * the bus, B finds its device's pending row, and B records the confirmation the device sends it.
 */
it.skipIf(!redisUp)('announces an update to a device connected to another node', async () => {
  const mid = 'UPD-NODE-B-01';
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
  });
  const credential = enrolled.json().result.credential as string;
  const serverB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`${serverB.replace(/^http/, 'ws')}/api/device/v1/socket`, {
    headers: { authorization: deviceAuthorization(mid, credential) },
  });
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
  await until(() => messages.some((m) => m.type === 'welcome'));

  const schema = `prj_${demo.project}`;
  const { rows } = await sql<{ ID: number }>`
    INSERT INTO ${sql.id(schema, 'updates')} ("TIPO", "VERSION", "VERSIONCOMPLETA",
      "TEMPDIRECTORY", "STATE", "STATISTICTOTAL")
    VALUES (${UPDATE_TYPES.GENERAL}, 900, '2026.11.26-900', ${crypto.randomUUID()}::uuid,
      'published', 1)
    RETURNING "ID"
  `.execute(t.database.db);
  await sql`
    INSERT INTO ${sql.id(schema, 'device_updates')} ("UPDATE_ID", "MID") VALUES (${rows[0].ID}, ${mid})
  `.execute(t.database.db);

  await announceUpdates(schema, 'all', t.database.db);
  await until(() => messages.some((m) => m.type === 'updates'));
  socket.send(JSON.stringify({ type: 'updateConfirm', version: 900, ok: true }));
  await until(() => messages.some((m) => m.type === 'updateRecorded'));
  const { rows: counted } = await sql<{ STATISTICOK: number }>`
    SELECT "STATISTICOK" FROM ${sql.id(schema, 'updates')} WHERE "VERSION" = 900
  `.execute(t.database.db);
  expect(counted[0].STATISTICOK).toBe(1);
  socket.close();
});
