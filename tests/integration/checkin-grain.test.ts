import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization, type CheckinRequest } from '../../protocol/device-protocol';
import { projectDb } from '../../server/db/project-schema';
import { projectSchemaName } from '../../server/db/projects';
import { STAMP_GRAIN_SECONDS } from '../../server/device/checkin';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { buildSecondNode, type SecondNode } from '../support/second-node';

// Check-ins that bring nothing new rewrite no row within the grain (docs/decisions.md, "Check-ins
// at 5,000 per second"); what they bring that differs is stored before the answer, and the
// credential and the device's state are read by the same statement on every node, so a device
// disabled or deleted through one node is answered so at once by the other.

let t: TestApp;
let second: SecondNode;
let nodeB: FastifyInstance;
let demo: DemoEnrolmentFile;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildSecondNode(t);
  nodeB = second.app;
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const prj = () => projectDb(t.database.db, projectSchemaName(demo.project));

async function enrol(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result.credential;
}

function checkin(app: FastifyInstance, mid: string, credential: string, body: CheckinRequest) {
  return app.inject({
    method: 'POST',
    url: '/api/device/v1/checkin',
    headers: { authorization: deviceAuthorization(mid, credential) },
    payload: body,
  });
}

const stored = (mid: string) =>
  prj()
    .selectFrom('devices')
    .innerJoin('device_info', 'device_info.MID', 'devices.MID')
    .innerJoin('device_positions', 'device_positions.MID', 'devices.MID')
    .select([
      'devices.SINCRONISMO',
      'device_info.INFO',
      'device_info.LASTINFO',
      'device_positions.LATITUDE',
      'device_positions.TIME',
    ])
    .where('devices.MID', '=', mid)
    .executeTakeFirstOrThrow();

/** Moves the device's stored times back by `seconds`, as if its last check-in were that old. */
async function age(mid: string, seconds: number) {
  const back = sql`${`${seconds} seconds`}::interval`;
  await prj()
    .updateTable('devices')
    .set({ SINCRONISMO: sql`"SINCRONISMO" - ${back}` })
    .where('MID', '=', mid)
    .execute();
  await prj()
    .updateTable('device_info')
    .set({ LASTINFO: sql`"LASTINFO" - ${back}`, LASTGPS: sql`"LASTGPS" - ${back}` })
    .where('MID', '=', mid)
    .execute();
  await prj()
    .updateTable('device_positions')
    .set({ TIME: sql`"TIME" - ${back}` })
    .where('MID', '=', mid)
    .execute();
}

const position = (latitude: number) => ({
  latitude,
  longitude: -3.7,
  accuracy: 10,
  time: new Date().toISOString(),
});

describe('a check-in that brings nothing new', () => {
  it('rewrites nothing within the grain, and stamps the times again once it has passed', async () => {
    const mid = 'grain-1';
    const credential = await enrol(mid);
    const body = { info: { batteryLevel: 50 }, position: position(40.1) };
    expect((await checkin(t.app, mid, credential, body)).statusCode).toBe(200);
    const first = await stored(mid);

    expect((await checkin(t.app, mid, credential, body)).statusCode).toBe(200);
    expect(await stored(mid)).toEqual(first);

    await age(mid, STAMP_GRAIN_SECONDS + 5);
    const aged = await stored(mid);
    expect((await checkin(t.app, mid, credential, body)).statusCode).toBe(200);
    const again = await stored(mid);
    expect(again.SINCRONISMO!.getTime()).toBeGreaterThan(aged.SINCRONISMO!.getTime());
    expect(again.LASTINFO!.getTime()).toBeGreaterThan(aged.LASTINFO!.getTime());
    expect(again.TIME!.getTime()).toBeGreaterThan(aged.TIME!.getTime());
  });

  it('stamps SINCRONISMO again when the last one is of an earlier day', async () => {
    const mid = 'grain-2';
    const credential = await enrol(mid);
    expect((await checkin(t.app, mid, credential, {})).statusCode).toBe(200);
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    // A second before midnight: within the grain just after midnight, but of an earlier day.
    await prj()
      .updateTable('devices')
      .set({ SINCRONISMO: new Date(midnight.getTime() - 1000) })
      .where('MID', '=', mid)
      .execute();
    expect((await checkin(t.app, mid, credential, {})).statusCode).toBe(200);
    const row = await prj()
      .selectFrom('devices')
      .select('SINCRONISMO')
      .where('MID', '=', mid)
      .executeTakeFirstOrThrow();
    expect(row.SINCRONISMO!.getTime()).toBeGreaterThanOrEqual(midnight.getTime());
  });

  it('stores what changed before answering, within the grain too', async () => {
    const mid = 'grain-3';
    const credential = await enrol(mid);
    await checkin(t.app, mid, credential, { info: { batteryLevel: 50 }, position: position(40.1) });
    const response = await checkin(nodeB, mid, credential, {
      info: { batteryLevel: 49 },
      position: position(40.2),
    });
    expect(response.statusCode).toBe(200);
    const row = await stored(mid);
    expect(row.INFO).toMatchObject({ batteryLevel: 49 });
    expect(row.LATITUDE).toBe(40.2);
  });
});

describe('a device changed through one node', () => {
  it('is answered disabled, enabled and gone at once by the other', async () => {
    const mid = 'grain-nodes-1';
    const credential = await enrol(mid);
    expect((await checkin(nodeB, mid, credential, {})).json().result.enabled).toBe(true);
    const call = async (operation: string, parameter: Record<string, unknown>) => {
      const { body } = await t.call(operation, { database: demo.project, ...parameter }, admin);
      expect(body.error.code).toBe('0');
      return body.result;
    };
    await call('setPendingDevices', { lstMID: [mid], status: 'disabled' });
    expect((await checkin(nodeB, mid, credential, {})).json().result.enabled).toBe(false);
    await call('setPendingDevices', { lstMID: [mid], status: 'enabled' });
    expect((await checkin(nodeB, mid, credential, {})).json().result.enabled).toBe(true);
    const { ID } = await prj()
      .selectFrom('devices')
      .select('ID')
      .where('MID', '=', mid)
      .executeTakeFirstOrThrow();
    await call('deviceDelete', { ID });
    expect((await checkin(nodeB, mid, credential, {})).statusCode).toBe(401);
  });

  it('is refused at once by the other node when its credential is revoked', async () => {
    const mid = 'grain-nodes-2';
    const credential = await enrol(mid);
    expect((await checkin(nodeB, mid, credential, {})).statusCode).toBe(200);
    await t.database.db
      .updateTable('core.device_directory')
      .set({ revoked_at: new Date() })
      .where('mid', '=', mid)
      .execute();
    expect((await checkin(nodeB, mid, credential, {})).statusCode).toBe(401);
  });
});
