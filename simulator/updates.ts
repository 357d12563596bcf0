import type { DeviceUpdate, UpdateConfirm } from '../protocol/device-protocol';
import type { UpdateFile } from '../protocol/updates';
import type { DeviceClient } from './client';
import type { DeviceProfile } from './profile';
import type { Random } from './random';
import type { LocalReplica } from './replica-store';
import { runUpdateSql } from './update-sql';

export interface UpdateOptions {
  /** Share of updates that fail on purpose (0–1); flaky devices fail three times as often. */
  failRate: number;
  /** Seconds a slow device waits before applying, [least, most]; a quick one takes 0–2 s. */
  slowSeconds: [number, number];
  /** Share of devices that are slow. */
  slowShare: number;
}

export const DEFAULT_UPDATE_OPTIONS: UpdateOptions = {
  failRate: 0.04,
  slowSeconds: [5, 60],
  slowShare: 0.3,
};

const RECORDED_KEPT = 200;
const REAPPLY_AFTER_MS = 120_000;

/** What a simulated device is: enough to reach the server and its local copy. */
export interface UpdateHost {
  mid: string;
  profile: DeviceProfile;
  client: DeviceClient;
  random: Random;
  credential(): string | null;
  /** Whether it is reachable now (an offline episode holds its updates until it is back). */
  online(): boolean;
  /** Its copy of the project's tables, or null when it does not replicate. */
  local(): LocalReplica | null;
}

/** Believable ways an update fails on a device, for the console's Confirmed panel. */
function failure(random: Random, update: DeviceUpdate): string {
  const file = random.pick(update.files) as UpdateFile | undefined;
  const name = file ? `${file.path || '%APPPATH%'}/${file.name}` : 'la actualización';
  return random.pick([
    `No queda espacio en el almacenamiento interno: libres ${random.int(2, 40)} MB, hacen falta ${random.int(50, 400)} MB.`,
    `EACCES: permiso denegado al escribir ${name}.`,
    `SQLiteException: database is locked (code 5 SQLITE_BUSY) al aplicar ${name}.`,
    `La descarga de ${name} se cortó: la red dejó de responder (timeout de 30 s).`,
  ]);
}

/**
 * A simulated device's updates (docs/device-protocol.md, "Updates"): told of them by the
 * check-in or the `updates` message, it downloads each copy and sql file, runs the SQL against
 * its local copy (simulator/update-sql.ts), records deletes and executions, and confirms. Some
 * devices are slow (seconds to a minute), a few fail with a reason, so the console's panels fill
 * in live.
 */
export class DeviceUpdates {
  /** Versions confirmed, and those reported failed. */
  readonly applied: number[] = [];
  readonly failed: number[] = [];
  /** Statements and file operations the device only recorded (it has no engine for them). */
  readonly recorded: string[] = [];
  private readonly busy = new Set<number>();
  /**
   * When each version was last confirmed: a check-in answered just before the confirm committed
   * still lists it, and is not a reason to apply it again; an operator's reset, later, is.
   */
  private readonly finished = new Map<number, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /**
   * Outcomes whose confirm the server did not take (an error, or an answer lost with its
   * connection): sent again when the update is listed next, the update not applied again.
   */
  private readonly unconfirmed = new Map<number, UpdateConfirm>();
  private readonly slow: boolean;

  constructor(
    private readonly host: UpdateHost,
    private readonly options: UpdateOptions = DEFAULT_UPDATE_OPTIONS,
  ) {
    this.slow = host.random.chance(options.slowShare);
  }

  /** Starts the updates not yet under way. */
  handle(updates: DeviceUpdate[]): void {
    for (const update of updates) {
      const finished = this.finished.get(update.version);
      if (this.busy.has(update.version) || (finished && Date.now() - finished < REAPPLY_AFTER_MS)) {
        continue;
      }
      this.busy.add(update.version);
      const outcome = this.unconfirmed.get(update.version);
      if (outcome) {
        void this.confirm(outcome).finally(() => this.busy.delete(update.version));
        continue;
      }
      const [least, most] = this.slow ? this.options.slowSeconds : [0, 2];
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          void this.apply(update).finally(() => this.busy.delete(update.version));
        },
        this.host.random.between(least, most) * 1000,
      );
      this.timers.add(timer);
    }
  }

  /** Asks the server for the pending updates (after an `updates` message) and starts them. */
  async fetch(): Promise<void> {
    const credential = this.host.credential();
    if (!credential) return;
    try {
      this.handle((await this.host.client.updates(this.host.mid, credential)).updates);
    } catch {
      // Told again at the next check-in.
    }
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    // Those waiting to start are started again when the device is told of them next time.
    this.busy.clear();
  }

  private async apply(update: DeviceUpdate): Promise<void> {
    const { host } = this;
    const credential = host.credential();
    if (!credential || !host.online()) return;
    const rate = this.options.failRate * (host.profile.behaviour === 'flaky' ? 3 : 1);
    let outcome: UpdateConfirm;
    try {
      if (host.random.chance(rate)) throw new Error(failure(host.random, update));
      for (const file of update.files) await this.applyFile(update, file, credential);
      outcome = { version: update.version, ok: true };
    } catch (error) {
      outcome = { version: update.version, ok: false, error: (error as Error).message };
    }
    await this.confirm(outcome);
  }

  private async confirm(outcome: UpdateConfirm): Promise<void> {
    const { host } = this;
    const credential = host.credential();
    if (!credential) return;
    try {
      await host.client.confirmUpdate(host.mid, credential, outcome);
      this.unconfirmed.delete(outcome.version);
      (outcome.ok ? this.applied : this.failed).push(outcome.version);
      this.finished.set(outcome.version, Date.now());
    } catch {
      // Not stored: the update is still pending and comes again with the next check-in.
      this.unconfirmed.set(outcome.version, outcome);
    }
  }

  private async applyFile(update: DeviceUpdate, file: UpdateFile, credential: string) {
    const where = `${file.path || '%APPPATH%'}/${file.name}`;
    if (file.IsCopy || file.IsSqlFile) {
      const bytes = await this.host.client.downloadUpdate(this.host.mid, credential, {
        version: update.version,
        numero: file.numero,
      });
      if (bytes.length !== file.size) {
        throw new Error(`${where}: llegaron ${bytes.length} bytes de ${file.size}.`);
      }
      if (file.IsSqlFile) this.runSql(bytes.toString('utf8'));
      else this.record(`copy ${where}${file.IsForExecute ? ' (execute)' : ''}`);
    } else if (file.IsSqlDirect) {
      this.runSql(file.sql ?? '');
    } else if (file.IsDelete) {
      this.record(`delete ${where}`);
    } else if (file.IsForExecute) {
      this.record(`execute ${where}`);
    }
  }

  private runSql(script: string): void {
    this.record(...runUpdateSql(this.host.local(), script).recorded);
  }

  /** Keeps the newest RECORDED_KEPT entries, as an agent's log would. */
  private record(...entries: string[]): void {
    this.recorded.push(...entries);
    this.recorded.splice(0, Math.max(0, this.recorded.length - RECORDED_KEPT));
  }
}
