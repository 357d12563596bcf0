import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_SCHEMAS } from '../../protocol/mdm/policy-schema';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import type { VirtualDevice } from '../../simulator/device';
import { Fleet } from '../../simulator/fleet';
import { managedKind, mdmTraits, nonCompliance } from '../../simulator/mdm';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';
import { managedDevice } from '../support/managed-device';

// The managed devices' lists by kind, the policy pushed over the device socket, and the
// simulator's managed devices (issue 36, docs/mdm.md), on a demo seeded with its MDM tokens.

let t: TestApp;
let demo: DemoEnrolmentFile;
let admin: string;
let server: string;
const devices: VirtualDevice[] = [];

beforeAll(async () => {
  t = await buildTestApp({ DEMO_MDM: 'true' });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(devices.map((device) => device.stop()));
  await t?.close();
});

type Answer = { error: { code: string; description: string }; result: any };
const call = async (operation: string, parameter: unknown) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { authorization: `Bearer ${admin}`, 'accept-language': 'es' },
    payload: { operation, parameter },
  });
  return response.json() as Answer;
};
const row = async (mid: string) =>
  (await call('mdmDevicesList', { filter: { mid } })).result.data.find(
    (found: { mid: string }) => found.mid === mid,
  );
const start = async (token: string, mid: string, options?: Parameters<typeof managedDevice>[3]) => {
  const device = managedDevice(server, token, mid, options);
  devices.push(device);
  await device.enrol('');
  device.start();
  await until(() => device.connected);
  return device;
};

describe('the demo seed', () => {
  it('makes four valid policies and a token per kind, written for the simulator', async () => {
    expect(Object.keys(demo.mdm ?? {}).sort()).toEqual([
      'android',
      'ios',
      'kiosk',
      'pending',
      'windows',
    ]);
    const policies = (await call('mdmPoliciesList', {})).result.data;
    expect(policies).toHaveLength(4);
    for (const policy of policies) {
      const schema = POLICY_SCHEMAS[policy.platform as keyof typeof POLICY_SCHEMAS];
      expect(schema.safeParse(policy.document).success).toBe(true);
    }
    const tokens = (await call('mdmEnrolmentTokensList', {})).result.data;
    expect(tokens.filter((token: { approval: boolean }) => token.approval)).toHaveLength(1);
  });
});

describe('a simulated managed device', () => {
  let device: VirtualDevice;

  it('waits pending, is approved, is told its policy and reports what it could not apply', async () => {
    device = await start(demo.mdm!.pending, 'MDM-SIM-0001');
    expect(await row('MDM-SIM-0001')).toMatchObject({ state: 'pending', compliance: 'unknown' });
    await until(() => device.mdm!.pending);
    const { id } = await row('MDM-SIM-0001');
    const approved = await call('mdmSetPendingDevices', { id, status: 'enabled' });
    expect(approved.result).toEqual({ updated: 1, state: 'active' });
    // Android 11 cannot block USB data transfer (Android 12): API_LEVEL.
    await until(async () => (await row('MDM-SIM-0001')).compliance !== 'unknown');
    expect(await row('MDM-SIM-0001')).toMatchObject({
      state: 'active',
      appliedVersion: 1,
      compliance: 'noncompliant',
      reasons: 'API_LEVEL',
      nonCompliance: [{ settingName: 'usbDataAccess', reason: 'API_LEVEL' }],
    });
  });

  it('gets the new version pushed over its socket when its policy changes, and complies', async () => {
    const { policy } = await row('MDM-SIM-0001');
    const stored = (await call('mdmPoliciesShow', { id: policy })).result;
    const { usbDataAccess: _usb, ...document } = stored.document;
    const edited = await call('mdmPoliciesEdit', { id: policy, version: stored.version, document });
    expect(edited.error.description).toBe('');
    await until(async () => (await row('MDM-SIM-0001')).appliedVersion === 2);
    expect(await row('MDM-SIM-0001')).toMatchObject({ compliance: 'compliant', reasons: null });
  });

  it('moves to the kiosk list when given a kiosk policy, and is told of it', async () => {
    const kiosk = (await call('mdmPoliciesList', { filter: { name: 'Android quiosco' } })).result
      .data[0];
    const before = await row('MDM-SIM-0001');
    const edit = await call('mdmDevicesEdit', {
      id: before.id,
      version: before.version,
      policy: kiosk.id,
    });
    expect(edit.error.description).toBe('');
    await until(async () => (await row('MDM-SIM-0001')).policy === kiosk.id);
    expect((await row('MDM-SIM-0001')).kind).toBe('kiosk');
    await until(async () => device.mdm!.applied === kiosk.policyVersion);
    // The narrowed list over REST: the kiosk devices only.
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/rest/mdm-kiosk-devices',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(rest.json().map((found: { mid: string }) => found.mid)).toEqual(['MDM-SIM-0001']);
    const ios = await t.app.inject({
      method: 'GET',
      url: '/api/rest/mdm-ios-devices',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(ios.json()).toEqual([]);
  });

  it('answers an MDM command through the queue: lock ends executed', async () => {
    const sent = await call('sendCommand', {
      database: demo.project,
      cmd: 'lock',
      dest: ['MDM-SIM-0001'],
      params: {},
    });
    expect(sent.error.description).toBe('');
    const history = async () =>
      (await call('cmdMdmLog', { database: demo.project, mid: 'MDM-SIM-0001' })).result.data.find(
        (found: { CMD: string }) => found.CMD === 'lock',
      );
    await until(async () => (await history())?.STATE === 'executed');
  });
});

describe('the simulated fleet', () => {
  it('enrols its managed share with the demo MDM tokens, some pending, and they report', async () => {
    const fleet = new Fleet({
      server,
      project: demo.project,
      token: demo.token,
      devices: 30,
      stateFile: null,
      checkinSeconds: 3600,
      episodes: false,
      firstCheckinWithin: 1,
      mdm: { share: 0.5, tokens: demo.mdm! },
    });
    try {
      const { enrolled, failed } = await fleet.enrol();
      expect({ enrolled, failed }).toEqual({ enrolled: 30, failed: 0 });
      const managed = fleet.devices.filter((device) => device.mdm);
      expect(managed.length).toBeGreaterThan(5);
      fleet.start();
      const rows = async () =>
        (await call('mdmDevicesList', { datatable: { start: 0, length: 100 } })).result.data as {
          mid: string;
          state: string;
          compliance: string;
        }[];
      const mids = new Set(managed.map((device) => device.mid));
      await until(
        async () => (await rows()).filter((r) => mids.has(r.mid)).length === mids.size,
        20_000,
      );
      // The approved ones read their policy on connecting and report; the pending ones wait.
      await until(
        async () =>
          (await rows())
            .filter((r) => mids.has(r.mid) && r.state === 'active')
            .every((r) => r.compliance !== 'unknown'),
        20_000,
      );
      const states = new Set((await rows()).filter((r) => mids.has(r.mid)).map((r) => r.state));
      expect(states.has('active')).toBe(true);
    } finally {
      await fleet.stop();
    }
  });

  it('manages about a fifth of its devices, of every kind, with realistic failures', () => {
    const kinds = Array.from({ length: 400 }, (_, index) =>
      managedKind('fleet-seed', index, index % 3 === 0 ? 'IPHONE' : 'ANDROID', 0.2),
    ).filter(Boolean);
    expect(kinds.length).toBeGreaterThan(40);
    expect(kinds.length).toBeLessThan(140);
    expect(new Set(kinds)).toEqual(new Set(['android', 'kiosk', 'ios', 'pending']));
    const policy = {
      policy: 1,
      name: 'p',
      version: 1,
      platform: 'android',
      document: {
        systemUpdate: { type: 'AUTOMATIC' },
        usbDataAccess: 'DISALLOW_USB_DATA_TRANSFER',
      },
    };
    const traits = { ...mdmTraits('x'), postponesUpdates: true };
    expect(nonCompliance(policy, { platform: 'ANDROID', osVersion: '14' }, traits)).toEqual([
      expect.objectContaining({ settingName: 'systemUpdate', reason: 'USER_ACTION' }),
    ]);
  });
});
