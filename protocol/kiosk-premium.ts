import type { CommandName } from './commands';
import { MAX_PROFILE_COMMANDS, type ProfileCommand } from './resources/kiosk-profiles';

/**
 * The premium kiosk's wire shared by the server and the console (002 §7 "Premium commands";
 * docs/kiosk.md "The premium kiosk").
 */

/** The commands of 002 §7 "Premium commands", as `dpc_emm_api_cmd` takes them. */
export const PREMIUM_COMMANDS = [
  'setKioskConfigurationPassword',
  'setPassword',
  'setPasswordPolicies',
  'setLaunchOnBoot',
  'addWifiNetwork',
  'getApplicationList',
  'install',
  'hide',
  'show',
  'uninstall',
  'policy',
  'invert-policy',
  'change-policy',
] as const satisfies readonly CommandName[];
export type PremiumCommand = (typeof PREMIUM_COMMANDS)[number];

/** The device API a kiosk device enrols with by scanning its profile's QR (docs/kiosk.md). */
export const KIOSK_ENROL_PATH = '/api/device/v1/kiosk/enrol';

/** A profile's command entries (`Control.cm`), its text or object read; at most 25. */
export function profileCommands(control: unknown): ProfileCommand[] {
  let given = control;
  if (typeof given === 'string') {
    try {
      given = JSON.parse(given);
    } catch {
      return [];
    }
  }
  const cm = (given as { cm?: unknown } | null)?.cm;
  if (!Array.isArray(cm)) return [];
  return cm
    .filter(
      (entry): entry is ProfileCommand =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.c === 'string' &&
        entry.c !== '',
    )
    .slice(0, MAX_PROFILE_COMMANDS)
    .map((entry) => ({ c: entry.c, p: String(entry.p ?? ''), v: entry.v === 'F' ? 'F' : 'T' }));
}

/** An entry's parameter as a command's fields: a JSON object, else `{value: p}` (none when empty). */
function paramsOf(p: string): Record<string, unknown> {
  if (!p.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(p);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // Plain text: the value below.
  }
  return { value: p };
}

/**
 * What a command entry of the device context menu sends to that one device (002 §2, §9): an
 * entry naming a premium command (getApplicationList, setLaunchOnBoot…) is that command, its
 * parameter the command's fields (JSON) or `value`; any other entry is a general setting, sent
 * as the profile's configuration sends it (setPasswordPolicies `{policy: {c: p or true / false}}`).
 */
export function profileCommandRequest(entry: ProfileCommand): {
  cmd: PremiumCommand;
  params: Record<string, unknown>;
} {
  if ((PREMIUM_COMMANDS as readonly string[]).includes(entry.c)) {
    return { cmd: entry.c as PremiumCommand, params: paramsOf(entry.p) };
  }
  return {
    cmd: 'setPasswordPolicies',
    params: { policy: { [entry.c]: entry.v === 'T' ? entry.p || true : false } },
  };
}
