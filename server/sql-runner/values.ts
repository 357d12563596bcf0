import type pg from 'pg';
import type { SqlResultColumn } from '../../protocol/reports';
import type { SandboxSession } from '../db/sandbox';

/** PostgreSQL's type names by OID, read once per node (built-in types never change). */
const typeNames = new Map<number, string>();

/** The columns of a result with their types' names (a type the project made is looked up too). */
export async function columnsOf(
  session: SandboxSession,
  fields: pg.FieldDef[],
): Promise<SqlResultColumn[]> {
  const unknown = [...new Set(fields.map((f) => f.dataTypeID))].filter((id) => !typeNames.has(id));
  if (unknown.length > 0) {
    const found = await session.query<{ oid: number; name: string; builtin: boolean }>(
      `SELECT oid::int AS oid, format_type(oid, NULL) AS name, oid < 16384 AS builtin
       FROM pg_type WHERE oid = ANY($1::oid[])`,
      [unknown],
    );
    // A project's own types (oid ≥ 16384) may be dropped and their oid reused: not kept.
    for (const row of found.rows) if (row.builtin) typeNames.set(row.oid, row.name);
    const local = new Map(found.rows.map((row) => [row.oid, row.name]));
    return fields.map((f) => ({
      colunName: f.name,
      columnType: typeNames.get(f.dataTypeID) ?? local.get(f.dataTypeID) ?? String(f.dataTypeID),
    }));
  }
  return fields.map((f) => ({ colunName: f.name, columnType: typeNames.get(f.dataTypeID)! }));
}

/** A value as JSON carries it: dates as ISO text, bytes as PostgreSQL's hex text. */
export function cellValue(value: unknown): unknown {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (typeof value === 'bigint') return value.toString();
  return value;
}
