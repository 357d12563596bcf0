import { sql } from 'kysely';
import {
  MAX_PROFILE_COMMANDS,
  type ProfileCommand,
} from '../../../protocol/resources/kiosk-profiles';
import { sendToProfile } from '../../kiosk/premium/send';
import { premiumRefusal } from '../../kiosk/premium/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * A premium profile's rules (002 §4/§5 Premium kiosk): its name is not blank; making a profile
 * default clears the previous default, and a default profile cannot be unset; its command
 * configuration (`Control`) is a list `cm` of at most 25 entries {c, p, v}; a change of its
 * password, lock password or launch-on-boot app, and saving its command configuration, is sent
 * to the profile's devices through the command queue (setKioskConfigurationPassword,
 * setPassword, setLaunchOnBoot, and the general settings as setPasswordPolicies).
 */

/** The command configuration as stored: `{cm: [{c, p, v}]}`, refused when malformed. */
function cleanControl(value: unknown, hook: HookContext): { cm: ProfileCommand[] } | null {
  if (value === null || value === undefined || value === '') return null;
  let given = value;
  if (typeof given === 'string') {
    try {
      given = JSON.parse(given);
    } catch {
      throw premiumRefusal(hook.ctx.user, 'badControl');
    }
  }
  const cm = (given as { cm?: unknown })?.cm;
  if (!Array.isArray(cm)) throw premiumRefusal(hook.ctx.user, 'badControl');
  if (cm.length > MAX_PROFILE_COMMANDS) {
    throw premiumRefusal(hook.ctx.user, 'tooManyCommands', { max: MAX_PROFILE_COMMANDS });
  }
  return {
    cm: cm.map((entry: unknown) => {
      const item = (entry ?? {}) as Record<string, unknown>;
      const c = typeof item.c === 'string' ? item.c.trim() : '';
      const p = item.p === undefined || item.p === null ? '' : String(item.p);
      if (!c || c.length > 100 || p.length > 200 || (item.v !== 'T' && item.v !== 'F')) {
        throw premiumRefusal(hook.ctx.user, 'badControl');
      }
      return { c, p, v: item.v };
    }),
  };
}

/** The general settings a command configuration sends: each command on (its parameter) or off. */
export function generalSettings(control: unknown): Record<string, string | boolean> {
  const cm = (control as { cm?: ProfileCommand[] } | null)?.cm ?? [];
  return Object.fromEntries(cm.map(({ c, p, v }) => [c, v === 'T' ? p || true : false]));
}

/** Clears the default flag of the company's other profiles. */
async function clearOtherDefaults(row: Row, hook: HookContext) {
  if (row.Default !== true) return;
  await sql`
    UPDATE core.kiosk_profiles SET "Default" = false, version = version + 1, updated_at = now()
    WHERE company_id = ${hook.ctx.user.companyId} AND id <> ${Number(row.id)} AND "Default"`.execute(
    hook.trx,
  );
}

function clean(values: Row, hook: HookContext): Row {
  const row = { ...values };
  if (typeof row.Name === 'string') row.Name = row.Name.trim();
  if (Object.hasOwn(row, 'Control')) {
    const control = cleanControl(row.Control, hook);
    row.Control = control === null ? null : JSON.stringify(control);
  }
  return row;
}

export const kioskProfilesHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    return clean(values, hook);
  },
  async afterCreate(row, hook) {
    await clearOtherDefaults(row, hook);
  },
  async beforeEdit(changes, before, hook) {
    if (before.Default === true && changes.Default === false) {
      throw premiumRefusal(hook.ctx.user, 'defaultStays');
    }
    return clean(changes, hook);
  },
  async afterEdit(after, before, hook) {
    await clearOtherDefaults(after, hook);
    const id = Number(after.id);
    if (after.Pwd !== before.Pwd && after.Pwd) {
      await sendToProfile(hook, id, 'setKioskConfigurationPassword', { password: after.Pwd });
    }
    if (after.Pwdblock !== before.Pwdblock) {
      await sendToProfile(hook, id, 'setPassword', { password: after.Pwdblock ?? '' });
    }
    if (after.Launchonboot !== before.Launchonboot) {
      await sendToProfile(hook, id, 'setLaunchOnBoot', { packageName: after.Launchonboot ?? '' });
    }
    if (JSON.stringify(after.Control) !== JSON.stringify(before.Control)) {
      await sendToProfile(hook, id, 'setPasswordPolicies', {
        policy: generalSettings(after.Control),
      });
    }
  },
  async beforeDelete(before, hook) {
    // Its app and wifi links go with it; a profile with devices stays (the engine's refusal).
    await sql`DELETE FROM core.kiosk_profile_apps WHERE "Idprofile" = ${Number(before.id)}`.execute(
      hook.trx,
    );
    await sql`DELETE FROM core.kiosk_profile_wifis WHERE "Idprofile" = ${Number(before.id)}`.execute(
      hook.trx,
    );
  },
};
