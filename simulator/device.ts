import type WebSocket from 'ws';
import {
  RESULT_KEEP_SECONDS,
  SocketClose,
  type CheckinRequest,
  type DeviceInformation,
  type Position,
  type ReplicationError,
  type ServerMessage,
} from '../protocol/device-protocol';
import { ProtocolError, type DeviceClient } from './client';
import {
  answerCommand,
  factoryControls,
  type CommandTarget,
  type DeviceControls,
} from './commands';
import type { DeviceProfile } from './profile';
import { Random } from './random';
import { errorsToSend, replicationErrors } from './replica-errors';
import { DeviceReplica } from './replica';
import { DEFAULT_UPDATE_OPTIONS, DeviceUpdates, type UpdateOptions } from './updates';
import { DEFAULT_PROVISION_OPTIONS, DeviceProvisions, type ProvisionOptions } from './provision';
import { DeviceLive } from './live';
import { DeviceMdm, type MdmTraits } from './mdm';

export interface Enrolled {
  credential: string;
  deviceId: number;
}

export interface DeviceEvents {
  enrolled(device: VirtualDevice): void;
  /** The server no longer accepts the credential (revoked, or the device was deleted). */
  unenrolled(device: VirtualDevice, reason: string): void;
  checkin(device: VirtualDevice, ok: boolean): void;
}

export interface DeviceOptions {
  client: DeviceClient;
  events: DeviceEvents;
  /** Seconds between check-ins; the server's suggestion when null. */
  checkinSeconds: number | null;
  /** Offline episodes (network drops, dead batteries, dormant devices); off for tests. */
  episodes: boolean;
  /** Longest wait before the first check-in, in seconds. */
  firstCheckinWithin: number;
  /** Share of commands answered with a failure on purpose (0–1), so failures are visible. */
  failRate?: number;
  /** How updates go: failures, slow devices (simulator/updates.ts). */
  updates?: Partial<UpdateOptions>;
  /** How provisions go: failures (simulator/provision.ts). */
  provisions?: Partial<ProvisionOptions>;
  /** Live video over WebRTC (simulator/live.ts); off when absent. */
  live?: { failRate: number };
  /** A managed device (simulator/mdm.ts): it enrols with this MDM token and keeps its policy. */
  mdm?: { token: string; traits: MdmTraits };
}

/** How many command ids a device remembers having run (a queued command may come again). */
const COMMANDS_REMEMBERED = 500;

/** Seconds a reboot keeps the device offline. */
const REBOOT_SECONDS = 5;

type Mode = 'still' | 'walking' | 'driving';

const EARTH_RADIUS_M = 6_371_000;
const ROAM_RADIUS_M = 9_000;
/** Replication errors a device keeps while its check-ins fail; the oldest go first. */
const MAX_WAITING_ERRORS = 200;

/**
 * One virtual device: it enrols, keeps its WebSocket open, checks in on its interval with its
 * drifting battery, memory and position, answers commands, and goes offline and returns as its
 * behaviour says.
 */
export class VirtualDevice {
  credential: string | null = null;
  deviceId: number | null = null;
  /** Whether the device means to be reachable now (not in an offline episode, not stopped). */
  online = false;
  /** The WebSocket is open and welcomed. */
  connected = false;
  checkins = 0;
  failures = 0;
  /** What commands changed: lock, password, settings, apps, policy. */
  controls: DeviceControls = factoryControls();
  /** Its copy of the project's gen_ tables and the work that changes it (simulator/replica.ts). */
  readonly replica: DeviceReplica;
  /** The updates it is told of, applies and confirms (simulator/updates.ts). */
  readonly updates: DeviceUpdates;
  /** The provision tasks it is told of, runs and confirms (simulator/provision.ts). */
  readonly provisions: DeviceProvisions;
  /** Its live video: a signalling socket while online, a stream per viewer (simulator/live.ts). */
  readonly video: DeviceLive | null;
  /** Its MDM agent when it is a managed device (simulator/mdm.ts). */
  readonly mdm: DeviceMdm | null;

  private readonly random: Random;
  private socket: WebSocket | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The check-in under way, which stop() waits for. */
  private running: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = 1000;
  /**
   * Results not yet known stored, with the socket they were last sent on (null: none was open)
   * and when: sent again after reconnecting, forgotten once the server is heard from on that
   * socket RESULT_KEEP_SECONDS after them.
   */
  private readonly unsettled = new Map<
    string,
    { text: string; socket: WebSocket | null; sentAt: number }
  >();
  /**
   * The commands this device ran, by id, with their result once known (the last
   * COMMANDS_REMEMBERED): a queued command comes again until the server hears its ack, and a
   * command seen before is answered again, never run twice (docs/device-protocol.md).
   */
  private readonly ran = new Map<string, string | null>();
  private stopped = true;
  private serverInterval = 60;
  private last = Date.now();
  private visitsLeft = 0;

  private battery: number;
  private charging: boolean;
  private chargeAt: number;
  private latitude: number;
  private longitude: number;
  private heading: number;
  private mode: Mode = 'still';
  private usedRam: number;
  private usedInternal: number;
  /** Replication errors not yet delivered by a check-in, oldest first. */
  private waitingErrors: ReplicationError[] = [];

  constructor(
    readonly profile: DeviceProfile,
    private readonly options: DeviceOptions,
    enrolled: Enrolled | null = null,
  ) {
    this.random = new Random(`${profile.mid}/run/${Date.now()}`);
    this.replica = new DeviceReplica(profile, this.random);
    const host = {
      mid: profile.mid,
      profile,
      client: options.client,
      random: this.random,
      credential: () => this.credential,
      online: () => this.online,
      local: () => (this.replica.off ? null : this.replica.local),
    };
    this.updates = new DeviceUpdates(host, { ...DEFAULT_UPDATE_OPTIONS, ...options.updates });
    this.provisions = new DeviceProvisions(host, {
      ...DEFAULT_PROVISION_OPTIONS,
      ...options.provisions,
    });
    this.video = options.live
      ? new DeviceLive({
          server: options.client.server,
          mid: profile.mid,
          credential: () => this.credential,
          name: `${profile.owner} · ${profile.spec.model}`,
          battery: () => (profile.spec.hasBattery ? this.battery : null),
          portrait: profile.spec.cellular,
          random: this.random,
          failRate: options.live.failRate,
        })
      : null;
    this.mdm = options.mdm ? new DeviceMdm(host, options.mdm.traits) : null;
    if (enrolled) {
      this.credential = enrolled.credential;
      this.deviceId = enrolled.deviceId;
    }
    const random = this.random;
    this.battery = profile.spec.hasBattery ? random.between(20, 100) : 100;
    this.charging = profile.spec.hasBattery && random.chance(0.2);
    this.chargeAt = random.between(12, 35);
    const spread = profile.spec.mobile ? 3000 : 2000;
    [this.latitude, this.longitude] = offset(
      profile.city.latitude,
      profile.city.longitude,
      Math.abs(random.gaussian(0, spread)),
      random.between(0, 360),
    );
    this.heading = random.between(0, 360);
    this.usedRam = profile.totalRam * random.between(0.35, 0.75);
    this.usedInternal = profile.totalInternal * random.between(0.2, 0.85);
  }

  get mid(): string {
    return this.profile.mid;
  }

  /** Whether it is an MDM-managed device (it enrols with its MDM token, never as a kiosk). */
  get managed(): boolean {
    return Boolean(this.options.mdm);
  }

  get interval(): number {
    return this.options.checkinSeconds ?? this.serverInterval;
  }

  /**
   * Enrols with the project's token, a managed device with its MDM token, or a kiosk device by
   * its premium profile's QR link (enrolUrl); the credential is kept by the fleet's state file.
   */
  async enrol(token: string, kioskEnrolUrl?: string): Promise<void> {
    const { profile } = this;
    if (this.options.mdm) {
      // A managed device enrols with its MDM token (its policy's platform, maybe pending).
      const managed = await this.options.client.mdmEnrol({
        token: this.options.mdm.token,
        mid: profile.mid,
        model: profile.spec.model,
        owner: profile.owner,
        os: `${profile.spec.os} ${profile.osVersion}`,
        email: profile.email,
      });
      this.credential = managed.credential;
      this.deviceId = managed.deviceId;
      this.serverInterval = managed.checkinInterval;
      this.options.events.enrolled(this);
      return;
    }
    const request = {
      mid: profile.mid,
      model: profile.spec.model,
      owner: profile.owner,
      email: profile.email,
      username: profile.username,
      info: this.information(true),
    };
    const response = kioskEnrolUrl
      ? await this.options.client.enrolKiosk(kioskEnrolUrl, request)
      : await this.options.client.enrol({ ...request, token, platform: profile.platform });
    this.credential = response.credential;
    this.deviceId = response.deviceId;
    this.serverInterval = response.checkinInterval;
    this.options.events.enrolled(this);
  }

  /** Starts living: socket, check-ins, episodes. */
  start(): void {
    if (!this.credential || !this.stopped) return;
    this.stopped = false;
    this.last = Date.now();
    if (this.profile.behaviour === 'dormant' && this.options.episodes) {
      this.visitsLeft = this.random.int(1, 4);
    }
    this.comeOnline(
      this.random.between(0, Math.min(this.interval, this.options.firstCheckinWithin)),
    );
  }

  /** Stops and closes the socket; the server then sees the device offline. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.online = false;
    this.clearTimers();
    this.updates.stop();
    this.video?.stop();
    await Promise.all([this.running, this.closeSocket(SocketClose.normal, 'agent stopping')]);
  }

  /** The device information of 001 §3; the slowly changing fields only unless `full`. */
  information(full: boolean): DeviceInformation {
    const { profile } = this;
    const { spec } = profile;
    const dynamic: DeviceInformation = {
      availableRamSize: Math.round(profile.totalRam - this.usedRam),
      availableInternalMemorySize: Math.round(profile.totalInternal - this.usedInternal),
      ...(spec.hasBattery
        ? { batteryLevel: Math.round(this.battery), isBatteryCharging: this.charging }
        : {}),
    };
    if (!full) return dynamic;
    return {
      ...dynamic,
      manufacturerName: spec.manufacturer,
      modelName: spec.model,
      os: spec.os,
      osVersion: profile.osVersion,
      deviceSerialNumber: profile.serial,
      isRooted: profile.rooted,
      totalRamSize: profile.totalRam,
      totalInternalMemorySize: profile.totalInternal,
      totalExternalMemorySize: profile.totalExternal,
      ...(profile.totalExternal > 0
        ? { availableExternalMemorySize: Math.round(profile.totalExternal * 0.6) }
        : {}),
      ...(spec.cellular
        ? {
            networkOperatorName: profile.operator ?? '',
            imei: profile.imei ?? '',
            iccid: profile.iccid ?? '',
            ...(profile.imei2 ? { imei2: profile.imei2 } : {}),
          }
        : {}),
    };
  }

  currentPosition(): Position | null {
    if (!this.profile.spec.hasGps) return null;
    const still = this.mode === 'still';
    return {
      latitude: round(this.latitude, 6),
      longitude: round(this.longitude, 6),
      accuracy: Math.round(still ? this.random.between(8, 60) : this.random.between(3, 15)),
      time: new Date().toISOString(),
    };
  }

  /** The server stored this check-in: the errors it carried need not be sent again. */
  delivered(body: CheckinRequest): void {
    this.waitingErrors.splice(0, body.errors?.length ?? 0);
  }

  /** The body of the next check-in, after the device has lived since the last one. */
  nextCheckin(): CheckinRequest {
    this.live((Date.now() - this.last) / 1000);
    this.last = Date.now();
    const position = this.currentPosition();
    this.waitingErrors.push(...replicationErrors(this.random, this.profile.behaviour));
    this.waitingErrors.splice(0, Math.max(0, this.waitingErrors.length - MAX_WAITING_ERRORS));
    const errors = errorsToSend(this.waitingErrors);
    return {
      info: this.information(this.checkins % 20 === 0),
      ...(this.profile.spec.hasBattery
        ? { battery: { level: round(this.battery, 1), charging: this.charging } }
        : {}),
      ...(position ? { position } : {}),
      ...(errors.length ? { errors } : {}),
    };
  }

  // ---- life ----

  private schedule(seconds: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = null));
    }, seconds * 1000);
  }

  private comeOnline(firstCheckinIn = 0): void {
    if (this.stopped) return;
    this.online = true;
    this.openSocket();
    this.video?.start();
    this.schedule(firstCheckinIn);
  }

  private goOffline(seconds: number): void {
    this.online = false;
    void this.closeSocket(SocketClose.normal, 'offline');
    this.video?.stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.profile.spec.hasBattery && this.battery < 5) {
        this.battery = this.random.between(6, 15);
        this.charging = true;
      }
      this.comeOnline();
    }, seconds * 1000);
  }

  private async tick(): Promise<void> {
    if (this.stopped || !this.online || !this.credential) return;
    // The work done since the last check-in, offline time included, replicates after it.
    this.replica.work((Date.now() - this.last) / 1000);
    const body = this.nextCheckin();
    try {
      const response = await this.options.client.checkin(this.mid, this.credential, body);
      this.updates.handle(response.updates ?? []);
      this.provisions.handle(response.provisions ?? []);
      await this.replica.sync(this.options.client, this.mid, this.credential);
      // Delivered: the server has them. A failed check-in keeps them for the next one.
      this.delivered(body);
      this.serverInterval = response.checkinInterval;
      this.checkins++;
      this.options.events.checkin(this, true);
    } catch (error) {
      this.failures++;
      this.options.events.checkin(this, false);
      if (error instanceof ProtocolError && error.unenrolled) {
        this.unenrol(error.message);
        return;
      }
    }
    if (this.stopped || !this.online) return;
    const away = this.episode();
    if (away !== null) this.goOffline(away);
    else this.schedule(this.interval * this.random.between(0.8, 1.2));
  }

  /** Seconds to stay away now, or null to carry on. */
  private episode(): number | null {
    if (!this.options.episodes) return null;
    if (this.profile.spec.hasBattery && this.battery <= 0.5) {
      return this.random.between(600, 2400); // dead battery: back once charged a little
    }
    switch (this.profile.behaviour) {
      case 'dormant':
        if (--this.visitsLeft > 0) return null;
        this.visitsLeft = this.random.int(2, 6);
        return this.random.between(1800, 3 * 3600);
      case 'flaky':
        return this.random.chance(0.08) ? this.random.between(180, 1200) : null;
      default:
        return this.random.chance(0.01) ? this.random.between(60, 300) : null;
    }
  }

  /** Battery, memory and movement over `seconds`. */
  private live(seconds: number): void {
    const { random, profile } = this;
    if (seconds <= 0) return;
    if (profile.spec.hasBattery) {
      if (this.charging) {
        this.battery = Math.min(100, this.battery + (random.between(40, 70) * seconds) / 3600);
        if (this.battery >= 100 || (this.battery > 80 && random.chance(0.05))) {
          this.charging = false;
          this.chargeAt = random.between(12, 35);
        }
      } else {
        const drain = this.mode === 'driving' ? random.between(12, 20) : random.between(5, 12);
        this.battery = Math.max(0, this.battery - (drain * seconds) / 3600);
        if (this.battery < this.chargeAt && random.chance(0.3)) this.charging = true;
        else if (random.chance(0.01)) this.charging = true;
      }
    }
    this.usedRam = clamp(
      this.usedRam + random.gaussian(0, profile.totalRam * 0.04),
      profile.totalRam * 0.3,
      profile.totalRam * 0.92,
    );
    this.usedInternal = clamp(
      this.usedInternal +
        (random.chance(0.02)
          ? -profile.totalInternal * 0.05
          : (random.between(0, 2e6) * seconds) / 60),
      profile.totalInternal * 0.1,
      profile.totalInternal * 0.97,
    );
    if (!profile.spec.hasGps) return;
    if (!profile.spec.mobile) {
      this.mode = 'still';
      return;
    }
    if (random.chance(0.2)) {
      this.mode = random.weighted([
        ['still', 60],
        ['walking', 25],
        ['driving', 15],
      ] as const);
    }
    const speed = { still: 0, walking: 1.3, driving: random.between(7, 14) }[this.mode];
    if (speed === 0) return;
    const centre = profile.city;
    if (
      distance(this.latitude, this.longitude, centre.latitude, centre.longitude) > ROAM_RADIUS_M
    ) {
      this.heading = bearing(this.latitude, this.longitude, centre.latitude, centre.longitude);
    } else {
      this.heading = (this.heading + random.gaussian(0, 30) + 360) % 360;
    }
    [this.latitude, this.longitude] = offset(
      this.latitude,
      this.longitude,
      speed * Math.min(seconds, 600),
      this.heading,
    );
  }

  // ---- socket ----

  private openSocket(): void {
    if (this.socket || !this.credential || this.stopped) return;
    const socket = this.options.client.socket(this.mid, this.credential);
    this.socket = socket;
    let refusedStatus = 0;
    socket.on('message', (data) => this.onMessage(socket, data.toString()));
    // The server's keepalive (a WebSocket ping) is hearing from it too.
    socket.on('ping', () => this.forgetSettled(socket));
    socket.on('error', (error) => {
      const match = /Unexpected server response: (\d+)/.exec(error.message);
      if (match) refusedStatus = Number(match[1]);
    });
    socket.on('close', (code) => {
      if (this.socket === socket) this.socket = null;
      this.connected = false;
      if (
        code === SocketClose.unauthorized ||
        code === SocketClose.revoked ||
        refusedStatus === 401
      ) {
        this.unenrol(`socket closed (${refusedStatus || code})`);
        return;
      }
      // Another copy of this device took the connection: leave it to that one.
      if (code === SocketClose.replaced) return;
      if (this.stopped || !this.online) return;
      const delay = this.reconnectDelay * this.random.between(0.5, 1.5);
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, 30_000);
      this.reconnectTimer = setTimeout(() => this.openSocket(), delay);
    });
  }

  private onMessage(socket: WebSocket, text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    this.forgetSettled(socket);
    switch (message.type) {
      case 'welcome':
        this.connected = true;
        this.reconnectDelay = 1000;
        // Results the last connection may have lost (at-least-once): kept again from now on.
        for (const result of this.unsettled.values()) {
          Object.assign(result, { socket, sentAt: Date.now() });
          socket.send(result.text);
        }
        // A managed device reads its policy at every connection: it may have changed meanwhile.
        this.readPolicy();
        return;
      case 'policy':
        this.readPolicy();
        return;
      case 'updates':
        void this.updates.fetch();
        return;
      case 'provision':
        void this.provisions.fetch();
        return;
      case 'ping':
        socket.send(JSON.stringify({ type: 'pong', id: message.id }));
        return;
      case 'command': {
        socket.send(JSON.stringify({ type: 'ack', id: message.id }));
        if (this.ran.has(message.id)) {
          const answered = this.unsettled.get(message.id)?.text ?? this.ran.get(message.id);
          if (answered) socket.send(answered);
          return;
        }
        this.ran.set(message.id, null);
        if (this.ran.size > COMMANDS_REMEMBERED) this.ran.delete(this.ran.keys().next().value!);
        void answerCommand(this.commandTarget(), message, this.options.failRate ?? 0).then(
          (outcome) => {
            if (!outcome) return;
            const text = JSON.stringify({ type: 'result', id: message.id, ...outcome });
            if (this.ran.has(message.id)) this.ran.set(message.id, text);
            const open = socket.readyState === socket.OPEN;
            this.unsettled.set(message.id, {
              text,
              socket: open ? socket : null,
              sentAt: Date.now(),
            });
            if (open) socket.send(text);
            if (message.cmd === 'reboot' && outcome.ok) this.goOffline(REBOOT_SECONDS);
          },
        );
        return;
      }
      default:
        return;
    }
  }

  private readPolicy(): void {
    this.mdm?.fetch().catch(() => {
      // A failed read waits for the next connection or the next `policy` message.
    });
  }

  /**
   * The server spoke on `socket`: the results sent on it RESULT_KEEP_SECONDS ago or more are
   * stored (had it failed to store them, it would have closed that socket, SocketClose.unstored).
   * Those sent on a socket that closed wait for the next `welcome` (docs/device-protocol.md).
   */
  private forgetSettled(socket: WebSocket): void {
    const before = Date.now() - RESULT_KEEP_SECONDS * 1000;
    for (const [id, result] of this.unsettled)
      if (result.socket === socket && result.sentAt <= before) this.unsettled.delete(id);
  }

  /** The device as commands see it (simulator/commands.ts). */
  private commandTarget(): CommandTarget {
    return {
      mid: this.mid,
      controls: this.controls,
      inventory: () => ({
        ...this.information(true),
        locked: this.controls.locked,
        hasPassword: this.controls.password !== '',
        settings: { ...this.controls.settings },
        apps: [...this.controls.apps],
        policy: { ...this.controls.policy },
      }),
      position: () => {
        const position = this.currentPosition();
        return position ? { latitude: position.latitude, longitude: position.longitude } : null;
      },
      wipe: () => {
        // Data and apps go, the battery and the enrolment stay.
        this.controls = factoryControls();
        this.usedInternal = this.profile.totalInternal * 0.1;
        this.usedRam = this.profile.totalRam * 0.3;
      },
      // Answered first; the socket closes once the result has left (onMessage).
      reboot: () => {},
      uploader: () =>
        this.credential
          ? { server: this.options.client.server, mid: this.mid, credential: this.credential }
          : null,
    };
  }

  private closeSocket(code: number, reason: string): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (!socket) return Promise.resolve();
    return new Promise((resolve) => {
      if (socket.readyState === socket.CLOSED) return resolve();
      const cut = setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2000);
      socket.once('close', () => {
        clearTimeout(cut);
        resolve();
      });
      if (socket.readyState === socket.CONNECTING) socket.terminate();
      else socket.close(code, reason);
    });
  }

  private unenrol(reason: string): void {
    if (!this.credential) return;
    this.credential = null;
    this.deviceId = null;
    void this.stop();
    this.options.events.unenrolled(this, reason);
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.timer = null;
    this.reconnectTimer = null;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** The point `metres` away from (lat, lon) towards `heading` degrees. */
function offset(lat: number, lon: number, metres: number, heading: number): [number, number] {
  const d = metres / EARTH_RADIUS_M;
  const h = rad(heading);
  const lat1 = rad(lat);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(h));
  const lon2 =
    rad(lon) +
    Math.atan2(
      Math.sin(h) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return [deg(lat2), deg(lon2)];
}

function distance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(a));
}

function bearing(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const y = Math.sin(rad(lon2 - lon1)) * Math.cos(rad(lat2));
  const x =
    Math.cos(rad(lat1)) * Math.sin(rad(lat2)) -
    Math.sin(rad(lat1)) * Math.cos(rad(lat2)) * Math.cos(rad(lon2 - lon1));
  return (deg(Math.atan2(y, x)) + 360) % 360;
}
