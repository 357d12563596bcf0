import { POLICY_PLATFORM_CHOICES } from '../../../protocol/resources/mdm-policies';
import { mdmDeviceTexts } from '../../mdm/device-texts';
import type { ResourceHooks } from '../hooks';
import { announcePolicies, deviceKind, policyNotices } from '../../mdm/policy-push';
import { policyPlatform } from './mdm-enrolment-tokens';
import { reachedDevices, requireDevices } from '../../mdm/roles';

/**
 * Managed devices (protocol/resources/mdm-devices.ts): an operator with MDM roles reaches only
 * the devices of their roles, and changes them only as they allow (server/mdm/roles.ts: a change
 * by `editPolicies`, a delete by `wipe`); another policy must be of the device's
 * platform; deleting a device ends its credential (it is unenrolled: its socket closes at the
 * next presence refresh and it must enrol again). Everything else is written by the enrolment
 * and the device's reports (server/mdm/).
 */
const platformName = (code: string, language: string) =>
  POLICY_PLATFORM_CHOICES.find((c) => c.code === code)?.label[language === 'en' ? 'en' : 'es'] ??
  code;

export const mdmDevicesHooks: ResourceHooks = {
  // An operator with MDM roles lists, reads and changes only the devices they reach.
  reach: (ctx) => reachedDevices(ctx, 't'),
  async beforeEdit(changes, before, hook) {
    await requireDevices(hook.ctx, 'editPolicies', [before]);
    if (!Object.hasOwn(changes, 'policy') || changes.policy === null) return changes;
    const { platform, name, document } = await policyPlatform(changes.policy, hook);
    if (platform !== before.platform) {
      const language = hook.ctx.user.language ?? 'es';
      throw mdmDeviceTexts.refusal(hook.ctx.user, 'policyPlatform', {
        policy: name,
        platform: platformName(platform, language),
        expected: platformName(String(before.platform), language),
      });
    }
    // A kiosk policy makes a kiosk device (its list is /app/mdmadminkiosk).
    return { ...changes, kind: deviceKind(platform, document) };
  },
  async afterEdit(after, before, hook) {
    if (after.policy === before.policy || after.state !== 'active') return;
    const notices = await policyNotices(hook.trx, { ids: [Number(after.id)] });
    hook.afterCommit?.(() => announcePolicies(hook.ctx.db, notices, hook.ctx.log));
  },
  async beforeDelete(before, hook) {
    await requireDevices(hook.ctx, 'wipe', [before]);
  },
  async afterDelete(before, { trx }) {
    await trx
      .updateTable('core.device_directory')
      .set({ revoked_at: new Date() })
      .where('mid', '=', String(before.mid))
      .where('numero', '=', Number(before.project))
      .execute();
  },
};
