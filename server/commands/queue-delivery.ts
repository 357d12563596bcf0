import type { FastifyBaseLogger } from 'fastify';
import { commandMessageId, commandRowId } from '../../protocol/commands';
import type { Bus, BusMessage, DeviceReport, Unsubscribe } from '../bus/index';
import type { Db } from '../db/database';
import { projectSchemaName } from '../db/projects';
import type { DeviceHub } from '../device/hub';
import { claimQueued, dequeue, queuedFor, type QueuedCommand } from './queue';
import { markTimedOut } from './store';
import { commandText } from './texts';

/** Devices that connected within this long are read from the queue by one statement. */
const GATHER_MS = 20;
/** The most devices one statement reads the queue of. */
const MAX_DEVICES = 1000;
/** Acknowledgements of queued commands gathered this long before their rows are removed. */
const DEQUEUE_MS = 50;

/**
 * Commands queued for devices that were offline, sent after the sending: a node that holds some
 * of them reads the queue for those. Its own channel (not in BusChannel: only this file speaks it).
 */
export const QUEUED_CHANNEL = 'command.queued';
export type QueuedEvent = { mids: string[] };

export interface QueueDeliveryOptions {
  db: Db;
  bus: Bus;
  hub: DeviceHub;
  log: FastifyBaseLogger;
  timeoutSeconds: number;
}

/**
 * Delivers the command queue (docs/device-protocol.md, "Queued commands"): when a device is
 * welcomed on this node, its queued commands are written to its socket in the order they were
 * sent, whichever node queued them. Each stays queued until the device acknowledges it (at least
 * once: a device back before answering gets it again, and knows it by its id). The online path
 * does not pass here: a device's connection costs one lookup by key, shared by the devices
 * connecting within GATHER_MS, and a report costs a map lookup.
 */
export class QueueDelivery {
  private connecting = new Set<string>();
  private gathering: NodeJS.Timeout | null = null;
  /** Queued commands this node wrote to its sockets, not acknowledged yet: row id → MID. */
  private readonly delivered = new Map<number, string>();
  private acked: { mid: string; id: number }[] = [];
  private dequeuing: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stops: (() => void)[] = [];
  private readonly unsubscribes: Unsubscribe[] = [];
  private running = new Set<Promise<void>>();

  constructor(private readonly options: QueueDeliveryOptions) {}

  async start(): Promise<void> {
    const { hub, bus } = this.options;
    this.stops.push(
      hub.onConnect((home) => this.connected(home.mid)),
      hub.onReport((report) => this.reported(report)),
    );
    this.unsubscribes.push(
      await bus.subscribe<QueuedEvent>(QUEUED_CHANNEL, ({ mids }) => {
        for (const mid of mids) if (hub.isConnectedHere(mid)) this.connected(mid);
      }),
    );
  }

  async close(): Promise<void> {
    for (const stop of this.stops) stop();
    for (const unsubscribe of this.unsubscribes) await unsubscribe();
    if (this.gathering) clearTimeout(this.gathering);
    for (const timer of this.timers) clearTimeout(timer);
    this.flushAcks();
    await Promise.allSettled([...this.running]);
  }

  /**
   * Commands were just queued for these devices: any of them that connected meanwhile (its
   * connection read the queue before the rows were committed) is served by its node now.
   */
  async queued(mids: string[]): Promise<void> {
    if (mids.length === 0) return;
    await this.options.bus.publish<QueuedEvent>(QUEUED_CHANNEL, { mids } as QueuedEvent &
      BusMessage);
  }

  /** Resolves when every delivery begun so far has ended (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.connecting.size > 0 || this.acked.length > 0) {
      if (this.gathering === null && this.connecting.size > 0) this.deliverGathered();
      if (this.dequeuing === null && this.acked.length > 0) this.flushAcks();
      await Promise.allSettled([...this.running]);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private connected(mid: string): void {
    this.connecting.add(mid);
    if (this.connecting.size >= MAX_DEVICES) this.deliverGathered();
    else this.gathering ??= setTimeout(() => this.deliverGathered(), GATHER_MS);
  }

  private deliverGathered(): void {
    if (this.gathering) clearTimeout(this.gathering);
    this.gathering = null;
    const mids = [...this.connecting];
    this.connecting = new Set();
    if (mids.length === 0) return;
    this.track(
      this.deliver(mids).catch((error: unknown) =>
        // The rows stay queued: the device's next connection gets them.
        this.options.log.error({ err: error, devices: mids.length }, 'queued commands not sent'),
      ),
    );
  }

  private track(work: Promise<void>): void {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  private async deliver(mids: string[]): Promise<void> {
    const { db, hub } = this.options;
    const queued = await queuedFor(db, mids);
    if (queued.length === 0) return;
    const byProject = new Map<number, QueuedCommand[]>();
    for (const row of queued) {
      const group = byProject.get(row.numero) ?? [];
      group.push(row);
      byProject.set(row.numero, group);
    }
    for (const [numero, rows] of byProject) {
      const claimed = new Set(
        await claimQueued(
          db,
          numero,
          rows.map((row) => row.id),
        ),
      );
      const sentAt = new Date().toISOString();
      const sent: number[] = [];
      // `rows` is in (mid, id) order: each device gets its commands as they were sent.
      for (const row of rows) {
        if (!claimed.has(row.id)) continue;
        const id = commandMessageId(row.id);
        const message = { type: 'command' as const, id, cmd: row.cmd, params: row.params, sentAt };
        if (!hub.sendHere(row.mid, message)) continue; // gone again: still queued
        this.delivered.set(row.id, row.mid);
        sent.push(row.id);
      }
      this.scheduleTimeout(numero, sent);
    }
  }

  /** An acknowledgement (or a result) of a queued command this node delivered: it leaves the queue. */
  private reported(report: DeviceReport): void {
    if (this.delivered.size === 0) return;
    const message = report.message as { type?: string; id?: string };
    if ((message.type !== 'ack' && message.type !== 'result') || !message.id) return;
    const id = commandRowId(message.id);
    if (id === null || this.delivered.get(id) !== report.mid) return;
    this.delivered.delete(id);
    this.acked.push({ mid: report.mid, id });
    this.dequeuing ??= setTimeout(() => this.flushAcks(), DEQUEUE_MS);
  }

  private flushAcks(): void {
    if (this.dequeuing) clearTimeout(this.dequeuing);
    this.dequeuing = null;
    const keys = this.acked;
    this.acked = [];
    if (keys.length === 0) return;
    this.track(
      dequeue(this.options.db, keys).catch((error: unknown) =>
        // Left queued: the device gets them again next time and knows them by their id.
        this.options.log.error({ err: error, commands: keys.length }, 'queue rows not removed'),
      ),
    );
  }

  /**
   * Delivered commands acknowledged and not answered end 'timeout', as sent ones do; those not
   * acknowledged stay queued (markTimedOut leaves them) for the device's next connection.
   */
  private scheduleTimeout(numero: number, ids: number[]): void {
    if (ids.length === 0) return;
    const { timeoutSeconds, db, log } = this.options;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      for (const id of ids) this.delivered.delete(id);
      const text = commandText('es', 'timeout', { seconds: timeoutSeconds });
      markTimedOut(db, projectSchemaName(numero), text, { ids }).catch((error: unknown) =>
        log.error({ err: error }, 'queued command timeout failed'),
      );
    }, timeoutSeconds * 1000);
    timer.unref();
    this.timers.add(timer);
  }
}
