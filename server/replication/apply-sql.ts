import pg from 'pg';
import type { OperationKind } from '../../protocol/replication';
import type { ReplicatedTable } from './tables';

/**
 * The set-based statements that apply a group of operations of one kind on one table (and, for
 * inserts and updates, one set of columns) to a `gen_` table. Every identifier comes from the
 * catalogue (tables.ts), every value travels as one jsonb parameter ($1: an array of rows, key
 * and values together) and is typed by the table's own row type (jsonb_populate_record). Each
 * statement answers the 1-based positions (n) of the operations it applied: a missing position is
 * a duplicate key (insert) or a missing row (update, delete).
 */

const id = pg.escapeIdentifier;

function source(qualified: string): string {
  return `jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(d, n),
    jsonb_populate_record(NULL::${qualified}, x.d) AS r`;
}

export function applySql(
  schema: string,
  table: ReplicatedTable,
  op: OperationKind,
  columns: string[],
): string {
  const qualified = `${id(schema)}.${id(table.name)}`;
  const keyMatch = (left: string, right: string) =>
    table.key.map((k) => `${left}.${id(k)} = ${right}.${id(k)}`).join(' AND ');
  switch (op) {
    case 'insert': {
      const names = [...table.key, ...columns].map(id).join(', ');
      const keys = table.key.map(id).join(', ');
      return `
        WITH src AS (SELECT x.n AS flota_n, r.* FROM ${source(qualified)}),
        ins AS (
          INSERT INTO ${qualified} (${names}) SELECT ${names} FROM src ORDER BY flota_n
          ON CONFLICT DO NOTHING RETURNING ${keys})
        SELECT src.flota_n AS n FROM src JOIN ins ON ${keyMatch('src', 'ins')}`;
    }
    case 'update': {
      const set = columns.map((c) => `${id(c)} = r.${id(c)}`).join(', ');
      return `
        UPDATE ${qualified} AS t SET ${set} FROM ${source(qualified)}
        WHERE ${keyMatch('t', 'r')} RETURNING x.n AS n`;
    }
    case 'delete':
      return `
        DELETE FROM ${qualified} AS t USING ${source(qualified)}
        WHERE ${keyMatch('t', 'r')} RETURNING x.n AS n`;
  }
}

/** The current rows (as jsonb, null when absent) for the keys in $1, by position n. */
export function currentRowsSql(schema: string, table: ReplicatedTable): string {
  const qualified = `${id(schema)}.${id(table.name)}`;
  const match = table.key.map((k) => `t.${id(k)} = r.${id(k)}`).join(' AND ');
  return `
    SELECT x.n AS n, to_jsonb(t) AS row FROM ${source(qualified)}
    LEFT JOIN ${qualified} AS t ON ${match}`;
}
