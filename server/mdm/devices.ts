import { sql } from 'kysely';
import { z } from 'zod';
import { firstOf } from '../services/area-texts';
import { recordAction } from '../actions-log';
import { midListSchema } from '../services/devices/fields';
import { defineOperation, type OperationContext } from '../services/registry';
import { engineDb } from '../engine/rows';
import { KIOSK_AGENT_COMPONENT } from '../../protocol/kiosk';
import { MDM_DEVICE_API } from '../../protocol/mdm/device-messages';
import { mdmDeviceTexts } from './device-texts';
import { announcePolicies, policyNotices } from './policy-push';
import { requireDevices } from './roles';

/**
 * The MDM operations beside the engine's (docs/mdm.md): approving or refusing enrolled devices,
 * singly or in bulk (`setPendingDevices`'s shape, 000 §7: `lstMID` and `status`), and what an
 * enrolment token is shown as (the Android provisioning payload for its QR, the link, the iOS
 * enrolment profile, the Windows enrolment URL). Company administrators, as the entities' writes.
 */

const companyOf = (ctx: OperationContext) => ctx.user.companyId ?? -1;

/**
 * `mdmSetPendingDevices {lstMID | id, status}`: `enabled` approves pending devices (they get their
 * policy and commands), `disabled` refuses them (their credential ends: unenrolled). Every device
 * must be pending in the caller's company, or nothing changes.
 */
export const mdmSetPendingDevices = defineOperation({
  name: 'mdmSetPendingDevices',
  parameter: z
    .object({
      lstMID: midListSchema.optional(),
      id: z.number().int().positive().optional(),
      status: z.enum(['enabled', 'disabled']),
    })
    .refine((value) => value.lstMID || value.id, { message: 'lstMID or id', path: ['lstMID'] }),
  permission: 'admin',
  async handler({ lstMID, id, status }, ctx) {
    const company = companyOf(ctx);
    const decided = await ctx.db.transaction().execute(async (trx) => {
      let query = engineDb(trx)
        .selectFrom('core.mdm_devices')
        .select(['id', 'mid', 'state', 'project', 'platform'])
        .where('company_id', '=', company)
        .forUpdate();
      query = lstMID ? query.where('mid', 'in', lstMID) : query.where('id', '=', id!);
      const found = await query.execute();
      const wanted = lstMID ?? [];
      if (lstMID && found.length !== new Set(wanted).size) {
        const known = new Set(found.map((row) => row.mid));
        const missing = wanted.filter((mid) => !known.has(mid));
        throw mdmDeviceTexts.refusal(ctx.user, 'unknownDevices', { mids: firstOf(missing) });
      }
      if (!lstMID && found.length === 0) {
        throw mdmDeviceTexts.refusal(ctx.user, 'noDevice', { id: String(id) });
      }
      await requireDevices(ctx, 'approve', found);
      const notPending = found.filter((row) => row.state !== 'pending').map((r) => String(r.mid));
      if (notPending.length > 0) {
        throw mdmDeviceTexts.refusal(ctx.user, 'notPending', { mids: firstOf(notPending) });
      }
      const ids = found.map((row) => Number(row.id));
      const state = status === 'enabled' ? 'active' : 'refused';
      await engineDb(trx)
        .updateTable('core.mdm_devices')
        .set({ state, version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', 'in', ids)
        .execute();
      const mids = found.map((row) => String(row.mid));
      if (status === 'disabled') {
        // Refused: unenrolled, its credential no longer works.
        await trx
          .updateTable('core.device_directory')
          .set({ revoked_at: new Date() })
          .where('mid', 'in', mids)
          .execute();
      }
      await recordAction(ctx, `mdm_devices_${status}`, { mids: firstOf(mids) }, trx);
      return { ids, state };
    });
    // Approved devices are told to read their policy (those connected; the others on connecting).
    if (status === 'enabled') {
      const notices = await policyNotices(ctx.db, { ids: decided.ids });
      await announcePolicies(ctx.db, notices, ctx.log).catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'telling approved devices of their policy failed'),
      );
    }
    return { updated: decided.ids.length, state: decided.state };
  },
});

const xml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An Apple enrolment profile (a `com.apple.mdm` payload), unsigned, the token in its URLs. */
function mobileconfig(server: string, token: string, topic: string, name: string, id: number) {
  const check = `${server}${MDM_DEVICE_API}/apple/checkin?token=${encodeURIComponent(token)}`;
  const uuid = (n: number) =>
    `0F1A7A00-0000-4000-8000-${String(n).padStart(6, '0')}${String(id).padStart(6, '0')}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>PayloadType</key><string>com.apple.mdm</string>
      <key>PayloadVersion</key><integer>1</integer>
      <key>PayloadIdentifier</key><string>com.flota.mdm.${id}</string>
      <key>PayloadUUID</key><string>${uuid(1)}</string>
      <key>ServerURL</key><string>${xml(`${server}${MDM_DEVICE_API}/apple/server`)}</string>
      <key>CheckInURL</key><string>${xml(check)}</string>
      <key>Topic</key><string>${xml(topic)}</string>
      <key>AccessRights</key><integer>8191</integer>
      <key>SignMessage</key><true/>
      <key>CheckOutWhenRemoved</key><true/>
    </dict>
  </array>
  <key>PayloadDisplayName</key><string>${xml(name)}</string>
  <key>PayloadIdentifier</key><string>com.flota.enrolment.${id}</string>
  <key>PayloadType</key><string>Configuration</string>
  <key>PayloadUUID</key><string>${uuid(0)}</string>
  <key>PayloadVersion</key><integer>1</integer>
</dict>
</plist>
`;
}

/**
 * `mdmEnrolmentDetails {id}`: an enrolment token as a device takes it: `link` (the device
 * protocol's `flota://enrol`), for Android `payload` (the QR's provisioning JSON), for iOS
 * `mobileconfig` (the profile's text, downloaded by the console), for Windows `windowsUrl`.
 */
export const mdmEnrolmentDetails = defineOperation({
  name: 'mdmEnrolmentDetails',
  parameter: z.object({ id: z.number().int().positive() }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const company = companyOf(ctx);
    const token = await engineDb(ctx.db)
      .selectFrom('core.mdm_enrolment_tokens')
      .select(['id', 'name', 'platform', 'token', 'expiresAt', 'maxUses', 'uses'])
      .where('id', '=', id)
      .where('company_id', '=', company)
      .executeTakeFirst();
    if (!token) throw mdmDeviceTexts.refusal(ctx.user, 'noToken', { id: String(id) });
    const server = ctx.config.PUBLIC_URL;
    const value = String(token.token);
    const enrolUrl = `${server}${MDM_DEVICE_API}/enrol`;
    const link = `flota://enrol?${new URLSearchParams({ server, token: value, mdm: '1' })}`;
    const organizations = await engineDb(ctx.db)
      .selectFrom('core.mdm_organizations')
      .select(['platform', 'apnsTopic', 'upnDomain', 'discoveryUrl'])
      .where('company_id', '=', company)
      .execute();
    const of = (platform: string) => organizations.find((row) => row.platform === platform);
    const base = { id, name: token.name, platform: token.platform, link, enrolUrl };
    if (token.platform === 'ios') {
      const topic = String(of('ios')?.apnsTopic ?? 'com.apple.mgmt.External.unset');
      const profile = mobileconfig(server, value, topic, String(token.name), id);
      return { ...base, mobileconfig: profile };
    }
    if (token.platform === 'windows') {
      const windows = of('windows');
      const params = new URLSearchParams({
        mode: 'mdm',
        username: `enrol@${String(windows?.upnDomain ?? new URL(server).hostname)}`,
        servername: String(windows?.discoveryUrl ?? `${server}${MDM_DEVICE_API}/windows/discovery`),
        accesstoken: value,
      });
      return { ...base, windowsUrl: `ms-device-enrollment:?${params}` };
    }
    const EXTRA = 'android.app.extra.';
    const payload = {
      [`${EXTRA}PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME`]: KIOSK_AGENT_COMPONENT,
      [`${EXTRA}PROVISIONING_SKIP_ENCRYPTION`]: false,
      [`${EXTRA}PROVISIONING_LEAVE_ALL_SYSTEM_APPS_ENABLED`]: true,
      [`${EXTRA}PROVISIONING_ADMIN_EXTRAS_BUNDLE`]: { server, enrolUrl, token: value },
    };
    return { ...base, payload };
  },
});
