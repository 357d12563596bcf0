import { gunzipSync } from 'node:zlib';
import type {
  DeviceProvision,
  ProvisionConfirm,
  ProvisionHeader,
  ProvisionTableLine,
} from '../protocol/provisioning';
import type { Row } from './replica-store';
import type { UpdateHost } from './updates';

export interface ProvisionOptions {
  /** Share of provisions that fail on purpose (0–1). */
  failRate: number;
}

export const DEFAULT_PROVISION_OPTIONS: ProvisionOptions = { failRate: 0.05 };

/** Parses a provisioned copy: the header, then each table's line and its rows. */
export function readCopy(bytes: Buffer) {
  const lines = gunzipSync(bytes).toString('utf8').split('\n').filter(Boolean);
  const header = JSON.parse(lines[0]) as ProvisionHeader;
  const tables: { table: string; key: string[]; rows: Row[] }[] = [];
  let at = 1;
  while (at < lines.length) {
    const line = JSON.parse(lines[at++]) as ProvisionTableLine;
    const rows = lines.slice(at, at + line.rows).map((text) => JSON.parse(text) as Row);
    at += line.rows;
    tables.push({ table: line.table, key: line.key, rows });
  }
  return { header, tables };
}

/** Believable ways a provision fails on a device, for the Provision tab's log. */
const FAILURES = [
  'No queda espacio para la base de datos: libres 12 MB.',
  'La descarga se cortó: la red dejó de responder (timeout de 30 s).',
  'SQLiteException: disk I/O error (code 10) al escribir la copia.',
];

/**
 * A simulated device's provision tasks (docs/device-protocol.md, "Provisioning"): told by the
 * check-in or the `provision` message, it downloads a database task's copy, replaces its local
 * copy with it (simulator/replica-store.ts) and confirms; install, config and secure deletion it
 * confirms at once. A few fail with a reason, which the Provision tab's log shows.
 */
export class DeviceProvisions {
  readonly done: number[] = [];
  readonly failed: number[] = [];
  private readonly busy = new Set<number>();

  constructor(
    private readonly host: UpdateHost,
    private readonly options: ProvisionOptions = DEFAULT_PROVISION_OPTIONS,
  ) {}

  handle(provisions: DeviceProvision[]): void {
    for (const task of provisions) {
      if (this.busy.has(task.id) || this.done.includes(task.id) || this.failed.includes(task.id)) {
        continue;
      }
      this.busy.add(task.id);
      void this.run(task).finally(() => this.busy.delete(task.id));
    }
  }

  /** Asks for the open tasks (after a `provision` message) and starts them. */
  async fetch(): Promise<void> {
    const credential = this.host.credential();
    if (!credential) return;
    try {
      this.handle((await this.host.client.provisions(this.host.mid, credential)).provisions);
    } catch {
      // Told again at the next check-in.
    }
  }

  private async run(task: DeviceProvision): Promise<void> {
    const { host } = this;
    const credential = host.credential();
    if (!credential || !host.online()) return;
    let outcome: ProvisionConfirm;
    try {
      if (host.random.chance(this.options.failRate)) throw new Error(host.random.pick(FAILURES));
      if (task.kind === 'database' || task.kind === 'databaseSafe') {
        const bytes = await host.client.downloadProvision(host.mid, credential, task.id);
        host.local()?.replace(readCopy(bytes).tables);
      }
      outcome = { id: task.id, ok: true };
    } catch (error) {
      outcome = { id: task.id, ok: false, error: (error as Error).message.slice(0, 2000) };
    }
    try {
      await host.client.confirmProvision(host.mid, credential, outcome);
      (outcome.ok ? this.done : this.failed).push(task.id);
    } catch {
      // Not stored: the task is still open and comes again with the next check-in.
    }
  }
}
