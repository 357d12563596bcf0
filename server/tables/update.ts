import crypto from 'node:crypto';
import pg from 'pg';
import { operationSql, type ReplicaValue } from '../../protocol/replication';
import {
  columnKind,
  isReadOnlyColumn,
  type RecordAction,
  type RecordValues,
  type TableColumn,
} from '../../protocol/table-data';
import type { SandboxSession } from '../db/sandbox';
import type { TextVars } from '../services/area-texts';
import type { tablesTexts } from './texts';

/** A refusal of the record editor, by its text's key, thrown before anything is written. */
export class RecordRefusal extends Error {
  constructor(
    readonly key: Parameters<typeof tablesTexts.text>[1],
    readonly vars: TextVars = {},
  ) {
    super(key);
  }
}

export interface RecordChange {
  table: string;
  action: RecordAction;
  data: RecordValues;
  changes: RecordValues;
}

/** What the statement did: the text people read, and the row and key for the replica. */
export interface RecordOutcome {
  statement: string;
  affected: number;
  row: Record<string, unknown> | null;
  key: Record<string, ReplicaValue>;
  /** The columns an update changed (their values now), or the whole row an insert wrote. */
  values: Record<string, ReplicaValue> | null;
}

const id = pg.escapeIdentifier;

/**
 * The row a statement wrote as JSON, a number of more than 15 digits as its text: JSON.parse
 * would round a bigint beyond 2^53 or a long numeric, and the key the replica carries with it.
 */
const EXACT_ROW = `(SELECT jsonb_object_agg(key, CASE
    WHEN jsonb_typeof(value) = 'number'
      AND length(regexp_replace(value::text, '[^0-9]', '', 'g')) > 15
    THEN to_jsonb(value::text) ELSE value END)
  FROM jsonb_each(to_jsonb(flota_row.*)))`;

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** A value as a replicated operation carries it: JSON scalars; anything else as its JSON text. */
const scalar = (value: unknown): ReplicaValue =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? JSON.stringify(value)
      : (value as ReplicaValue);

/** The value the editor sent, as PostgreSQL reads it: '' is no value except in a text column. */
function parameter(column: TableColumn, value: unknown): unknown {
  if (value === '' && columnKind(column.DATA_TYPE) !== 'text') return null;
  return value;
}

const same = (a: unknown, b: unknown) =>
  (a === null || a === undefined ? null : String(a)) ===
  (b === null || b === undefined ? null : String(b));

/**
 * Checks a record change against the table's real columns and runs it as one statement with
 * parameters on the project role's session (001 §5): names from the catalogue only; ID, ROWID,
 * CGSROWID and generated columns never written, the row ids generated on insert; a NOT NULL
 * column required; an edit without a change refused; edit and delete find the row by its
 * primary key.
 */
export async function applyRecord(
  session: SandboxSession,
  schema: string,
  columns: TableColumn[],
  change: RecordChange,
): Promise<RecordOutcome> {
  const { table, action, data, changes } = change;
  const byName = new Map(columns.map((c) => [c.COLUMN_NAME, c]));
  for (const name of [...Object.keys(changes), ...Object.keys(data)]) {
    if (!byName.has(name)) throw new RecordRefusal('columnNotFound', { column: name, table });
  }
  const key = columns.filter((c) => c.PRIMARY_KEY);
  const qualified = `${id(schema)}.${id(table)}`;
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = () => {
    if (key.length === 0) throw new RecordRefusal('noKey', { table });
    return key
      .map((c) => {
        if (empty(data[c.COLUMN_NAME])) {
          throw new RecordRefusal('keyMissing', { column: c.COLUMN_NAME });
        }
        return `${id(c.COLUMN_NAME)} = ${bind(data[c.COLUMN_NAME])}`;
      })
      .join(' AND ');
  };
  const written = Object.keys(changes).filter((name) =>
    action === 'insert' ? !empty(changes[name]) : !same(changes[name], data[name]),
  );
  if (action !== 'delete') {
    if (written.length === 0) throw new RecordRefusal('noChanges');
    for (const name of written) {
      if (isReadOnlyColumn(byName.get(name)!)) {
        throw new RecordRefusal('readOnlyColumn', { column: name });
      }
    }
  }
  let text: string;
  if (action === 'delete') {
    text = `DELETE FROM ${qualified} AS flota_row WHERE ${where()}`;
  } else if (action === 'edit') {
    for (const name of written) {
      if (byName.get(name)!.IS_NULLABLE === 'NO' && empty(changes[name])) {
        throw new RecordRefusal('required', { column: name });
      }
    }
    const set = written.map(
      (name) => `${id(name)} = ${bind(parameter(byName.get(name)!, changes[name]))}`,
    );
    text = `UPDATE ${qualified} AS flota_row SET ${set.join(', ')} WHERE ${where()}`;
  } else {
    const names: string[] = [];
    const places: string[] = [];
    for (const column of columns) {
      const name = column.COLUMN_NAME;
      if (isReadOnlyColumn(column)) {
        // A row id without a default is generated here; PostgreSQL writes the others.
        if (column.COLUMN_DEFAULT !== null || column.GENERATED) continue;
        const kind = columnKind(column.DATA_TYPE);
        names.push(id(name));
        places.push(
          kind === 'integer'
            ? `(SELECT coalesce(max(${id(name)}), 0) + 1 FROM ${qualified})`
            : bind(crypto.randomUUID()),
        );
        continue;
      }
      if (written.includes(name)) {
        names.push(id(name));
        places.push(bind(parameter(column, changes[name])));
      } else if (column.IS_NULLABLE === 'NO' && column.COLUMN_DEFAULT === null) {
        throw new RecordRefusal('required', { column: name });
      }
    }
    text = `INSERT INTO ${qualified} AS flota_row (${names.join(', ')}) VALUES (${places.join(', ')})`;
  }
  const result = await session.query<{ row: Record<string, unknown> }>(
    `${text} RETURNING ${EXACT_ROW} AS row`,
    values,
  );
  if (result.rows.length === 0) throw new RecordRefusal('rowMissing', { table });
  const row = result.rows[0].row;
  const rowKey = Object.fromEntries(key.map((c) => [c.COLUMN_NAME, scalar(row[c.COLUMN_NAME])]));
  const keyNames = new Set(key.map((c) => c.COLUMN_NAME));
  const changed =
    action === 'delete'
      ? null
      : Object.fromEntries(
          (action === 'insert' ? columns.map((c) => c.COLUMN_NAME) : written)
            .filter((name) => !keyNames.has(name))
            .map((name) => [name, scalar(row[name])]),
        );
  // An insert's text names every column it wrote, its key too (operationSql puts it first).
  const operation = { table, op: actionOp[action], key: rowKey, values: changed };
  const shown =
    key.length > 0
      ? operationSql(operation)
      : operationSql({ ...operation, key: {}, values: toScalars(row) });
  return {
    statement: shown,
    affected: result.rowCount ?? result.rows.length,
    row: action === 'delete' ? null : row,
    key: rowKey,
    values: changed,
  };
}

const actionOp = { edit: 'update', insert: 'insert', delete: 'delete' } as const;

const toScalars = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([name, value]) => [name, scalar(value)]));
