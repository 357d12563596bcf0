import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { okResponse } from '../../protocol/envelope';
import { DEVICE_API } from '../../protocol/device-protocol';
import {
  MDM_DEVICE_API,
  complianceReportSchema,
  mdmEnrolSchema,
  type ComplianceRecorded,
  type DevicePolicy,
} from '../../protocol/mdm/device-messages';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { DeviceDirectory } from '../device/directory';
import { enrolDevice } from '../device/enrol';
import { DeviceRefusal, authenticatedDevice, parseBody, refusing } from '../device/refusal';
import { engineDb } from '../engine/rows';
import { recomputePolicies } from './assignment';
import { projectSchemaName } from '../db/projects';
import { joinGroup } from '../services/groups/stamp';
import { DEVICE_PLATFORM } from './group-place';
import { answeringDevice, deviceKind } from './policy-push';

/**
 * The MDM part of the device API (docs/device-protocol.md "MDM", docs/mdm.md): a device enrols
 * with an MDM enrolment token (its row lands in `mdm-devices`, pending when the token asks for
 * approval), reads its policy and reports what it applied. Its commands travel as every device's
 * (the command queue of its project).
 */

interface TokenRow {
  id: number;
  company_id: number;
  policy: number;
  platform: keyof typeof DEVICE_PLATFORM;
  project: number;
  approval: boolean;
  /** The device group of the project the devices it enrols join, if any. */
  group: number | null;
}

/** Counts one use of a valid MDM token (not expired, uses left), under its row lock. */
async function takeToken(trx: Db, token: string): Promise<TokenRow | null> {
  const { rows } = await sql<TokenRow>`
    UPDATE core.mdm_enrolment_tokens
    SET uses = COALESCE(uses, 0) + 1, updated_at = now()
    WHERE token = ${token}
      AND ("expiresAt" IS NULL OR "expiresAt" > now())
      AND ("maxUses" IS NULL OR COALESCE(uses, 0) < "maxUses")
    RETURNING id::int, company_id, policy::int, platform, project::int, approval, "group"::int
  `.execute(trx);
  return rows[0] ?? null;
}

/** An Android policy with a KIOSK app makes a kiosk device (the /app/mdmadminkiosk list). */
async function kindOf(trx: Db, token: TokenRow): Promise<string> {
  if (token.platform !== 'android') return token.platform;
  const policy = await engineDb(trx)
    .selectFrom('core.mdm_policies')
    .select('document')
    .where('id', '=', token.policy)
    .executeTakeFirst();
  return deviceKind(token.platform, policy?.document ?? null);
}

/** The managed device of a MID, refused unless it is approved. */
async function managedDevice(db: Db, mid: string) {
  const device = await engineDb(db)
    .selectFrom('core.mdm_devices')
    .select(['id', 'state', 'policy', 'company_id'])
    .where('mid', '=', mid)
    .executeTakeFirst();
  if (!device) throw new DeviceRefusal(404, 'mdmNotManaged', { mid });
  if (device.state === 'pending') throw new DeviceRefusal(403, 'mdmPending', { mid });
  if (device.state !== 'active') throw new DeviceRefusal(403, 'mdmRefused', { mid });
  return device as { id: number; policy: number | null; company_id: number };
}

interface SeenRow {
  state: string;
  policy: number | null;
  name: string | null;
  policyVersion: number | null;
  platform: string | null;
  document: Record<string, unknown> | null;
}

/**
 * An approved device reading its policy: its last contact is now, and its policy as stored, in
 * one statement (a policy change sends every connected device here at once; docs/mdm.md
 * "Speed"). A device not approved is refused as `managedDevice` refuses it, and not marked seen.
 */
async function seenWithPolicy(db: Db, mid: string): Promise<DevicePolicy> {
  const { rows } = await sql<SeenRow>`
    WITH d AS (SELECT id, state, policy FROM core.mdm_devices WHERE mid = ${mid} LIMIT 1),
      seen AS (UPDATE core.mdm_devices AS m SET "lastSeen" = now()
        FROM d WHERE m.id = d.id AND d.state = 'active')
    SELECT d.state, d.policy::int AS policy, p.name, p."policyVersion"::int AS "policyVersion",
      p.platform, p.document
    FROM d LEFT JOIN core.mdm_policies AS p ON p.id = d.policy`.execute(db);
  const row = rows[0];
  if (row?.state !== 'active') await managedDevice(db, mid); // its refusal
  if (row?.state !== 'active' || row.policy === null || row.name === null) {
    throw new DeviceRefusal(404, 'mdmNotManaged', { mid });
  }
  return {
    policy: Number(row.policy),
    name: String(row.name),
    version: Number(row.policyVersion),
    platform: String(row.platform),
    document: row.document ?? {},
  };
}

/**
 * Stores an approved device's compliance report (the columns the lists and the dashboard count,
 * and the details shown) in one statement, answering its policy's current version; a device not
 * approved is refused as `managedDevice` refuses it.
 */
async function storeReport(
  db: Db,
  mid: string,
  report: z.infer<typeof complianceReportSchema>,
): Promise<ComplianceRecorded> {
  const details = report.nonCompliance;
  const compliance =
    details.length === 0 && report.state === 'applied' ? 'compliant' : 'noncompliant';
  const reasons = [...new Set(details.map((detail) => detail.reason))].sort().join(' ');
  const { rows } = await sql<{ current: number | null }>`
    WITH d AS (SELECT id, state FROM core.mdm_devices WHERE mid = ${mid} LIMIT 1)
    UPDATE core.mdm_devices AS m SET "appliedVersion" = ${report.version},
      compliance = ${compliance}, reasons = ${reasons || null},
      "nonCompliance" = ${JSON.stringify(details)}, "lastSeen" = now(),
      os = coalesce(${report.os || null}, m.os), version = m.version + 1, updated_at = now()
    FROM d WHERE m.id = d.id AND d.state = 'active'
    RETURNING (SELECT p."policyVersion"::int FROM core.mdm_policies AS p WHERE p.id = m.policy)
      AS current`.execute(db);
  if (rows.length === 0) {
    await managedDevice(db, mid); // its refusal
    throw new DeviceRefusal(404, 'mdmNotManaged', { mid });
  }
  const current = rows[0].current;
  return { recorded: report.version, current: current ?? report.version, compliance };
}

export function registerMdmDeviceApi(
  app: FastifyInstance,
  { config, db }: { config: Config; db: Db },
): void {
  const directory = new DeviceDirectory(db);

  app.post(
    `${MDM_DEVICE_API}/enrol`,
    refusing(async (request) => {
      const body = parseBody(mdmEnrolSchema, request);
      // The device row's platform is the token's policy's (read here, counted below).
      const named = await engineDb(db)
        .selectFrom('core.mdm_enrolment_tokens')
        .select(['platform', 'company_id'])
        .where('token', '=', body.token)
        .executeTakeFirst();
      if (!named) throw new DeviceRefusal(401, 'badToken');
      // The Windows organization may stop enrolments (/app/mdmwmconfig).
      if (named.platform === 'windows') {
        const windows = await engineDb(db)
          .selectFrom('core.mdm_organizations')
          .select('enrolmentAllowed')
          .where('company_id', '=', named.company_id)
          .where('platform', '=', 'windows')
          .executeTakeFirst();
        if (windows?.enrolmentAllowed === false) throw new DeviceRefusal(403, 'mdmEnrolmentClosed');
      }
      const platform = DEVICE_PLATFORM[named.platform as TokenRow['platform']] ?? 'ANDROID';
      let token: TokenRow | null = null;
      const enrolment = await enrolDevice(
        db,
        { ...body, platform },
        config.DEVICE_CHECKIN_SECONDS,
        null,
        {
          async consume(trx, value) {
            token = await takeToken(trx, value);
            if (!token) return null;
            // The project's row first, as its licences will be: enrolments into one project by
            // different tokens (MDM ones, the project's own) took its key-share lock with the
            // directory row and then each waited for the other's to lock it (deadlock detected).
            await sql`SELECT numero FROM core.projects WHERE numero = ${token.project} FOR UPDATE`.execute(
              trx,
            );
            return token.project;
          },
          async after(trx, { numero, companyId, deviceId }) {
            const used = token!;
            if (used.company_id !== companyId) throw new DeviceRefusal(401, 'badToken');
            const state = used.approval ? 'pending' : 'active';
            await sql`
              INSERT INTO core.mdm_devices AS d (company_id, mid, kind, platform, state, owner,
                model, os, policy, compliance, "lastSeen", "enrolledAt", project, token,
                "policySource")
              VALUES (${companyId}, ${body.mid}, ${await kindOf(trx, used)}, ${used.platform},
                ${state}, ${body.owner}, ${body.model}, ${body.os ?? null}, ${used.policy},
                'unknown', now(), now(), ${numero}, ${used.id}, 'token')
              ON CONFLICT (company_id, mid) DO UPDATE SET
                kind = EXCLUDED.kind, platform = EXCLUDED.platform, state = EXCLUDED.state,
                owner = EXCLUDED.owner, model = EXCLUDED.model, os = EXCLUDED.os,
                policy = EXCLUDED.policy, compliance = 'unknown', "appliedVersion" = NULL,
                reasons = NULL, "nonCompliance" = NULL, "lastSeen" = now(), "enrolledAt" = now(),
                project = EXCLUDED.project, token = EXCLUDED.token, "ownPolicy" = NULL,
                "policySource" = 'token',
                version = d.version + 1, updated_at = now()
            `.execute(trx);
            // The token's group first: the device takes its group's policy (docs/mdm.md).
            const schema = projectSchemaName(numero);
            if (used.group !== null) await joinGroup(trx, { schema }, used.group, deviceId);
            // A device already in a group with a policy assigned takes it (docs/mdm.md).
            await recomputePolicies(trx, companyId, numero, { mids: [body.mid] });
          },
        },
      );
      const used = token as TokenRow | null;
      return okResponse({
        ...enrolment.response,
        socket: `${DEVICE_API}/socket`,
        state: used?.approval ? 'pending' : 'active',
      });
    }),
  );

  app.get(
    `${MDM_DEVICE_API}/policy`,
    refusing(async (request) => {
      const home = await authenticatedDevice(directory, request);
      return okResponse(await answeringDevice(home.mid, () => seenWithPolicy(db, home.mid)));
    }),
  );

  app.post(
    `${MDM_DEVICE_API}/compliance`,
    refusing(async (request) => {
      const home = await authenticatedDevice(directory, request);
      const report = parseBody(complianceReportSchema, request);
      const answer = await answeringDevice(home.mid, () => storeReport(db, home.mid, report));
      return okResponse(answer);
    }),
  );
}
