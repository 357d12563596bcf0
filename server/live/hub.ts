import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveDevice, LiveIceServer, LiveServerMessage } from '../../protocol/live';
import { publishLater, type Bus, type BusMessage, type Unsubscribe } from '../bus/index';
import type { DeviceHome } from '../device/directory';

/** The bus channels of live monitoring (server/bus carries them between nodes). */
export const LiveChannel = {
  /** A device's live socket opened or closed: LivePresence. */
  presence: 'live.presence',
  /** A session asks every node for its project's live devices: LiveQuery. */
  query: 'live.query',
  /** A node's answer to a LiveQuery: LiveRoster. */
  roster: 'live.roster',
  /** A message for a device, sent by whichever node holds its live socket: ToDevice. */
  toDevice: 'live.to-device',
  /** A message for a viewer's session, sent by the node holding it: ToViewer. */
  toViewer: 'live.to-viewer',
} as const;

type LivePresence = { device: LiveDevice; online: boolean; connection: string };
type LiveQuery = { numero: number; sessionid: string };
type LiveRoster = { sessionid: string; devices: LiveDevice[] };
type ToDevice = { mid: string; numero: number; sessionid: string; message: BusMessage };
type ToViewer = { sessionid: string; message: BusMessage };

interface DeviceLink {
  id: string;
  socket: WebSocket;
  home: DeviceHome;
  device: LiveDevice;
  /** The sessions that have spoken to this device: the only ones it may answer. */
  sessions: Set<string>;
}

export interface ViewerSession {
  id: string;
  socket: WebSocket;
  numero: number;
  /** The project's live devices this session was told of, by MID. */
  devices: Map<string, LiveDevice>;
  /** The devices this session started, told to stop when it ends. */
  started: Set<string>;
}

function send(socket: WebSocket, message: LiveServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/**
 * The live sockets of this node, devices and viewers, and the routing between them across nodes:
 * every hop goes through the bus, so a viewer on one node watches a device on another. The
 * server only relays signalling; it never sees the video.
 */
export class LiveHub {
  private readonly devices = new Map<string, DeviceLink>();
  private readonly sessions = new Map<string, ViewerSession>();
  private readonly unsubscribes: Unsubscribe[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly iceServers: LiveIceServer[],
    private readonly maxPanels: number,
  ) {}

  async start(): Promise<void> {
    const { bus } = this;
    this.unsubscribes.push(
      await bus.subscribe<LivePresence>(LiveChannel.presence, (event) => this.presence(event)),
      await bus.subscribe<LiveQuery>(LiveChannel.query, ({ numero, sessionid }) => {
        const devices = [...this.devices.values()]
          .filter((link) => link.home.numero === numero)
          .map((link) => link.device);
        if (devices.length === 0) return;
        this.publish<LiveRoster>(LiveChannel.roster, { sessionid, devices });
      }),
      await bus.subscribe<LiveRoster>(LiveChannel.roster, ({ sessionid, devices }) => {
        const session = this.sessions.get(sessionid);
        if (!session) return;
        for (const device of devices) this.register(session, device);
      }),
      await bus.subscribe<ToDevice>(LiveChannel.toDevice, ({ mid, numero, sessionid, message }) => {
        const link = this.devices.get(mid);
        // A session reaches only the devices of its own project.
        if (!link || link.home.numero !== numero) return;
        if (message.command === 'session_stop') link.sessions.delete(sessionid);
        else link.sessions.add(sessionid);
        if (link.socket.readyState === link.socket.OPEN) link.socket.send(JSON.stringify(message));
      }),
      await bus.subscribe<ToViewer>(LiveChannel.toViewer, ({ sessionid, message }) => {
        const session = this.sessions.get(sessionid);
        if (session) send(session.socket, message as unknown as LiveServerMessage);
      }),
    );
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.unsubscribes) await unsubscribe();
    for (const link of [...this.devices.values()]) this.detachDevice(link);
  }

  // ---- devices ----

  /** A device's authenticated live socket; an older one (here or on another node) is closed. */
  attachDevice(socket: WebSocket, home: DeviceHome, device: LiveDevice): DeviceLink {
    const older = this.devices.get(home.mid);
    const link: DeviceLink = { id: crypto.randomUUID(), socket, home, device, sessions: new Set() };
    this.devices.set(home.mid, link);
    if (older) older.socket.close(4001, 'replaced');
    socket.once('close', () => this.detachDevice(link));
    this.publish<LivePresence>(LiveChannel.presence, { device, online: true, connection: link.id });
    send(socket, { command: 'logon_sucess', sessionid: link.id, iceServers: this.iceServers });
    return link;
  }

  private detachDevice(link: DeviceLink): void {
    if (this.devices.get(link.home.mid) !== link) return;
    this.devices.delete(link.home.mid);
    const device: LiveDevice = { ...link.device, status: 'offline' };
    this.publish<LivePresence>(LiveChannel.presence, {
      device,
      online: false,
      connection: link.id,
    });
    link.socket.close(1001, 'server stopping');
  }

  /** An answer of a device to a session (sdp or candidate) goes to that session only. */
  fromDevice(link: DeviceLink, sessionid: string, message: Omit<ToViewer, 'sessionid'>['message']) {
    if (!link.sessions.has(sessionid)) return false;
    this.publish<ToViewer>(LiveChannel.toViewer, { sessionid, message });
    return true;
  }

  private presence({ device, online, connection }: LivePresence): void {
    const held = this.devices.get(device.id);
    if (online && held && held.id !== connection) {
      // The device opened a newer socket on another node: this one is stale.
      this.devices.delete(device.id);
      held.socket.close(4001, 'replaced');
    }
    for (const session of this.sessions.values()) {
      if (session.numero !== device.project) continue;
      if (online) this.register(session, device);
      else if (session.devices.get(device.id)) {
        session.devices.delete(device.id);
        session.started.delete(device.id);
        send(session.socket, { command: 'device_offline', sessionid: session.id, device });
      }
    }
  }

  // ---- viewers ----

  /** A viewer's session on a project it may show (the caller checked); asks every node's devices. */
  createSession(socket: WebSocket, numero: number): ViewerSession {
    const session: ViewerSession = {
      id: crypto.randomUUID(),
      socket,
      numero,
      devices: new Map(),
      started: new Set(),
    };
    this.sessions.set(session.id, session);
    send(socket, {
      command: 'logon_sucess',
      sessionid: session.id,
      iceServers: this.iceServers,
      maxPanels: this.maxPanels,
    });
    this.publish<LiveQuery>(LiveChannel.query, { numero, sessionid: session.id });
    return session;
  }

  /** Relays a viewer's command to a device of its session; false when it is not one. */
  toDevice(session: ViewerSession, mid: string, message: BusMessage): boolean {
    if (!session.devices.has(mid)) return false;
    if (message.command === 'session_stop') session.started.delete(mid);
    else session.started.add(mid);
    this.publish<ToDevice>(LiveChannel.toDevice, {
      mid,
      numero: session.numero,
      sessionid: session.id,
      message,
    });
    return true;
  }

  /** The viewer's socket closed: its devices are told to stop streaming to it. */
  endSession(session: ViewerSession): void {
    this.sessions.delete(session.id);
    for (const mid of session.started) {
      const device = session.devices.get(mid);
      this.toDevice(session, mid, {
        command: 'session_stop',
        sessionId: session.id,
        device: { id: mid, type: device?.type ?? '' },
      });
    }
  }

  private register(session: ViewerSession, device: LiveDevice): void {
    if (device.project !== session.numero) return;
    session.devices.set(device.id, device);
    send(session.socket, { command: 'device_register', sessionid: session.id, device });
  }

  private publish<T extends BusMessage>(channel: string, message: T): void {
    publishLater<T>(this.bus, this.log, channel, message);
  }
}
