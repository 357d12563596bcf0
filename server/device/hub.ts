import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  SocketClose,
  type DeviceMessage,
  type ServerMessage,
} from '../../protocol/device-protocol';
import {
  BusChannel,
  publishLater,
  type Bus,
  type BusMessage,
  type DeviceConnectedEvent,
  type DeviceDeliveries,
  type DeviceDelivery,
  type DeviceReport,
  type DeviceRevokedEvent,
  type DevicesDeletedEvent,
  type PresenceEvent,
  type Unsubscribe,
  nodeDeliveries,
} from '../bus/index';
import type { Db } from '../db/database';
import { revokeDeviceCredential, type DeviceHome } from './directory';
import { RepeatedError } from '../repeated-error';
import { NODE_BEAT_SECONDS, NodeBeat } from './node-beat';
import type { PresenceWriter } from './presence';
import { messageTexts, type SharedMessage } from './message-text';

export interface DeviceConnection {
  id: string;
  home: DeviceHome;
  socket: WebSocket;
  connectedAt: Date;
  /** A pong (or any message) arrived since the last heartbeat ping. */
  alive: boolean;
  /** A message arrived since the last heartbeat: the device needs no ping to show it is there. */
  active: boolean;
}

/**
 * What a heartbeat does with a connection, updating its flags: `drop` it when the last ping went
 * unanswered and nothing else came; leave it (`skip`) when it sent a message since the last
 * heartbeat; `ping` it otherwise.
 */
export function heartbeatStep(
  connection: Pick<DeviceConnection, 'alive' | 'active'>,
): 'drop' | 'ping' | 'skip' {
  if (!connection.alive) return 'drop';
  if (connection.active) {
    connection.active = false;
    return 'skip';
  }
  connection.alive = false;
  return 'ping';
}

/** A device to reach with a shared message: its id there, and the node the directory names. */
export interface DeliveryTarget {
  mid: string;
  id: string;
  node?: string | null;
}

/** A command or push this node wrote to a device's socket: its history row's SENT. */
export interface Handover {
  numero: number;
  mid: string;
  messageId: string;
  at: Date;
}

export interface DeviceHubOptions {
  db: Db;
  bus: Bus;
  presence: PresenceWriter;
  log: FastifyBaseLogger;
  /** Seconds between heartbeat pings; a device that misses one is dropped. */
  heartbeat: number;
  /** Seconds after which a device not refreshed by its node is taken offline. */
  staleAfter: number;
}

/**
 * The devices connected to this node by WebSocket, and the way to reach any device: a message
 * for a device held by another node goes through the bus (BusChannel.deliver) and that node
 * sends it. Presence goes to the directory (PresenceWriter) and to the bus (BusChannel.presence).
 */
export class DeviceHub {
  private readonly connections = new Map<string, DeviceConnection>();
  private readonly unsubscribes: Unsubscribe[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly reportHandlers = new Set<(report: DeviceReport) => void>();
  private readonly handoverHandlers = new Set<(handovers: Handover[]) => void>();
  private readonly connectHandlers = new Set<(home: DeviceHome) => void>();
  private readonly nodes: NodeBeat;
  private readonly beatFailures = new RepeatedError('node heartbeat failed');
  private closing = false;

  constructor(private readonly options: DeviceHubOptions) {
    this.nodes = new NodeBeat(options.db, options.bus.node, {
      onBeat: (anew) => void this.beaten(anew),
      // A database outage must not flood the log.
      onError: (error) => this.beatFailures.report(this.options.log, error),
    });
  }

  /** Calls `handler` with every ack and result a device connected here sends; answers how to stop. */
  onReport(handler: (report: DeviceReport) => void): () => void {
    this.reportHandlers.add(handler);
    return () => this.reportHandlers.delete(handler);
  }

  /** Calls `handler` with the commands and pushes this node writes to its sockets. */
  onHandover(handler: (handovers: Handover[]) => void): () => void {
    this.handoverHandlers.add(handler);
    return () => this.handoverHandlers.delete(handler);
  }

  /**
   * Calls `handler` with each device welcomed on this node, after its welcome (the command queue
   * delivers what waits for it: server/commands/queue-delivery.ts).
   */
  onConnect(handler: (home: DeviceHome) => void): () => void {
    this.connectHandlers.add(handler);
    return () => this.connectHandlers.delete(handler);
  }

  get node(): string {
    return this.options.bus.node;
  }

  async start(): Promise<void> {
    const { bus, presence, log, heartbeat, staleAfter } = this.options;
    // Alive before the first socket: commands to this node's devices need its heartbeat.
    await this.nodes.start();
    this.unsubscribes.push(
      await bus.subscribe<DeviceConnectedEvent>(BusChannel.connected, (event) => {
        const held = this.connections.get(event.mid);
        if (held && held.id !== event.connection) this.drop(held, SocketClose.replaced, 'replaced');
      }),
      await bus.subscribe<DeviceRevokedEvent>(BusChannel.revoked, ({ mid }) => {
        this.disconnect(mid, SocketClose.revoked, 'revoked');
      }),
      // A deleted device's credential is gone with its directory row: for the agent this is a
      // revocation (4003, stop and enrol again), told apart by the reason.
      await bus.subscribe<DevicesDeletedEvent>(BusChannel.deleted, ({ mids }) => {
        for (const mid of mids) this.disconnect(mid, SocketClose.revoked, 'deleted');
      }),
      await bus.subscribe<DeviceDelivery>(BusChannel.deliver, ({ mid, message }) => {
        const connection = this.connections.get(mid);
        if (!connection) return;
        const { id } = message as { id: string };
        const handed: Handover[] = [];
        this.handOver(connection, JSON.stringify(message), id, new Date(), handed);
        this.handedOver(handed);
      }),
      await bus.subscribe<DeviceDeliveries>(nodeDeliveries(this.node), ({ message, mids, ids }) => {
        const textOf = messageTexts(message);
        const [at, handed] = [new Date(), [] as Handover[]];
        mids.forEach((mid, i) => {
          const connection = this.connections.get(mid);
          if (connection) this.handOver(connection, textOf(ids[i]), ids[i], at, handed);
          // Gone from here since the directory named this node: whichever node holds it sends it.
          else
            publishLater<DeviceDelivery>(bus, log, BusChannel.deliver, {
              mid,
              message: { ...message, id: ids[i] },
            });
        });
        this.handedOver(handed);
      }),
    );
    const refresh = () =>
      presence
        .touch([...this.connections.keys()])
        .then((held) => {
          this.closeForgotten(held);
          return presence.sweep(staleAfter);
        })
        .catch((error: unknown) => log.error({ err: error }, 'device presence refresh failed'));
    // At once too: devices left online by a node that stopped without writing them offline.
    void refresh();
    this.timers.push(
      setInterval(() => void this.sweepDeadNodes(), NODE_BEAT_SECONDS * 1000).unref(),
      setInterval(() => this.beat(), heartbeat * 1000).unref(),
      setInterval(refresh, (staleAfter * 1000) / 3).unref(),
    );
  }

  /** Registers a device's authenticated socket, replacing an older one here or elsewhere. */
  attach(socket: WebSocket, home: DeviceHome): DeviceConnection {
    const connection: DeviceConnection = {
      id: crypto.randomUUID(),
      home,
      socket,
      connectedAt: new Date(),
      alive: true,
      active: false,
    };
    if (this.closing) {
      // An upgrade that was still authenticating when the node began to stop: its presence
      // would be written after the node's last write, and stay "online".
      socket.close(SocketClose.goingAway, 'server stopping');
      return connection;
    }
    const older = this.connections.get(home.mid);
    if (older) this.drop(older, SocketClose.replaced, 'replaced');
    this.connections.set(home.mid, connection);
    socket.on('pong', () => (connection.alive = true));
    socket.once('close', () => this.detach(connection));
    this.options.presence.mark(home.mid, true);
    this.publishPresence(home, true);
    publishLater<DeviceConnectedEvent>(this.options.bus, this.options.log, BusChannel.connected, {
      mid: home.mid,
      node: this.node,
      connection: connection.id,
    });
    this.send(connection, {
      type: 'welcome',
      mid: home.mid,
      node: this.node,
      heartbeat: this.options.heartbeat,
      time: new Date().toISOString(),
    });
    // ---- queued commands (command queue): after the welcome, what waits for the device ----
    for (const handler of this.connectHandlers) {
      try {
        handler(home);
      } catch (error) {
        this.options.log.error({ err: error }, 'device connect handler failed');
      }
    }
    return connection;
  }

  private detach(connection: DeviceConnection): void {
    const { mid } = connection.home;
    if (this.connections.get(mid) !== connection) return;
    this.connections.delete(mid);
    if (this.closing) return;
    this.options.presence.mark(mid, false);
    this.publishPresence(connection.home, false);
  }

  /** Handles a message of an authenticated device (hello was dealt with before). */
  receive(connection: DeviceConnection, message: DeviceMessage): void {
    connection.alive = true;
    connection.active = true;
    switch (message.type) {
      case 'ping':
        this.send(connection, { type: 'pong', id: message.id, time: new Date().toISOString() });
        return;
      case 'ack':
      case 'result':
      case 'updateConfirm': {
        // Recorded by this node, the one holding the socket, without the bus: a node keeps
        // recording its own devices' outcomes while Redis is away.
        const report: DeviceReport = {
          mid: connection.home.mid,
          numero: connection.home.numero,
          node: this.node,
          message: message as unknown as BusMessage,
        };
        for (const handler of this.reportHandlers) {
          try {
            handler(report);
          } catch (error) {
            this.options.log.error({ err: error }, 'device report handler failed');
          }
        }
        return;
      }
      default:
        return;
    }
  }

  isConnectedHere(mid: string): boolean {
    return this.connections.has(mid);
  }

  connectedCount(): number {
    return this.connections.size;
  }

  /** The MIDs of a project's devices connected to this node. */
  connectedIn(schema: string): string[] {
    const mids: string[] = [];
    for (const connection of this.connections.values()) {
      if (connection.home.schema === schema) mids.push(connection.home.mid);
    }
    return mids;
  }

  /**
   * Sends `message` to each target with the target's id, serialised once: through this node's
   * sockets, and in one bus message per node holding the others (a target whose node is unknown,
   * or this node without its socket, goes to whichever node holds it). Answers the targets the
   * bus refused (Redis lost): those were not handed over.
   */
  async deliverEach<T extends DeliveryTarget>(message: SharedMessage, targets: T[]): Promise<T[]> {
    const textOf = messageTexts(message);
    const byNode = new Map<string, T[]>();
    const sends: { targets: T[]; published: Promise<void> }[] = [];
    const { bus } = this.options;
    const shared = message as unknown as BusMessage;
    const [at, handed] = [new Date(), [] as Handover[]];
    for (const target of targets) {
      const connection = this.connections.get(target.mid);
      if (connection) {
        this.handOver(connection, textOf(target.id), target.id, at, handed);
      } else if (target.node && target.node !== this.node) {
        const group = byNode.get(target.node) ?? [];
        group.push(target);
        byNode.set(target.node, group);
      } else {
        const published = bus.publish<DeviceDelivery>(BusChannel.deliver, {
          mid: target.mid,
          message: { ...shared, id: target.id },
        });
        sends.push({ targets: [target], published });
      }
    }
    this.handedOver(handed);
    for (const [node, group] of byNode) {
      const published = bus.publish<DeviceDeliveries>(nodeDeliveries(node), {
        message: shared,
        mids: group.map((target) => target.mid),
        ids: group.map((target) => target.id),
      });
      sends.push({ targets: group, published });
    }
    const outcomes = await Promise.allSettled(sends.map((send) => send.published));
    return outcomes.flatMap((outcome, i) =>
      outcome.status === 'rejected' ? sends[i].targets : [],
    );
  }

  /**
   * Revokes a device's credential: check-ins and new sockets are refused from now on, and the
   * node holding its socket closes it with 4003. The device must enrol again.
   */
  async revoke(mid: string): Promise<boolean> {
    const revoked = await revokeDeviceCredential(this.options.db, mid);
    if (revoked) await this.options.bus.publish<DeviceRevokedEvent>(BusChannel.revoked, { mid });
    return revoked;
  }

  /** Closes a device's socket on this node. */
  disconnect(mid: string, code: number = SocketClose.revoked, reason = 'revoked'): boolean {
    const connection = this.connections.get(mid);
    if (!connection) return false;
    this.drop(connection, code, reason);
    return true;
  }

  /** Closes every socket of this node and writes them offline. */
  async close(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const unsubscribe of this.unsubscribes) await unsubscribe();
    for (const connection of this.connections.values()) {
      this.options.presence.mark(connection.home.mid, false);
      this.publishPresence(connection.home, false);
      connection.socket.close(SocketClose.goingAway, 'server stopping');
    }
    this.connections.clear();
    await this.options.presence.flush();
    await this.nodes.leave().catch(() => {});
  }

  /**
   * After a heartbeat (written by its own thread, node-beat.ts): a node that was taken for dead
   * (its row swept while it was hung) writes its devices online again at once.
   */
  private async beaten(anew: boolean): Promise<void> {
    if (!anew || this.connections.size === 0 || this.closing) return;
    await this.options.presence
      .touch([...this.connections.keys()])
      .catch((error: unknown) => this.beatFailures.report(this.options.log, error));
  }

  /** Takes offline the devices of the nodes whose heartbeat stopped. */
  private async sweepDeadNodes(): Promise<void> {
    try {
      const swept = await this.nodes.sweepDead();
      if (swept > 0) this.options.log.warn({ devices: swept }, 'devices of a dead node offline');
    } catch (error) {
      this.beatFailures.report(this.options.log, error);
    }
  }

  send(connection: DeviceConnection, message: ServerMessage): void {
    this.sendText(connection, JSON.stringify(message));
  }

  private sendText(connection: DeviceConnection, text: string): boolean {
    if (connection.socket.readyState !== connection.socket.OPEN) return false;
    connection.socket.send(text);
    return true;
  }

  /** Writes a command or push to a socket here, noting the hand-over when it was written. */
  private handOver(
    connection: DeviceConnection,
    text: string,
    messageId: string,
    at: Date,
    handed: Handover[],
  ): void {
    if (!this.sendText(connection, text)) return;
    handed.push({ numero: connection.home.numero, mid: connection.home.mid, messageId, at });
  }

  private handedOver(handed: Handover[]): void {
    if (handed.length === 0) return;
    for (const handler of this.handoverHandlers) {
      try {
        handler(handed);
      } catch (error) {
        this.options.log.error({ err: error }, 'device hand-over handler failed');
      }
    }
  }

  /** Sends a message to a device only if its socket is on this node; true when it was. */
  sendHere(mid: string, message: ServerMessage): boolean {
    return this.sendLocal(mid, message);
  }

  private sendLocal(mid: string, message: ServerMessage): boolean {
    const connection = this.connections.get(mid);
    if (!connection) return false;
    this.send(connection, message);
    return true;
  }

  private drop(connection: DeviceConnection, code: number, reason: string): void {
    this.detach(connection);
    connection.socket.close(code, reason);
    // A peer that ignores the closing handshake is cut after a moment.
    setTimeout(() => connection.socket.terminate(), 5000).unref();
  }

  /**
   * Closes the sockets of devices the directory no longer holds as this node's: revoked or
   * deleted by a path that could not reach the bus. Sockets just opened are spared, as their
   * presence may not be written yet.
   */
  private closeForgotten(held: Set<string>): void {
    const settled = Date.now() - 10_000;
    for (const connection of this.connections.values()) {
      if (held.has(connection.home.mid) || connection.connectedAt.getTime() > settled) continue;
      this.drop(connection, SocketClose.revoked, 'revoked');
    }
  }

  /**
   * Pings the devices not heard from since the last heartbeat, and drops those that did not
   * answer the last ping. A device that sent a message meanwhile is evidently there: it gets no
   * ping this time (a command to the whole fleet would otherwise cost a ping and a pong more
   * for every device that had just answered it).
   */
  private beat(): void {
    for (const connection of this.connections.values()) {
      const step = heartbeatStep(connection);
      if (step === 'ping') connection.socket.ping();
      else if (step === 'drop') {
        this.options.log.debug({ mid: connection.home.mid }, 'device missed its heartbeat');
        this.detach(connection);
        connection.socket.terminate();
      }
    }
  }

  private publishPresence(home: DeviceHome, online: boolean): void {
    publishLater<PresenceEvent>(this.options.bus, this.options.log, BusChannel.presence, {
      mid: home.mid,
      numero: home.numero,
      online,
      node: this.node,
      at: new Date().toISOString(),
    });
  }
}
