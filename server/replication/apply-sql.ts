import pg from 'pg';
import type { OperationKind } from '../../protocol/replication';
import type { ReplicatedTable } from './tables';

/**
 * The set-based statements that apply a group of operations of one kind on one table (and, for
 * inserts and updates, one set of columns) to a `gen_` table. Every identifier comes from the
 * catalogue (tables.ts); the operations are read where they wait, in QUEUE, by their ids ($1, a
 * bigint array), so their values never travel to the server's process and back: each row (key
 * and values together) is typed by the table's own row type (jsonb_populate_record). Each
 * statement answers the QUEUE ids (id) of the operations it applied: a missing id is a
 * duplicate key (insert) or a missing row (update, delete).
 */

const id = pg.escapeIdentifier;

function source(qualified: string): string {
  return `jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(d, n),
    jsonb_populate_record(NULL::${qualified}, x.d) AS r`;
}

/** The queued operations $1 as rows of the table: `{...DATA, ...PK}`, the key winning. */
function queued(schema: string, qualified: string): string {
  return `${id(schema)}.queue AS q,
    jsonb_populate_record(NULL::${qualified}, coalesce(q."DATA", '{}') || q."PK") AS r`;
}

/** A bigint[] parameter from ids as PostgreSQL answers them (text): one string, no per-element quoting. */
export function idArray(ids: readonly (string | number)[]): string {
  return `{${ids.join(',')}}`;
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
        WITH src AS (
          SELECT q."ID" AS flota_id, r.* FROM ${queued(schema, qualified)}
          WHERE q."ID" = ANY($1::bigint[])),
        ins AS (
          INSERT INTO ${qualified} (${names}) SELECT ${names} FROM src ORDER BY flota_id
          ON CONFLICT DO NOTHING RETURNING ${keys})
        SELECT src.flota_id AS id FROM src JOIN ins ON ${keyMatch('src', 'ins')}`;
    }
    case 'update': {
      const set = columns.map((c) => `${id(c)} = r.${id(c)}`).join(', ');
      return `
        UPDATE ${qualified} AS t SET ${set} FROM ${queued(schema, qualified)}
        WHERE q."ID" = ANY($1::bigint[]) AND ${keyMatch('t', 'r')} RETURNING q."ID" AS id`;
    }
    case 'delete':
      return `
        DELETE FROM ${qualified} AS t USING ${queued(schema, qualified)}
        WHERE q."ID" = ANY($1::bigint[]) AND ${keyMatch('t', 'r')} RETURNING q."ID" AS id`;
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
