import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFilters, type DeviceListFilter } from '../../protocol/mdm/dashboard';
import { buildTestApp, type TestApp } from '../support/app';
import { mdmFleet } from '../support/mdm-fleet';

// The MDM dashboard (issue 36, docs/mdm.md "/app/mdmdash"): every figure counted in SQL, and the
// list each one links to (the managed devices filtered as protocol/mdm/dashboard.ts says) holding
// as many devices as the figure says.

let t: TestApp;
let admin: string;
let fleet: ReturnType<typeof mdmFleet>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  fleet = mdmFleet(t);
  const android = await fleet.token(admin, 'android');
  const ios = await fleet.token(admin, 'ios');
  const approval = await fleet.token(admin, 'android', true);
  for (const mid of ['DASH-A1', 'DASH-A2', 'DASH-A3']) await fleet.enrol(android.token, mid);
  await fleet.enrol(ios.token, 'DASH-I1');
  for (const mid of ['DASH-P1', 'DASH-P2']) await fleet.enrol(approval.token, mid);
  await fleet.report('DASH-A1', android.policy, ['API_LEVEL', 'USER_ACTION', 'API_LEVEL']);
  await fleet.report('DASH-A2', android.policy, ['API_LEVEL']);
  await fleet.report('DASH-A3', android.policy, []);
  // Not seen for ten days.
  await sql`UPDATE core.mdm_devices SET "lastSeen" = now() - interval '10 days'
    WHERE mid = 'DASH-I1'`.execute(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

const listed = async (filter: DeviceListFilter) => {
  const answer = await fleet.call('mdmDevicesList', { filter }, admin);
  expect(answer.error.description).toBe('');
  return answer.result.total as number;
};

describe('MDM dashboard', () => {
  it('counts by platform, compliance, reason, approval and last contact, in SQL', async () => {
    const sent = await fleet.call(
      'sendCommand',
      { database: fleet.demo.project, cmd: 'lock', dest: ['DASH-A3'], params: {} },
      admin,
    );
    expect(sent.error.description).toBe('');
    const answer = await fleet.call('mdmDashboard', {}, admin);
    expect(answer.error.description).toBe('');
    const figures = answer.result;
    expect(figures.platforms).toEqual([
      { platform: 'android', devices: 3 },
      { platform: 'ios', devices: 1 },
    ]);
    expect(figures.compliance).toEqual([
      { compliance: 'noncompliant', devices: 2 },
      { compliance: 'compliant', devices: 1 },
      { compliance: 'unknown', devices: 1 },
    ]);
    // A reason counts each device once, however many of its settings it names.
    expect(figures.reasons).toEqual([
      { reason: 'API_LEVEL', devices: 2 },
      { reason: 'USER_ACTION', devices: 1 },
    ]);
    expect(figures).toMatchObject({ pending: 2, unseen: 1, commandsInFlight: 1 });
  });

  it("links every figure to a list holding as many devices as the figure's", async () => {
    const { result: figures } = await fleet.call('mdmDashboard', {}, admin);
    for (const { platform, devices } of figures.platforms)
      expect(await listed(dashboardFilters.platform(platform))).toBe(devices);
    for (const { compliance, devices } of figures.compliance)
      expect(await listed(dashboardFilters.compliance(compliance))).toBe(devices);
    for (const { reason, devices } of figures.reasons)
      expect(await listed(dashboardFilters.reason(reason))).toBe(devices);
    expect(await listed(dashboardFilters.pending())).toBe(figures.pending);
    expect(await listed(dashboardFilters.unseen(figures.unseenSince))).toBe(figures.unseen);
  });

  it('is read by an ordinary user of the company too', async () => {
    const usuario = await t.tokenFor('usuario');
    const answer = await fleet.call('mdmDashboard', {}, usuario);
    expect(answer.error.description).toBe('');
    expect(answer.result.pending).toBe(2);
  });
});
