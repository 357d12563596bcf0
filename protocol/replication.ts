import { z } from 'zod';
import { midSchema } from './device-protocol';

/**
 * Replication through the device protocol (docs/replication.md, docs/device-protocol.md
 * "Replicate"): a device sends its local changes to the project's `gen_` tables as structured
 * operations, acknowledges what it applied and fetches what it must receive, in one call.
 * Shared by the server and the simulator.
 */

/** The MID that addresses a row to every device of the project (001 §5 "Replica: MID default 9999"). */
export const ALL_DEVICES = '9999';

/** Operations one call may send; an agent sends the rest in the next call. */
export const MAX_UPLOAD_OPERATIONS = 500;
/** Operations one call may fetch. */
export const MAX_FETCH_OPERATIONS = 1000;
/** Operations fetched when the call does not say. */
export const DEFAULT_FETCH_OPERATIONS = 500;

export const OPERATION_KINDS = ['insert', 'update', 'delete'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** A replicated value: what a column of a device's database (SQLite) holds. */
const valueSchema = z.union([
  z
    .string()
    .max(10_000)
    .regex(/^[^\0]*$/, 'must not contain NUL'),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);
export type ReplicaValue = z.infer<typeof valueSchema>;

/** Column names as a `gen_` table has them (letters, digits, `_`; 63 bytes at most). */
const columnName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'not a column name');
const columns = (max: number) =>
  z.record(columnName, valueSchema).refine((value) => Object.keys(value).length <= max, {
    message: `at most ${max} columns`,
  });

/** One local change of the device, as the device made it. */
export const upOperationSchema = z.object({
  /** The device's own number of the operation: increasing, never reused (also after restarts). */
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** When the device made the change. */
  time: z.iso.datetime({ offset: true }),
  /** A `gen_` table of the project: the name alone, never schema-qualified. */
  table: z.string().regex(/^gen_[A-Za-z0-9_]{1,59}$/, 'must be a gen_ table name'),
  op: z.enum(OPERATION_KINDS),
  /** The row's primary key, every column of it. */
  key: columns(16),
  /** Insert: the other columns; update: the columns changed; delete: none. */
  values: columns(200).optional(),
  /** Who the row is for: a device's MID, or 9999 (every device, the default). */
  mid: midSchema.optional(),
});
export type UpOperation = z.infer<typeof upOperationSchema>;

export const replicaRequestSchema = z.object({
  /** The highest operation id of earlier answers the device has applied: those are removed. */
  ack: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  operations: z.array(upOperationSchema).max(MAX_UPLOAD_OPERATIONS).optional(),
  /** How many operations to fetch (0 fetches nothing). */
  limit: z.number().int().min(0).max(MAX_FETCH_OPERATIONS).optional(),
});
export type ReplicaRequest = z.input<typeof replicaRequestSchema>;

/** An operation the device must apply, in the order given (ids increase). */
export interface DownOperation {
  /** Its place in the device's outgoing queue (SQUEUE): acknowledge the highest applied. */
  id: number;
  table: string;
  /** insert: write the row whole (replace it if present); update: set these columns if the row is there; delete: remove it if there. */
  op: OperationKind;
  key: Record<string, ReplicaValue>;
  values: Record<string, ReplicaValue> | null;
  /** When the change was made (by the device that made it, or by the server). */
  time: string;
  /** The change as SQL text (CGSSQL), for logs; never to be executed as received. */
  sql: string;
}

export interface ReplicaResponse {
  /** Operations of this call queued for applying. */
  accepted: number;
  /** Operations of this call already received earlier (their id is not above LASTID): skipped. */
  duplicates: number;
  /** The highest operation id the server holds from this device (LASTID). */
  lastId: number;
  /** The highest outgoing operation acknowledged (LASTCID). */
  lastAck: number;
  operations: DownOperation[];
  /** More operations wait: call again. */
  more: boolean;
  /** The project's replicator settings for the device's app (DATE_ORDER, DB_ENGINE). */
  settings?: { dateOrder: string; dbEngine: string };
}

/** Names already written (a table's few columns recur in every operation); bounded. */
const sqlNames = new Map<string, string>();

/** A table or column name in SQL text: bare when lower-case, quoted otherwise. */
export function sqlName(name: string): string {
  const known = sqlNames.get(name);
  if (known !== undefined) return known;
  const text = /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
  if (sqlNames.size < 10_000) sqlNames.set(name, text);
  return text;
}

/** A value as an SQL literal. */
export function sqlLiteral(value: ReplicaValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  return value.includes("'") ? `'${value.replace(/'/g, "''")}'` : `'${value}'`;
}

/**
 * The CGSSQL text of an operation (001 §3: the replica's operations and error logs show it).
 * Written from the structure, for people to read: the server applies the structure itself.
 */
export function operationSql(operation: {
  table: string;
  op: OperationKind;
  key: Record<string, ReplicaValue>;
  values?: Record<string, ReplicaValue> | null;
}): string {
  const table = sqlName(operation.table);
  const { key } = operation;
  const values = operation.values ?? {};
  // Plain loops: the server writes this text for every operation it queues, and spreading the
  // key and values into one object costs several times more than the text itself.
  const pairs = (row: Record<string, ReplicaValue>) => {
    const out: string[] = [];
    for (const column in row) out.push(`${sqlName(column)} = ${sqlLiteral(row[column])}`);
    return out;
  };
  switch (operation.op) {
    case 'insert': {
      // The key's columns first, a value sent for one of them replacing it in place.
      const names: string[] = [];
      const literals: string[] = [];
      for (const column in key) {
        names.push(sqlName(column));
        literals.push(sqlLiteral(Object.hasOwn(values, column) ? values[column] : key[column]));
      }
      for (const column in values) {
        if (Object.hasOwn(key, column)) continue;
        names.push(sqlName(column));
        literals.push(sqlLiteral(values[column]));
      }
      return `INSERT INTO ${table} (${names.join(', ')}) VALUES (${literals.join(', ')})`;
    }
    case 'update':
      return `UPDATE ${table} SET ${pairs(values).join(', ')} WHERE ${pairs(key).join(' AND ')}`;
    case 'delete':
      return `DELETE FROM ${table} WHERE ${pairs(key).join(' AND ')}`;
  }
}

/** A device's replica status as the console shows it (001 §3), and how many operations wait. */
export interface ReplicaStatusRow {
  /** Last synchronisation, ISO 8601, or null when never. */
  SINCRONISMO: string | null;
  /** The highest operation number received from the device (a bigint: text beyond 2^53). */
  LASTID: number | string;
  /** The highest SQUEUE id delivered to it. */
  LASTDMID: number | string;
  /** The highest SQUEUE id it confirmed. */
  LASTCID: number | string;
  /** Operations in its SQUEUE. */
  PENDING: number;
}
