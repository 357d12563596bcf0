import crypto from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_ASSIGNMENT_PRIORITY } from '../../protocol/resources/mdm-assignments';
import { engineDb } from '../engine/rows';
import { projectSchemaName } from '../db/projects';
import type { Db } from '../db/database';

/**
 * The demo company's MDM (docs/mdm.md, "Simulator"): four policies — Android fully managed,
 * Android kiosk, iOS supervised, Windows — and an enrolment token for each, plus an Android one
 * that asks for approval, so that `npm start`'s simulated fleet has managed devices of every
 * kind, some waiting in /app/mdmpendingdevices; the kiosk policy is assigned to the device group
 * "Reparto", which the kiosk token's devices join. The tokens go to DATA_DIR/demo-enrolment.json.
 */

export type DemoMdmTokens = Record<'android' | 'kiosk' | 'ios' | 'windows' | 'pending', string>;

const KIOSK_APP = 'com.flota.demo.kiosk';

const POLICIES = {
  android: {
    name: 'Android corporativo',
    platform: 'android',
    document: {
      passwordPolicies: [{ passwordQuality: 'NUMERIC_COMPLEX', passwordMinimumLength: 6 }],
      screenCaptureDisabled: true,
      usbDataAccess: 'DISALLOW_USB_DATA_TRANSFER',
      systemUpdate: { type: 'WINDOWED', startMinutes: 120, endMinutes: 300 },
      factoryResetDisabled: true,
    },
  },
  kiosk: {
    name: 'Android quiosco',
    platform: 'android',
    document: {
      applications: [{ packageName: KIOSK_APP, installType: 'KIOSK' }],
      kioskCustomization: {
        statusBar: 'SYSTEM_INFO_ONLY',
        systemNavigation: 'NAVIGATION_DISABLED',
      },
      systemUpdate: { type: 'AUTOMATIC' },
    },
  },
  ios: {
    name: 'iOS supervisado',
    platform: 'ios',
    document: {
      passcode: { forcePIN: true, minLength: 6 },
      restrictions: { allowScreenShot: false },
      softwareUpdate: { enforcedSoftwareUpdateDelay: 14 },
    },
  },
  windows: {
    name: 'Windows portátiles',
    platform: 'windows',
    document: {
      deviceLock: { DevicePasswordEnabled: true, MinDevicePasswordLength: 8 },
      connectivity: { AllowUSBConnection: false },
      update: { ActiveHoursStart: 8, ActiveHoursEnd: 18, DeferQualityUpdatesPeriodInDays: 7 },
    },
  },
} as const;

export async function seedDemoMdm(trx: Db, companyId: number, project: number) {
  const db = engineDb(trx);
  await db
    .insertInto('core.managed_apps')
    .values({
      company_id: companyId,
      packageName: KIOSK_APP,
      label: 'Quiosco demo',
      required: true,
      autoUpdate: true,
    })
    .execute();
  // The kiosk's catalogue too: /app/mdmkiosk picks the kiosk policies' apps from it.
  await db
    .insertInto('core.kiosk_apps')
    .values({ company_id: companyId, Name: 'Quiosco demo', Package: KIOSK_APP })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const ids: Record<string, number> = {};
  for (const [key, policy] of Object.entries(POLICIES)) {
    const document = JSON.stringify(policy.document);
    const row = await db
      .insertInto('core.mdm_policies')
      .values({
        company_id: companyId,
        name: policy.name,
        platform: policy.platform,
        policyVersion: 1,
        document,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[key] = Number(row.id);
    await db
      .insertInto('core.mdm_policy_versions')
      .values({
        company_id: companyId,
        policy: ids[key],
        policyVersion: 1,
        platform: policy.platform,
        author: 'admin',
        document,
      })
      .execute();
  }
  // The delivery vans' group: the kiosk token's devices join it and take its policy.
  const reparto = await seedDemoGroup(trx, project);
  const tokens = {} as DemoMdmTokens;
  const kinds = ['android', 'kiosk', 'ios', 'windows', 'pending'] as const;
  for (const kind of kinds) {
    const policy = kind === 'pending' ? 'android' : kind;
    tokens[kind] = crypto.randomBytes(32).toString('base64url');
    await db
      .insertInto('core.mdm_enrolment_tokens')
      .values({
        company_id: companyId,
        name:
          kind === 'pending' ? `${POLICIES.android.name} (con aprobación)` : POLICIES[policy].name,
        policy: ids[policy],
        platform: POLICIES[policy].platform,
        project,
        approval: kind === 'pending',
        group: kind === 'kiosk' ? reparto : null,
        uses: 0,
        token: tokens[kind],
      })
      .execute();
  }
  await seedDemoAssignment(trx, companyId, project, ids.kiosk, reparto);
  return tokens;
}

/** A device group of the demo project, "Reparto", the kiosk token's (its devices join it). */
async function seedDemoGroup(trx: Db, project: number): Promise<number> {
  const { rows } = await sql<{ ID: number }>`
    INSERT INTO ${sql.table(`${projectSchemaName(project)}.groups`)} ("NAME", "DESCRIPTION", "PLATFORM")
    VALUES ('Reparto', 'Terminales de las furgonetas de reparto', 'ANDROID')
    RETURNING "ID"`.execute(trx);
  return rows[0].ID;
}

/**
 * The kiosk policy assigned to the group "Reparto" (docs/mdm.md "Assignment"): shown in the
 * policy's editor ("Grupos"); the devices the kiosk token enrols join the group and take it
 * from there ("Política del grupo «Reparto»").
 */
async function seedDemoAssignment(
  trx: Db,
  companyId: number,
  project: number,
  policy: number,
  group: number,
) {
  await engineDb(trx)
    .insertInto('core.mdm_assignments')
    .values({
      company_id: companyId,
      policy,
      project,
      group,
      priority: DEFAULT_ASSIGNMENT_PRIORITY,
      groupName: 'Reparto',
      platform: 'android',
      devices: 0,
    })
    .execute();
}
