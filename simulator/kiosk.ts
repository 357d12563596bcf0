import { KIOSK_COMMANDS } from '../protocol/commands';
import type { CommandOutcome, CommandTarget, DeviceControls } from './commands';
import { kioskHomePng } from './kiosk-screen';

/**
 * How a simulated kiosk device answers the premium kiosk's commands (002 §7 "Premium
 * commands"), with the Device command result of 002 §3 (result, fromdevice, sourceRequest,
 * channel, exceptionMessage): it keeps its profile, kiosk password, launch-on-boot app, wifis
 * and apps (installed with their version, hidden or shown) in its controls' `kiosk` state, and
 * answers getApplicationList with every installed app and its version (what ListInfoApp and
 * ListInfoApps rate OK or KO against the profile).
 */

export interface KioskState {
  profile: number | null;
  password: string;
  launchOnBoot: string;
  wifis: string[];
  apps: Record<string, { versionName: string; versionCode: number; hidden: boolean }>;
}

const KIOSK_CMDS = new Set<string>(KIOSK_COMMANDS);

/** Whether this is a premium kiosk command (install, uninstall and policy with a profile too). */
export function isKioskCommand(cmd: string, params: Record<string, unknown>): boolean {
  if (KIOSK_CMDS.has(cmd)) return true;
  if (cmd === 'install' || cmd === 'uninstall')
    return typeof params.method === 'string' || params.kiosk === true;
  return (
    cmd === 'policy' &&
    typeof (params.policy as Record<string, unknown> | undefined)?.profile === 'number'
  );
}

function stateOf(device: CommandTarget): KioskState {
  const policy = device.controls.policy as { kiosk?: KioskState };
  policy.kiosk ??= { profile: null, password: '', launchOnBoot: '', wifis: [], apps: {} };
  return policy.kiosk;
}

/** The §3 result of a command the device carried out. */
function done(device: CommandTarget, cmd: string, result: unknown = 'OK'): CommandOutcome {
  return {
    ok: true,
    result: {
      result,
      fromdevice: device.mid,
      sourceRequest: cmd,
      channel: 'websocket',
      exceptionMessage: null,
    },
  };
}

export function answerKiosk(
  device: CommandTarget,
  cmd: string,
  params: Record<string, unknown>,
): CommandOutcome {
  const kiosk = stateOf(device);
  const name = String(params.packageName ?? '');
  switch (cmd) {
    case 'policy':
    case 'change-policy':
      kiosk.profile = Number((params.policy as Record<string, unknown>).profile);
      return done(device, cmd);
    case 'invert-policy':
      kiosk.profile = null;
      return done(device, cmd);
    case 'setKioskConfigurationPassword':
    case 'setPassword':
      kiosk.password = String(params.password ?? '');
      return done(device, cmd);
    case 'setLaunchOnBoot':
      kiosk.launchOnBoot = name;
      return done(device, cmd);
    case 'addWifiNetwork':
      kiosk.wifis = [...new Set([...kiosk.wifis, String(params.networkSSID)])];
      return done(device, cmd);
    case 'install':
      kiosk.apps[name] = {
        versionName: String(params.versionName ?? '1.0'),
        versionCode: Number(params.versionCode ?? 1),
        hidden: params.hidden === true,
      };
      return done(device, cmd);
    case 'uninstall':
      delete kiosk.apps[name];
      return done(device, cmd);
    case 'hide':
    case 'show':
      if (kiosk.apps[name]) kiosk.apps[name].hidden = cmd === 'hide';
      else kiosk.apps[name] = { versionName: 'system', versionCode: 0, hidden: cmd === 'hide' };
      return done(device, cmd);
    case 'getApplicationList': {
      const apps = Object.entries(kiosk.apps).map(([packageName, app]) => ({
        packageName,
        ...app,
      }));
      return {
        ...done(device, cmd, 'OK'),
        ...{ result: { ...(done(device, cmd).result as object), apps } },
      };
    }
    default:
      return done(device, cmd);
  }
}

/** The home screen of a device in a kiosk profile, with its visible apps; none for another. */
export function kioskScreenOf(controls: DeviceControls): Buffer | undefined {
  const kiosk = (controls.policy as { kiosk?: KioskState }).kiosk;
  if (!kiosk || kiosk.profile === null) return undefined;
  const shown = Object.entries(kiosk.apps)
    .filter(([, app]) => !app.hidden)
    .map(([name]) => name)
    .sort();
  return kioskHomePng(`KIOSCO - PERFIL ${kiosk.profile}`, shown);
}
