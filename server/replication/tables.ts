/**
 * The project's replicated tables as PostgreSQL has them: every table of the project's schema
 * whose name starts with `gen_` (001 §5), with its columns and primary key. Identifiers a device
 * sends are checked against these, never put into SQL text unchecked.
 */

export interface ReplicatedTable {
  name: string;
  /** Every column, by name. */
  columns: Set<string>;
  /** The primary key's columns in key order; empty when the table has none. */
  key: string[];
}

export type Tables = Map<string, ReplicatedTable>;

/** Runs a statement with bound values and answers its rows (the pool, or a sandbox session). */
export type RunQuery = <R>(text: string, values: unknown[]) => Promise<R[]>;

const TABLES_SQL = `
  SELECT c.relname AS table, a.attname AS column,
         array_position(i.indkey::int2[], a.attnum) AS key_position
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname LIKE 'gen\\_%'
  ORDER BY c.relname, a.attnum`;

/** Reads the `gen_` tables of a project's schema. */
export async function readTables(run: RunQuery, schema: string): Promise<Tables> {
  const rows = await run<{ table: string; column: string; key_position: number | null }>(
    TABLES_SQL,
    [schema],
  );
  const tables: Tables = new Map();
  const positions = new Map<string, [number, string][]>();
  for (const row of rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: new Set(), key: [] };
      tables.set(row.table, table);
      positions.set(row.table, []);
    }
    table.columns.add(row.column);
    if (row.key_position !== null) positions.get(row.table)!.push([row.key_position, row.column]);
  }
  for (const [name, keys] of positions) {
    tables.get(name)!.key = keys.sort((a, b) => a[0] - b[0]).map(([, column]) => column);
  }
  return tables;
}

const CACHE_MS = 5_000;

/**
 * The tables of each schema for a few seconds: a sync checks every operation against them, and
 * a table a project's SQL adds or changes is seen within CACHE_MS.
 */
export class TableCache {
  private readonly known = new Map<string, { at: number; tables: Promise<Tables> }>();

  constructor(private readonly run: RunQuery) {}

  get(schema: string): Promise<Tables> {
    const cached = this.known.get(schema);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.tables;
    const tables = readTables(this.run, schema);
    this.known.set(schema, { at: Date.now(), tables });
    tables.catch(() => this.known.delete(schema));
    return tables;
  }
}
