import type { FastifyBaseLogger } from 'fastify';
import { commandMessageId, type CommandResultRow } from '../../protocol/commands';
import { SocketClose } from '../../protocol/device-protocol';
import {
  BusChannel,
  publishLater,
  type Bus,
  type CommandOutcomeEvent,
  type Unsubscribe,
} from '../bus/index';
import type { Db } from '../db/database';
import type { DeviceHub } from '../device/hub';
import type { SharedMessage } from '../device/message-text';
import { ReportRecorder, type RecordedOutcome, type Report } from './recorder';
import {
  commandSchemas,
  insertCommands,
  devicesOnOtherNodes,
  endStalePushes,
  markTimedOut,
  markUndelivered,
  outcomeOf,
  readOutcomes,
  type InsertedCommand,
  type NewCommands,
} from './store';
import { commandText } from './texts';
import { QueueDelivery } from './queue-delivery';
import { expireQueued } from './queue';
import { ServiceError } from '../services/registry';
import type { Metrics } from '../metrics';

export interface CommandCenterOptions {
  db: Db;
  bus: Bus;
  hub: DeviceHub;
  log: FastifyBaseLogger;
  /** A command without result after this long is marked 'timeout'. */
  timeoutSeconds: number;
  /** The longest a sending call waits for the outcomes (`wait: true`). */
  waitSeconds?: number;
  /** Seconds between sweeps of commands left pending by a node that stopped. */
  sweepSeconds?: number;
  metrics?: Pick<Metrics, 'commands'>;
}

/** How much further back than the last sweep's reach the next one reads (a late commit). */
const SWEEP_MARGIN_SECONDS = 60;

/** What a send did: the history rows, and whether each was handed over. */
export interface Sent {
  inserted: InsertedCommand[];
  sent: number;
  offline: number;
  /** Not handed over: the bus refused them (their rows say so). */
  failed: number;
}

/** A caller waiting on some commands' outcomes. */
interface Waiter {
  pending: Set<string>;
  done(): void;
}

/**
 * Sends commands and pushes to devices and keeps their history (docs/device-protocol.md,
 * "Commands"). One per node. A command is a row before it is a message; the node holding the
 * device's socket records its ack and result (from its hub, exactly once per command),
 * then tells every node (BusChannel.commandOutcome) so that a call waiting elsewhere answers.
 */
export class CommandCenter {
  private readonly recorder: ReportRecorder;
  /** The commands queued for offline devices, delivered when they connect here. */
  readonly queue: QueueDelivery;
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly unsubscribes: Unsubscribe[] = [];
  private sweeper: NodeJS.Timeout | null = null;
  /** The sweep running now, which close() waits for (a stop right after the start met it). */
  private sweeping: Promise<void> | null = null;
  /** When the last sweep that went through every project started (performance.now()). */
  private sweptAt: number | null = null;

  constructor(private readonly options: CommandCenterOptions) {
    this.recorder = new ReportRecorder(
      options.db,
      (outcomes) => this.announce(outcomes),
      (error, reports) => options.log.error({ err: error, reports }, 'command report write failed'),
      1000,
      3,
      (results) => this.resendLater(results),
    );
    this.queue = new QueueDelivery(options);
  }

  get waitSeconds(): number {
    return this.options.waitSeconds ?? 10;
  }

  async start(): Promise<void> {
    const { bus, hub } = this.options;
    // Outcomes are written by the node holding the device's socket, the one that hears them.
    const stopReports = hub.onReport((report) => {
      const message = report.message as { type?: string; id?: string };
      if ((message.type !== 'ack' && message.type !== 'result') || !message.id) return;
      const { type, id, ...result } = message;
      this.recorder.add({
        numero: report.numero,
        mid: report.mid,
        type,
        messageId: id,
        result: type === 'result' ? result : undefined,
      });
    });
    // SENT too: written with the device's answer, or alone if none comes (Handovers).
    const stopHandovers = hub.onHandover((handovers) => this.recorder.handed(handovers));
    this.unsubscribes.push(
      async () => {
        stopReports();
        stopHandovers();
      },
      await bus.subscribe<CommandOutcomeEvent>(BusChannel.commandOutcome, ({ numero, ids }) => {
        this.settleAll(numero, ids);
      }),
    );
    await this.queue.start();
    const sweep = () => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) =>
          this.options.log.error({ err: error }, 'command timeout sweep failed'),
        )
        .finally(() => (this.sweeping = null));
    };
    this.sweeper = setInterval(sweep, (this.options.sweepSeconds ?? 60) * 1000).unref();
    sweep();
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.sweeping;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const unsubscribe of this.unsubscribes) await unsubscribe();
    await this.queue.close();
    await this.recorder.idle();
    for (const set of this.waiters.values()) for (const waiter of set) waiter.done();
    this.waiters.clear();
  }

  /**
   * Writes the rows and sends the command to the devices online; answers each device's outcome:
   * at once, what the hand-over did ('sent', 'offline', 'failed'); with `wait`, once every device
   * has answered or after `waitSeconds`, what the history then says (a command handed over and
   * not answered reads 'sent' while its SENT waits for an answer: Handovers).
   */
  async send(
    request: NewCommands,
    wait: boolean,
    inserted?: InsertedCommand[],
  ): Promise<CommandResultRow[]> {
    const rows = inserted ?? (await insertCommands(this.options.db, request));
    const ids = rows.map((row) => row.id);
    const waiting = wait ? this.waitFor(request.numero, rows) : null;
    const refused = await this.deliver(request, rows, (sentAt) => ({
      type: 'command',
      cmd: request.cmd,
      params: request.params,
      sentAt,
    }));
    this.scheduleTimeout(request, ids);
    await this.announceQueued(rows);
    if (!waiting) {
      // What the hand-over did; the answers that follow are the history's to tell (the call
      // no longer reads its 5,000 rows back). A 'created' row was handed over unless refused.
      const lost = commandText(request.sender.language, 'busLost');
      return rows.map((row) => {
        const failed = refused.has(row.id);
        return outcomeOf({
          ID: row.id,
          MID: row.mid,
          CMD: request.cmd,
          STATE: row.state !== 'created' ? row.state : failed ? 'failed' : 'sent',
          RESULT: null,
          ERRORDESC: failed ? lost : null,
        });
      });
    }
    await waiting;
    // Still 'created': handed over (those refused are 'failed'), its SENT held for an answer.
    const outcomes = await readOutcomes(this.options.db, request.schema, ids);
    return outcomes.map((outcome) =>
      outcome.state === 'created' ? { ...outcome, state: 'sent' } : outcome,
    );
  }

  /**
   * Rows queued for offline devices: a device that connected while they were being written
   * (its connection read the queue before them) gets them from its node now.
   */
  private async announceQueued(rows: InsertedCommand[]): Promise<void> {
    const mids = rows.filter((row) => row.state === 'pending').map((row) => row.mid);
    if (mids.length === 0) return;
    await this.queue
      .queued(mids)
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'queue notice not sent'));
  }

  /** A push: recorded in the history (SOURCE 'push'), sent to the devices online, no answer. */
  async push(request: NewCommands, pushType: number, message: string | null): Promise<Sent> {
    const rows = await insertCommands(this.options.db, request);
    const refused = await this.deliver(request, rows, (sentAt) => ({
      type: 'push',
      pushType,
      message,
      sentAt,
    }));
    const offline = rows.filter((row) => row.state === 'offline').length;
    const failed = refused.size;
    return { inserted: rows, sent: rows.length - offline - failed, offline, failed };
  }

  /**
   * Refuses, before anything is written, a send that needs the bus while it is down: devices
   * online on another node can only be reached through it (docs/operations.md, "Faults").
   */
  async assertReachable(request: Pick<NewCommands, 'numero' | 'mids' | 'sender'>): Promise<void> {
    const { bus, db } = this.options;
    if (bus.isReady()) return;
    const elsewhere = await devicesOnOtherNodes(db, request.numero, request.mids, bus.node);
    if (elsewhere > 0) {
      throw new ServiceError(commandText(request.sender.language, 'busDown', { elsewhere }));
    }
  }

  /**
   * Hands the message to the hub (this node's sockets, or one bus message per node holding the
   * others); the node that writes it to the socket writes SENT (Handovers). Those the bus refused
   * (Redis lost meanwhile) end 'failed' saying why: the history never says 'sent' for what did
   * not leave. Answers the rows refused; the other 'created' rows were handed over.
   */
  private async deliver(
    request: Pick<NewCommands, 'schema' | 'numero' | 'sender'>,
    rows: InsertedCommand[],
    messageOf: (sentAt: string) => SharedMessage,
  ): Promise<Set<number>> {
    const online = rows.filter((row) => row.state === 'created');
    const at = new Date();
    const { hub, db, log } = this.options;
    const targets = online.map((row) => ({
      mid: row.mid,
      id: commandMessageId(row.id),
      node: row.node,
      row,
    }));
    const refusedTargets = await hub.deliverEach(messageOf(at.toISOString()), targets);
    const refused = refusedTargets.map((target) => target.row.id);
    const counted = this.options.metrics?.commands;
    counted?.inc({ state: 'sent' }, online.length - refused.length);
    counted?.inc({ state: 'offline' }, rows.length - online.length);
    if (refused.length > 0) counted?.inc({ state: 'failed' }, refused.length);
    if (refused.length > 0) {
      log.warn({ commands: refused.length }, 'commands not delivered: the bus refused them');
      const text = commandText(request.sender.language, 'busLost');
      await markUndelivered(db, request.schema, refused, text);
      this.settleAll(request.numero, refused);
    }
    return new Set(refused);
  }

  /**
   * Results not stored (the database away): their devices' sockets are closed, so that they
   * send them again after reconnecting. A stored result is not acknowledged: the device keeps it
   * RESULT_KEEP_SECONDS on its socket (docs/device-protocol.md, "At least once").
   */
  private resendLater(results: Report[]): void {
    const mids = new Set(results.map((result) => result.mid));
    if (mids.size > 0) {
      this.options.log.warn(
        { devices: mids.size },
        'results not stored: their devices resend them',
      );
    }
    for (const mid of mids) {
      this.options.hub.disconnect(mid, SocketClose.unstored, 'results not stored');
    }
  }

  private waitFor(numero: number, rows: InsertedCommand[]): Promise<void> {
    const pending = new Set(
      rows.filter((row) => row.state === 'created').map((row) => `${numero}:${row.id}`),
    );
    if (pending.size === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => waiter.done(), this.waitSeconds * 1000);
      const waiter: Waiter = {
        pending,
        done: () => {
          clearTimeout(timer);
          for (const key of pending) this.waiters.get(key)?.delete(waiter);
          for (const key of pending)
            if (this.waiters.get(key)?.size === 0) this.waiters.delete(key);
          resolve();
        },
      };
      for (const key of pending) {
        const set = this.waiters.get(key) ?? new Set();
        set.add(waiter);
        this.waiters.set(key, set);
      }
    });
  }

  /**
   * Ends the waits on these commands. Most have nobody waiting (a fleet-wide command's 100,000
   * outcomes reach every node): then nothing is looked up.
   */
  private settleAll(numero: number, ids: number[]): void {
    if (this.waiters.size === 0) return;
    for (const id of ids) this.settle(`${numero}:${id}`);
  }

  private settle(key: string): void {
    const set = this.waiters.get(key);
    if (!set) return;
    this.waiters.delete(key);
    for (const waiter of set) {
      waiter.pending.delete(key);
      if (waiter.pending.size === 0) waiter.done();
    }
  }

  private announce(outcomes: RecordedOutcome[]): void {
    if (outcomes.length === 0) return;
    const counted = this.options.metrics?.commands;
    if (counted) {
      const byState = new Map<string, number>();
      for (const { state } of outcomes) byState.set(state, (byState.get(state) ?? 0) + 1);
      for (const [state, n] of byState) counted.inc({ state }, n);
    }
    const numero = outcomes[0].numero;
    const ids = outcomes.map((outcome) => outcome.id);
    // This node's callers at once; the others through the bus (which echoes it here too).
    this.settleAll(numero, ids);
    publishLater<CommandOutcomeEvent>(
      this.options.bus,
      this.options.log,
      BusChannel.commandOutcome,
      { numero, ids },
    );
  }

  private scheduleTimeout(request: NewCommands, ids: number[]): void {
    if (ids.length === 0) return;
    const { timeoutSeconds, db, log, bus } = this.options;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const text = commandText(request.sender.language, 'timeout', { seconds: timeoutSeconds });
      markTimedOut(db, request.schema, text, { ids })
        .then((ended) => {
          if (ended.length === 0) return;
          return bus.publish<CommandOutcomeEvent>(BusChannel.commandOutcome, {
            numero: request.numero,
            ids: ended,
          });
        })
        .catch((error: unknown) => log.error({ err: error }, 'command timeout failed'));
    }, timeoutSeconds * 1000);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * Commands left pending by a node that stopped before its timers ran: any node ends them,
   * a little after the timeout so the sending node's own timer goes first. Pushes that node
   * never handed over end 'failed'. The first sweep of a node reads the whole history; the
   * next ones only the rows created since the last that succeeded, with a minute's margin
   * (no index lists the pending rows: project migration 20261128_0021).
   */
  async sweep(): Promise<void> {
    const { db, timeoutSeconds } = this.options;
    const startedAt = performance.now();
    const olderThanSeconds = timeoutSeconds + 30;
    const window = {
      olderThanSeconds,
      newerThanSeconds:
        this.sweptAt === null
          ? null
          : olderThanSeconds + SWEEP_MARGIN_SECONDS + (startedAt - this.sweptAt) / 1000,
    };
    for (const { schema } of await commandSchemas(db)) {
      const timeout = commandText('es', 'timeout', { seconds: timeoutSeconds });
      await markTimedOut(db, schema, timeout, window);
      await endStalePushes(db, schema, commandText('es', 'pushLost'), window);
    }
    this.sweptAt = startedAt;
    // Queued commands past their expiry (one node at a time; the others skip).
    await expireQueued(db, null);
  }

  /** Resolves when every report received so far is written (tests, shutdown). */
  async idle(): Promise<void> {
    await this.queue.idle();
    await this.recorder.idle();
  }
}

const centers = new WeakMap<object, CommandCenter>();

export function attachCommandCenter(db: object, center: CommandCenter): void {
  centers.set(db, center);
}

export function detachCommandCenter(db: object, center: CommandCenter): void {
  if (centers.get(db) === center) centers.delete(db);
}

/** The command center of the app serving `db`; null when no device API runs on it. */
export function commandCenterOf(db: object): CommandCenter | null {
  return centers.get(db) ?? null;
}
