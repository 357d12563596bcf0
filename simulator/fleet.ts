import { DeviceClient } from './client';
import { VirtualDevice, type DeviceEvents } from './device';
import { createProfile } from './profile';
import type { UpdateOptions } from './updates';
import { loadState, saveState, type FleetState } from './state';
import { managedKind, mdmTraits, type MdmKind } from './mdm';

export interface FleetOptions {
  server: string;
  /** The project the token enrols into, when known (a label and a check). */
  project: number | null;
  /** Enrolment token; without it only devices already in the state file run. */
  token: string | null;
  /**
   * A premium kiosk profile's QR enrolment link (the demo's), and how many of the devices still
   * to enrol do so by it, as kiosk devices of that profile (Android devices first).
   */
  kioskEnrolUrl?: string | null;
  kioskDevices?: number;
  devices: number;
  /** Where credentials are kept between runs; null keeps them in memory only. */
  stateFile: string | null;
  /** Seconds between check-ins; the server's suggestion when null. */
  checkinSeconds?: number | null;
  /** Offline episodes: network drops, dead batteries, dormant devices. */
  episodes?: boolean;
  /** The first check-ins are spread over this many seconds. */
  firstCheckinWithin?: number;
  enrolConcurrency?: number;
  /** How updates go on the devices: failures, slow devices (simulator/updates.ts). */
  updates?: Partial<UpdateOptions>;
  /** Live video over WebRTC, with this share of negotiations failing on purpose; off when absent. */
  live?: { failRate: number };
  /**
   * Managed devices (simulator/mdm.ts): about `share` of the fleet enrols with the MDM token of
   * its kind (the demo seed's, DATA_DIR/demo-enrolment.json) instead of the project's.
   */
  mdm?: { share: number; tokens: Partial<Record<MdmKind, string>> };
  log?: (line: string) => void;
}

export interface FleetStats {
  devices: number;
  enrolled: number;
  online: number;
  connected: number;
  checkins: number;
  failures: number;
}

/** A fleet of virtual devices sharing one server, token and state file. */
export class Fleet {
  readonly devices: VirtualDevice[] = [];
  private readonly state: FleetState;
  private readonly client: DeviceClient;
  private saveTimer: NodeJS.Timeout | null = null;
  private readonly log: (line: string) => void;

  constructor(private readonly options: FleetOptions) {
    this.log = options.log ?? (() => {});
    this.client = new DeviceClient(options.server.replace(/\/$/, ''));
    this.state = loadState(options.stateFile, options.server, options.project);
    const events: DeviceEvents = {
      enrolled: (device) => {
        this.state.devices[device.profile.index] = {
          mid: device.mid,
          credential: device.credential!,
          deviceId: device.deviceId!,
        };
        this.saveSoon();
      },
      unenrolled: (device, reason) => {
        delete this.state.devices[device.profile.index];
        this.saveSoon();
        this.log(`device ${device.mid} is no longer enrolled (${reason}); it stops`);
      },
      checkin: () => {},
    };
    for (let index = 0; index < options.devices; index++) {
      const profile = createProfile(this.state.seed, index);
      const saved = this.state.devices[index];
      const enrolled = saved && saved.mid === profile.mid ? saved : null;
      const kind = options.mdm
        ? managedKind(String(this.state.seed), index, profile.platform, options.mdm.share)
        : null;
      const token = kind ? options.mdm?.tokens[kind] : undefined;
      const mdm = token ? { token, traits: mdmTraits(profile.mid) } : undefined;
      this.devices.push(
        new VirtualDevice(
          profile,
          {
            client: this.client,
            events,
            checkinSeconds: options.checkinSeconds ?? null,
            episodes: options.episodes ?? true,
            firstCheckinWithin: options.firstCheckinWithin ?? 30,
            updates: options.updates,
            live: options.live,
            mdm,
          },
          enrolled,
        ),
      );
    }
  }

  /** Enrols the devices that have no credential yet; returns how many did and failed. */
  async enrol(): Promise<{ enrolled: number; failed: number }> {
    const pending = this.devices.filter((device) => !device.credential);
    if (pending.length === 0) return { enrolled: 0, failed: 0 };
    const token = this.options.token;
    if (!token) {
      this.log(`${pending.length} devices are not enrolled and there is no enrolment token`);
      return { enrolled: 0, failed: pending.length };
    }
    let enrolled = 0;
    let failed = 0;
    let firstError: unknown = null;
    const queue = [...pending];
    const android = (device: VirtualDevice) => (device.profile.platform === 'ANDROID' ? 0 : 1);
    const kiosk = new Set(
      this.options.kioskEnrolUrl
        ? pending
            .filter((device) => !device.managed)
            .sort((a, b) => android(a) - android(b))
            .slice(0, this.options.kioskDevices ?? 0)
        : [],
    );
    const worker = async () => {
      for (let device = queue.shift(); device; device = queue.shift()) {
        try {
          await device.enrol(token, kiosk.has(device) ? this.options.kioskEnrolUrl! : undefined);
          enrolled++;
        } catch (error) {
          failed++;
          firstError ??= error;
        }
      }
    };
    const concurrency = Math.min(this.options.enrolConcurrency ?? 16, pending.length);
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (firstError) {
      const reason = firstError instanceof Error ? firstError.message : String(firstError);
      this.log(`${failed} enrolments failed, the first with: ${reason}`);
    }
    this.flush();
    return { enrolled, failed };
  }

  start(): void {
    for (const device of this.devices) device.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.devices.map((device) => device.stop()));
    this.flush();
  }

  stats(): FleetStats {
    const stats: FleetStats = {
      devices: this.devices.length,
      enrolled: 0,
      online: 0,
      connected: 0,
      checkins: 0,
      failures: 0,
    };
    for (const device of this.devices) {
      if (device.credential) stats.enrolled++;
      if (device.online) stats.online++;
      if (device.connected) stats.connected++;
      stats.checkins += device.checkins;
      stats.failures += device.failures;
    }
    return stats;
  }

  private saveSoon(): void {
    if (!this.options.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.flush(), 500);
  }

  private flush(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.options.stateFile) saveState(this.options.stateFile, this.state);
  }
}
