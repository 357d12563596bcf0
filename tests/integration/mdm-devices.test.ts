import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';

// Managed devices (issue 36, docs/mdm.md "Enrolment", "Device protocol messages"): an enrolment
// token of a policy, a device enrolling with it (pending when the token asks for approval),
// approval in bulk, the compliance report, and an MDM command queued while the device is offline.

let t: TestApp;
let demo: DemoEnrolmentFile;
let admin: string;
let usuario: string;
let server: string;
const agents: CommandAgent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await t?.close();
});

type Answer = { error: { code: string; description: string }; result: any };
const call = async (operation: string, parameter: unknown, token = admin, language = 'es') => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    payload: { operation, parameter },
  });
  return response.json() as Answer;
};

async function created(operation: string, parameter: unknown) {
  const answer = await call(operation, parameter);
  expect(answer.error.description).toBe('');
  return answer.result;
}

const enrol = (token: string, mid: string, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/v1/mdm/enrol',
    payload: { token, mid, model: 'Pixel 8', owner: 'Ana', os: 'Android 14', ...extra },
  });

const device = async (mid: string) =>
  (await call('mdmDevicesList', { filter: { mid } })).result.data.find(
    (row: { mid: string }) => row.mid === mid,
  );

let policy: { id: number; policyVersion: number };
let open: { id: number; token: string };
let approval: { id: number; token: string };
const credentials = new Map<string, string>();

describe('MDM enrolment tokens', () => {
  it('are made by the server for a policy, with a QR payload, a link and per-platform files', async () => {
    policy = await created('mdmPoliciesCreate', {
      name: 'Flota estándar',
      platform: 'android',
      document: { cameraDisabled: true },
    });
    open = await created('mdmEnrolmentTokensCreate', {
      name: 'Almacén',
      policy: policy.id,
      project: demo.project,
      maxUses: 2,
      // A value sent for the token is not taken: the server makes it.
      token: 'chosen-by-the-caller',
    });
    expect(open.token).toMatch(/^[\w-]{43}$/);
    expect(open).toMatchObject({ platform: 'android', uses: 0, approval: false });
    approval = await created('mdmEnrolmentTokensCreate', {
      name: 'Oficina',
      policy: policy.id,
      project: demo.project,
      approval: true,
    });
    const details = await call('mdmEnrolmentDetails', { id: open.id });
    const extras = details.result.payload['android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE'];
    expect(extras.token).toBe(open.token);
    expect(details.result.link).toContain('flota://enrol?');

    const ios = await created('mdmPoliciesCreate', { name: 'iPhone', platform: 'ios' });
    const iosToken = await created('mdmEnrolmentTokensCreate', {
      name: 'iPhones',
      policy: ios.id,
      project: demo.project,
    });
    const profile = await call('mdmEnrolmentDetails', { id: iosToken.id });
    expect(profile.result.mobileconfig).toContain('<string>com.apple.mdm</string>');
    expect(profile.result.mobileconfig).toContain(encodeURIComponent(iosToken.token));
  });

  it('are read and written by administrators only; a project of another company is refused', async () => {
    const list = await call('mdmEnrolmentTokensList', {}, usuario);
    expect(list.error.code).not.toBe('0');
    const details = await call('mdmEnrolmentDetails', { id: open.id }, usuario);
    expect(details.error.code).not.toBe('0');
    const foreign = await call('mdmEnrolmentTokensCreate', {
      name: 'Ajeno',
      policy: policy.id,
      project: 999999,
    });
    expect(foreign.error.code).not.toBe('0');
  });
});

describe('MDM enrolment and approval', () => {
  it('enrols with a token, counting its uses, and refuses a used-up one', async () => {
    for (const mid of ['MDM-0001', 'MDM-0002']) {
      const response = await enrol(open.token, mid);
      expect(response.json().error.description).toBe('');
      expect(response.json().result.state).toBe('active');
      credentials.set(mid, response.json().result.credential);
    }
    const third = await enrol(open.token, 'MDM-0003');
    expect(third.statusCode).toBe(401);
    expect(third.json().error.code).not.toBe('0');
    expect(await device('MDM-0001')).toMatchObject({
      state: 'active',
      platform: 'android',
      kind: 'android',
      policy: policy.id,
      compliance: 'unknown',
      project: demo.project,
    });
    const token = await call('mdmEnrolmentTokensShow', { id: open.id });
    expect(token.result.uses).toBe(2);
  });

  it('keeps the devices of an approval token pending until approved or refused, in bulk', async () => {
    for (const mid of ['MDM-0101', 'MDM-0102', 'MDM-0103']) {
      const response = await enrol(approval.token, mid);
      expect(response.json().result.state).toBe('pending');
      credentials.set(mid, response.json().result.credential);
    }
    const pending = await call('mdmDevicesList', { filter: { state: 'pending' } });
    expect(pending.result.data.map((row: { mid: string }) => row.mid).sort()).toEqual([
      'MDM-0101',
      'MDM-0102',
      'MDM-0103',
    ]);
    // A pending device gets no policy.
    const early = await t.app.inject({
      method: 'GET',
      url: '/api/device/v1/mdm/policy',
      headers: { authorization: `Device MDM-0101:${credentials.get('MDM-0101')}` },
    });
    expect(early.statusCode).toBe(403);

    const byUser = await call(
      'mdmSetPendingDevices',
      { lstMID: ['MDM-0101'], status: 'enabled' },
      usuario,
    );
    expect(byUser.error.code).not.toBe('0');
    // A device not pending in the list: nothing changes.
    const mixed = await call('mdmSetPendingDevices', {
      lstMID: ['MDM-0101', 'MDM-0001'],
      status: 'enabled',
    });
    expect(mixed.error.description).toMatch(/MDM-0001/);
    expect((await device('MDM-0101')).state).toBe('pending');

    const approved = await call('mdmSetPendingDevices', {
      lstMID: ['MDM-0101', 'MDM-0102'],
      status: 'enabled',
    });
    expect(approved.result).toEqual({ updated: 2, state: 'active' });
    const refused = await call('mdmSetPendingDevices', {
      id: (await device('MDM-0103')).id,
      status: 'disabled',
    });
    expect(refused.result.state).toBe('refused');
    // Refused: unenrolled, its credential ended.
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/device/v1/mdm/policy',
      headers: { authorization: `Device MDM-0103:${credentials.get('MDM-0103')}` },
    });
    expect(gone.statusCode).toBe(401);
  });
});

describe('MDM compliance and commands', () => {
  const headers = (mid: string) => ({ authorization: `Device ${mid}:${credentials.get(mid)}` });

  it('gives an approved device its policy and stores its compliance report', async () => {
    const fetched = await t.app.inject({
      method: 'GET',
      url: '/api/device/v1/mdm/policy',
      headers: headers('MDM-0101'),
    });
    expect(fetched.json().result).toMatchObject({
      policy: policy.id,
      version: 1,
      platform: 'android',
      document: { cameraDisabled: true },
    });
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/mdm/compliance',
      headers: headers('MDM-0101'),
      payload: {
        policy: policy.id,
        version: 1,
        state: 'partial',
        nonCompliance: [{ settingName: 'cameraDisabled', reason: 'API_LEVEL' }],
      },
    });
    expect(report.json().result).toEqual({ recorded: 1, current: 1, compliance: 'noncompliant' });
    expect(await device('MDM-0101')).toMatchObject({
      appliedVersion: 1,
      compliance: 'noncompliant',
      reasons: 'API_LEVEL',
      nonCompliance: [{ settingName: 'cameraDisabled', reason: 'API_LEVEL' }],
    });
    // Filtered by a reason in SQL.
    const byReason = await call('mdmDevicesList', { filter: { reasons: 'API_LEVEL' } });
    expect(byReason.result.data.map((row: { mid: string }) => row.mid)).toEqual(['MDM-0101']);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/mdm/compliance',
      headers: headers('MDM-0101'),
      payload: { policy: policy.id, version: 1, state: 'partial', nonCompliance: [{}] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).not.toBe('0');

    const fixed = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/mdm/compliance',
      headers: headers('MDM-0101'),
      payload: { policy: policy.id, version: 1, state: 'applied', nonCompliance: [] },
    });
    expect(fixed.json().result.compliance).toBe('compliant');
    expect((await device('MDM-0101')).reasons).toBeNull();
  });

  it('queues an MDM command for an offline device and delivers it when the device connects', async () => {
    const sent = await call('sendCommand', {
      database: demo.project,
      cmd: 'lostmode',
      dest: ['MDM-0102'],
      params: { enabled: true, message: 'Devuélvalo a recepción' },
    });
    expect(sent.error.description).toBe('');
    expect(sent.result.results[0].state).toBe('pending');
    const agent = new CommandAgent('MDM-0102', credentials.get('MDM-0102')!);
    agents.push(agent);
    await agent.connect(server);
    await until(() => agent.commands().some((command) => command.cmd === 'lostmode'));
    const history = async () =>
      (await call('cmdMdmLog', { database: demo.project, mid: 'MDM-0102' })).result.data.find(
        (row: { CMD: string }) => row.CMD === 'lostmode',
      );
    await until(async () => (await history())?.STATE === 'executed');
    expect((await history()).EXPIRES).not.toBeNull();
  });

  it("refuses another platform's policy for a device", async () => {
    const ios = (await call('mdmPoliciesList', { filter: { platform: 'ios' } })).result.data[0];
    const row = await device('MDM-0001');
    const edit = await call('mdmDevicesEdit', { id: row.id, version: row.version, policy: ios.id });
    expect(edit.error.description).toMatch(/iOS/);
  });
});
