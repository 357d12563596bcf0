import { policyPlatformName } from '../../mdm/group-place';
import { mdmDeviceTexts } from '../../mdm/device-texts';
import type { ResourceHooks } from '../hooks';
import { announcePolicies, deviceKind, policyNotices } from '../../mdm/policy-push';
import { policyPlatform } from './mdm-enrolment-tokens';
import { reachedDevices, requireDevices } from '../../mdm/roles';
import { recomputePolicies, recountAssignments } from '../../mdm/assignment';
import { engineDb } from '../rows';
import type { HookContext } from '../hooks';

/** A device's policy as the recomputation left it, for the edit's answer. */
async function policyOf(hook: HookContext, id: number) {
  return engineDb(hook.trx)
    .selectFrom('core.mdm_devices')
    .select(['policy', 'policySource', 'assignment', 'kind', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * Managed devices (protocol/resources/mdm-devices.ts): an operator with MDM roles reaches only
 * the devices of their roles, and changes them only as they allow (server/mdm/roles.ts: a change
 * by `editPolicies`, a delete by `wipe`); another policy must be of the device's
 * platform; deleting a device ends its credential (it is unenrolled: its socket closes at the
 * next presence refresh and it must enrol again). Everything else is written by the enrolment
 * and the device's reports (server/mdm/).
 */

export const mdmDevicesHooks: ResourceHooks = {
  // An operator with MDM roles lists, reads and changes only the devices they reach.
  reach: (ctx) => reachedDevices(ctx, 't'),
  async beforeEdit(changes, before, hook) {
    await requireDevices(hook.ctx, 'editPolicies', [before]);
    if (!Object.hasOwn(changes, 'policy') || changes.policy === before.policy) {
      const { policy: _same, ...rest } = changes;
      return rest;
    }
    // No policy: the device inherits again (its group's, its token's), recomputed after the write.
    if (changes.policy === null) {
      const { policy: _none, ...rest } = changes;
      return { ...rest, ownPolicy: null };
    }
    const { platform, name, document } = await policyPlatform(changes.policy, hook);
    if (platform !== before.platform) {
      const language = hook.ctx.user.language ?? 'es';
      throw mdmDeviceTexts.refusal(hook.ctx.user, 'policyPlatform', {
        policy: name,
        platform: policyPlatformName(platform, language),
        expected: policyPlatformName(String(before.platform), language),
      });
    }
    // A kiosk policy makes a kiosk device (its list is /app/mdmadminkiosk); it is its own now.
    // Its source and assignment are the recomputation's (afterEdit), which counts them.
    return { ...changes, ownPolicy: changes.policy, kind: deviceKind(platform, document) };
  },
  async afterEdit(after, before, hook) {
    let moved = false;
    if (after.ownPolicy !== before.ownPolicy) {
      const scope = { ids: [Number(after.id)] };
      const company = hook.ctx.user.companyId ?? -1;
      moved = (await recomputePolicies(hook.trx, company, Number(after.project), scope)).length > 0;
      Object.assign(after, await policyOf(hook, Number(after.id)));
    }
    if ((after.policy === before.policy && !moved) || after.state !== 'active') return;
    const notices = await policyNotices(hook.trx, { ids: [Number(after.id)] });
    hook.afterCommit?.(() => announcePolicies(hook.ctx.db, notices, hook.ctx.log));
  },
  async beforeDelete(before, hook) {
    await requireDevices(hook.ctx, 'wipe', [before]);
  },
  async afterDelete(before, { trx }) {
    if (before.assignment != null) await recountAssignments(trx, [Number(before.assignment)]);
    await trx
      .updateTable('core.device_directory')
      .set({ revoked_at: new Date() })
      .where('mid', '=', String(before.mid))
      .where('numero', '=', Number(before.project))
      .execute();
  },
};
