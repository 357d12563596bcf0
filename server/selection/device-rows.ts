import pg from 'pg';
import { withMid } from '../../protocol/selection';
import { loadRules } from './engine-rules';

type Client = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/** A table's primary key columns in key order, from PostgreSQL's catalogue. */
async function keyOf(client: Client, schema: string, table: string): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT a.attname AS column
     FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = to_regclass($1) AND i.indisprimary
     ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [`${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`],
  );
  return (rows as { column: string }[]).map((row) => row.column);
}

/**
 * The rows of one `gen_` table a device receives by its selection rules (001 §3 "Selection
 * record", docs/replication.md "Selection rules"): a WHERE condition on the table's rows (its
 * columns unqualified) for the device `mid`, or null when the table is not replicated to it.
 * `purpose` 'provision' uses the provisioning criteria (SELECTIVE 10) where a table has them,
 * its replica rule otherwise. A table without a saved rule: every row ('TRUE').
 */
export async function selectedRowsCondition(
  client: Client,
  schema: string,
  table: string,
  mid: string,
  purpose: 'replica' | 'provision',
): Promise<string | null> {
  const rule = (await loadRules((text, values) => client.query(text, values), schema)).get(table);
  if (!rule) return 'TRUE';
  if (!rule.selected) return null;
  const s = pg.escapeIdentifier(schema);
  let conditional = true;
  if (!rule.allmid) {
    const { rows } = await client.query(
      `SELECT "CONDITIONAL" AS conditional FROM ${s}.selection_devices
       WHERE "TABLENAME" = $1 AND "MID" = $2`,
      [table, mid],
    );
    if (rows.length === 0) return null;
    conditional = (rows[0] as { conditional: boolean }).conditional;
  }
  const provisioning = purpose === 'provision' && rule.selective === 10;
  const statement = provisioning ? rule.provisioning : rule.always === 1 ? '' : rule.statement;
  if (!conditional || statement.trim() === '') return 'TRUE';
  const key = await keyOf(client, schema, table);
  if (key.length === 0) return 'FALSE';
  const columns = key.map((column) => pg.escapeIdentifier(column));
  const selected = columns.map((column) => `flota_sel.${column}`);
  return `(${columns.join(', ')}) IN (SELECT ${selected.join(', ')}
    FROM (${withMid(statement, pg.escapeLiteral(mid))}\n) flota_sel)`;
}

/**
 * A device whose copy was built again by its rules (a database provision) is no longer pending
 * re-selection (the DevicesPendingSelectividad counter).
 */
export async function selectionApplied(client: Client, schema: string, mid: string): Promise<void> {
  await client.query(
    `DELETE FROM ${pg.escapeIdentifier(schema)}.selection_pending WHERE "MID" = $1`,
    [mid],
  );
}
