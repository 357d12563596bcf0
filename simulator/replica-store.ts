import {
  ALL_DEVICES,
  MAX_UPLOAD_OPERATIONS,
  type DownOperation,
  type OperationKind,
  type ReplicaRequest,
  type ReplicaResponse,
  type ReplicaValue,
  type UpOperation,
} from '../protocol/replication';

export type Row = Record<string, ReplicaValue>;

export interface SyncSummary {
  sent: number;
  received: number;
  calls: number;
}

/** The most calls one sync makes; what is left waits for the next sync. */
const MAX_CALLS = 20;

/**
 * A device's local copy of the project's gen_ tables, as an offline-first app keeps it: it
 * changes rows locally at once and queues each change as an operation; a sync sends the queue,
 * applies what the server sends (insert replaces the row whole, update sets the columns of a row
 * it has, delete removes it) and acknowledges it (docs/replication.md, "Agents").
 */
export class LocalReplica {
  private readonly tables = new Map<string, Map<string, Row>>();
  /** Operations made and not yet accepted by the server, oldest first. */
  readonly pending: UpOperation[] = [];
  /** The highest received operation applied, acknowledged in the next call. */
  private applied = 0;
  private lastId: number;

  /** @param keys the key columns of each table; operation ids start above `firstId`. */
  constructor(
    private readonly keys: Record<string, string[]>,
    firstId = Date.now() * 1000,
  ) {
    this.lastId = firstId;
  }

  private keyOf(table: string, row: Row): Row {
    return Object.fromEntries(this.keys[table].map((column) => [column, row[column]]));
  }

  private tableOf(table: string): Map<string, Row> {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    return rows;
  }

  /**
   * Replaces the whole copy with a provisioned database (docs/device-protocol.md
   * "Provisioning"): every table it names, with its key; tables it does not name are emptied.
   * Operations not yet sent are kept: they go up at the next sync, after the copy.
   */
  replace(tables: { table: string; key: string[]; rows: Row[] }[]): void {
    this.tables.clear();
    for (const { table, key, rows } of tables) {
      if (key.length > 0) (this.keys as Record<string, string[]>)[table] = key;
      if (this.holds(table)) this.seed(table, rows);
    }
  }

  seed(table: string, rows: Row[]): void {
    for (const row of rows)
      this.tableOf(table).set(JSON.stringify(this.keyOf(table, row)), { ...row });
  }

  /** Drops a row from the local copy only (a device keeps few of its old rows). */
  forget(table: string, key: Row): void {
    this.tableOf(table).delete(JSON.stringify(this.keyOf(table, key)));
  }

  /** Whether the copy keeps this table. */
  holds(table: string): boolean {
    return Object.hasOwn(this.keys, table);
  }

  get(table: string, key: Row): Row | undefined {
    return this.tableOf(table).get(JSON.stringify(this.keyOf(table, key)));
  }

  /** The rows of a table, by key. */
  rows(table: string): Row[] {
    return [...this.tableOf(table).entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }

  /**
   * Changes the local copy and queues the operation. An insert of a key held already, or an
   * update or delete of a row not held, is refused locally (false), as a local database would.
   */
  change(
    table: string,
    op: OperationKind,
    row: Row,
    mid = ALL_DEVICES,
    time = new Date(),
  ): boolean {
    const rows = this.tableOf(table);
    const key = this.keyOf(table, row);
    const id = JSON.stringify(key);
    const values = Object.fromEntries(
      Object.entries(row).filter(([column]) => !this.keys[table].includes(column)),
    );
    const held = rows.get(id);
    if (op === 'insert' ? held : !held) return false;
    if (op === 'delete') rows.delete(id);
    else rows.set(id, { ...held, ...row });
    this.lastId = Math.max(this.lastId + 1, Date.now() * 1000);
    this.pending.push({
      id: this.lastId,
      time: time.toISOString(),
      table,
      op,
      key,
      ...(op === 'delete' ? {} : { values }),
      mid,
    });
    return true;
  }

  /** Applies one operation received from the server. */
  receive(operation: DownOperation): void {
    const rows = this.tableOf(operation.table);
    const id = JSON.stringify(this.keyOf(operation.table, operation.key));
    const held = rows.get(id);
    if (operation.op === 'insert') rows.set(id, { ...operation.key, ...operation.values });
    else if (operation.op === 'update' && held) rows.set(id, { ...held, ...operation.values });
    else if (operation.op === 'delete') rows.delete(id);
    this.applied = Math.max(this.applied, operation.id);
  }

  /** Sends what is pending and applies what waits, call after call, until both are done. */
  async sync(
    call: (request: ReplicaRequest) => Promise<ReplicaResponse>,
    limit?: number,
  ): Promise<SyncSummary> {
    const summary: SyncSummary = { sent: 0, received: 0, calls: 0 };
    for (let more = true; more && summary.calls < MAX_CALLS;) {
      const operations = this.pending.slice(0, MAX_UPLOAD_OPERATIONS);
      const response = await call({ ack: this.applied, operations, limit });
      summary.calls++;
      // Accepted or already held: either way the server has them.
      this.pending.splice(0, operations.length);
      summary.sent += operations.length;
      for (const operation of response.operations) this.receive(operation);
      summary.received += response.operations.length;
      more = response.more || this.pending.length > 0;
    }
    // The last operations applied are acknowledged by a last call with nothing else.
    if (summary.received > 0) {
      await call({ ack: this.applied, limit: 0 });
      summary.calls++;
    }
    return summary;
  }
}
