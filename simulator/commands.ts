import type { ServerMessage } from '../protocol/device-protocol';
import { answerKiosk, isKioskCommand, kioskScreenOf } from './kiosk';
import { uploadLogs } from './uploads';

type Command = Extract<ServerMessage, { type: 'command' }>;

export interface CommandOutcome {
  ok: boolean;
  result?: unknown;
  msg?: string;
  exceptionMessage?: string;
  latitude?: number;
  longitude?: number;
  time?: string;
}

/** What the commands change on a device, and what `info` reports of it. */
export interface DeviceControls {
  locked: boolean;
  /** '' when the device has no password. */
  password: string;
  settings: Record<Toggle, boolean>;
  apps: string[];
  policy: Record<string, unknown>;
}

const TOGGLES = ['mobiledata', 'wifi', 'camera', 'playstore', 'settings', 'statusbar'] as const;
type Toggle = (typeof TOGGLES)[number];

const isToggle = (cmd: string): cmd is Toggle => (TOGGLES as readonly string[]).includes(cmd);

/** A device fresh from the factory (or a wipe). */
export function factoryControls(): DeviceControls {
  return {
    locked: false,
    password: '',
    settings: {
      mobiledata: true,
      wifi: true,
      camera: true,
      playstore: true,
      settings: true,
      statusbar: true,
    },
    apps: [],
    policy: {},
  };
}

/** The parts of a virtual device a command reads or changes. */
export interface CommandTarget {
  mid: string;
  controls: DeviceControls;
  /** Inventory (001 §3 device information). */
  inventory(): Record<string, unknown>;
  position(): { latitude: number; longitude: number } | null;
  /** Clears data and apps; battery and enrolment stay. */
  wipe(): void;
  /** Goes offline for a few seconds after answering, then comes back. */
  reboot(): void;
  /** Where to upload logs; null when the device cannot (no credential). */
  uploader(): { server: string; mid: string; credential: string } | null;
}

const ok = (msg?: string): CommandOutcome => ({ ok: true, ...(msg ? { msg } : {}) });

/**
 * How a virtual device answers a command, truthfully: what a command changes is what `info`
 * reports afterwards. Null means no answer at all (failure injection: `timeout`).
 */
export async function answerCommand(
  device: CommandTarget,
  command: Command,
  failRate = 0,
): Promise<CommandOutcome | null> {
  const params = command.params;
  if (params.simulateFailure === 'timeout') return null;
  if (params.simulateFailure === 'fail' || (failRate > 0 && Math.random() < failRate)) {
    return { ok: false, exceptionMessage: `Simulated failure of ${command.cmd}` };
  }
  const { controls } = device;
  if (isKioskCommand(command.cmd, params)) return answerKiosk(device, command.cmd, params);
  if (isToggle(command.cmd)) {
    controls.settings[command.cmd] = params.enabled === true;
    return ok(`${command.cmd} ${params.enabled ? 'enabled' : 'disabled'}`);
  }
  switch (command.cmd) {
    case 'ping':
      return ok('pong');
    case 'info':
      return { ok: true, result: device.inventory() };
    case 'gps': {
      const position = device.position();
      if (!position) return { ok: false, msg: 'El dispositivo no tiene GPS.' };
      return { ok: true, ...position, time: new Date().toISOString() };
    }
    case 'lock':
      controls.locked = true;
      return ok('locked');
    case 'wipe':
      device.wipe();
      return ok('wiped');
    case 'password':
      controls.password = String(params.password ?? '');
      return ok(controls.password ? 'password set' : 'password removed');
    case 'policy':
      controls.policy = { ...controls.policy, ...(params.policy as Record<string, unknown>) };
      return ok('policy applied');
    case 'install':
    case 'uninstall': {
      const names = packagesOf(params);
      controls.apps =
        command.cmd === 'install'
          ? [...new Set([...controls.apps, ...names])]
          : controls.apps.filter((app) => !names.includes(app));
      return { ok: true, result: { apps: controls.apps } };
    }
    case 'reboot':
      device.reboot();
      return ok('rebooting');
    // The MDM commands (docs/mdm.md "Commands").
    case 'clearappdata':
      return ok(`data of ${String(params.packageName)} cleared`);
    case 'lostmode':
      controls.locked = params.enabled === true;
      return ok(params.enabled ? 'lost mode on' : 'lost mode off');
    case 'relinquish':
      return ok('ownership relinquished: work data removed');
    case 'replicator':
      return ok('replicator started');
    case 'database':
      return ok('database sent to the replicator');
    case 'toast':
    case 'notification':
    case 'alarm':
      return ok('shown');
    case 'logs': {
      const uploader = device.uploader();
      if (!uploader) return { ok: false, msg: 'Sin credencial: no se pueden subir los logs.' };
      try {
        const files = await uploadLogs(uploader, { screen: kioskScreenOf(controls) });
        return { ok: true, msg: `${files.length} files uploaded`, result: files };
      } catch (error) {
        return { ok: false, exceptionMessage: String(error) };
      }
    }
    default:
      return { ok: false, msg: `Comando no soportado: ${command.cmd}` };
  }
}

function packagesOf(params: Record<string, unknown>): string[] {
  const list = Array.isArray(params.packageNameArray) ? params.packageNameArray : [];
  const one = typeof params.packageName === 'string' ? [params.packageName] : [];
  return [...one, ...list].filter((name): name is string => typeof name === 'string');
}
