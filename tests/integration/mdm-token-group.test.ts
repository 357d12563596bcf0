import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { mdmFleet } from '../support/mdm-fleet';

// An MDM enrolment token may name a device group of its project (docs/mdm.md, "Enrolment"): the
// devices it enrols join that group, and so take the policy assigned to it. The group must be
// one of the token's project, of its policy's platform; a group deleted leaves its tokens
// enrolling into none. The demo's kiosk token names the group "Reparto".

let t: TestApp;
let admin: string;
let fleet: ReturnType<typeof mdmFleet>;
let database: number;
let seeds: Record<'android' | 'ios', string>;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_MDM: 'true' });
  admin = await t.tokenFor('admin');
  fleet = mdmFleet(t);
  database = fleet.demo.project;
  // A group is saved with one device at least: one of each platform, enrolled without a group.
  seeds = {
    android: (await fleet.token(admin, 'android')).token,
    ios: (await fleet.token(admin, 'ios')).token,
  };
});
afterAll(async () => t?.close());

/**
 * A device group of the demo project, made through `admgroups` (the group editor's call) with
 * one device of the platform, enrolled for it: the group is of that platform.
 */
async function group(NAME: string, platform: 'android' | 'ios' = 'android') {
  const mid = `TG-SEED-${NAME}`;
  await fleet.enrol(seeds[platform], mid);
  const { rows } = await sql<{ ID: number }>`SELECT "ID" FROM
    ${sql.table(`prj_${database}.devices`)} WHERE "MID" = ${mid}`.execute(t.database.db);
  const data = { NAME, DESCRIPTION: NAME, Devices: [rows[0].ID] };
  const made = await fleet.created('admgroups', { database, oper: 'update', data }, admin);
  return made.ID as number;
}

async function policyOf(name: string, platform: string) {
  return (await fleet.created('mdmPoliciesCreate', { name, platform }, admin)).id as number;
}

const tokenCreate = (parameter: Record<string, unknown>, language = 'es') =>
  fleet.call('mdmEnrolmentTokensCreate', { project: database, ...parameter }, admin, language);

async function members(groupId: number) {
  const { rows } = await sql<{ MID: string; DEVICEGROUP: string | null }>`
    SELECT d."MID", d."DEVICEGROUP" FROM ${sql.table(`prj_${database}.group_devices`)} gd
    JOIN ${sql.table(`prj_${database}.devices`)} d ON d."ID" = gd."IDDEVICE"
    WHERE gd."IDGROUP" = ${groupId} ORDER BY d."MID"`.execute(t.database.db);
  return rows;
}

async function managed(mid: string) {
  const { rows } = await sql<{ policy: string; policySource: string }>`
    SELECT policy, "policySource" FROM core.mdm_devices WHERE mid = ${mid}`.execute(t.database.db);
  return { policy: Number(rows[0].policy), source: rows[0].policySource };
}

describe('MDM enrolment token naming a device group', () => {
  it('enrols its devices into the group, which then gives them its assigned policy', async () => {
    const vans = await group('Furgonetas');
    const tokenPolicy = await policyOf('Token', 'android');
    const groupPolicy = await policyOf('Furgonetas', 'android');
    await fleet.created(
      'mdmAssignmentsCreate',
      { policy: groupPolicy, project: database, group: vans, priority: 100 },
      admin,
    );
    const made = await tokenCreate({ name: 'Furgonetas', policy: tokenPolicy, group: vans });
    expect(made.error.description).toBe('');
    expect(made.result).toMatchObject({ group: vans, project: database });
    await fleet.enrol(made.result.token, 'TG-1');
    await fleet.enrol(made.result.token, 'TG-2');
    expect(await members(vans)).toEqual([
      { MID: 'TG-1', DEVICEGROUP: 'Furgonetas' },
      { MID: 'TG-2', DEVICEGROUP: 'Furgonetas' },
      { MID: 'TG-SEED-Furgonetas', DEVICEGROUP: 'Furgonetas' },
    ]);
    expect(await managed('TG-1')).toEqual({ policy: groupPolicy, source: 'group' });
    // A token without a group enrols into none: its policy is the token's.
    const plain = await tokenCreate({ name: 'Sin grupo', policy: tokenPolicy });
    await fleet.enrol(plain.result.token, 'TG-3');
    expect(await managed('TG-3')).toEqual({ policy: tokenPolicy, source: 'token' });
  });

  it("refuses a group that is not the project's, or of another platform, in the caller's language", async () => {
    const android = await policyOf('Android', 'android');
    const missing = await tokenCreate({ name: 'Mal', policy: android, group: 99_999 });
    expect(missing.error.code).not.toBe('0');
    expect(missing.error.description).toMatch(
      /^El grupo 99999 no es un grupo de dispositivos del proyecto «/,
    );
    const iphones = await group('iPhones', 'ios');
    const other = await tokenCreate({ name: 'Mal', policy: android, group: iphones }, 'en');
    expect(other.error.description).toBe(
      'Group "iPhones" is of iPhone: the devices of this policy are of Android.',
    );
    const made = await tokenCreate({ name: 'Bien', policy: android });
    const edit = await fleet.call(
      'mdmEnrolmentTokensEdit',
      { id: made.result.id, version: made.result.version, group: iphones },
      admin,
    );
    expect(edit.error.description).toBe(
      'El grupo «iPhones» es de iPhone: los dispositivos de esta política son de Android.',
    );
  });

  it('a group deleted leaves its tokens enrolling into none', async () => {
    const gone = await group('Temporal');
    const policy = await policyOf('Temporal', 'android');
    const made = await tokenCreate({ name: 'Temporal', policy, group: gone });
    const deleted = await fleet.call(
      'admgroups',
      { database, oper: 'delete', data: { ID: gone } },
      admin,
    );
    expect(deleted.error.description).toBe('');
    const shown = await fleet.call('mdmEnrolmentTokensShow', { id: made.result.id }, admin);
    expect(shown.result.group).toBeNull();
    await fleet.enrol(made.result.token, 'TG-4');
    expect(await managed('TG-4')).toEqual({ policy, source: 'token' });
  });

  it("the demo's kiosk token enrols into the group Reparto, assigned the kiosk policy", async () => {
    await fleet.enrol(fleet.demo.mdm!.kiosk, 'TG-KIOSK');
    const { rows } = await sql<{ ID: number }>`SELECT "ID" FROM
      ${sql.table(`prj_${database}.groups`)} WHERE "NAME" = 'Reparto'`.execute(t.database.db);
    expect((await members(rows[0].ID)).map((m) => m.MID)).toContain('TG-KIOSK');
    expect((await managed('TG-KIOSK')).source).toBe('group');
  });
});
