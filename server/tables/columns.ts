import type { TableColumn, TableEntry } from '../../protocol/table-data';
import { APPLICATION_ONLY, type SandboxSession } from '../db/sandbox';

/**
 * The catalogue as the project's own role sees it: the tables it may read in a schema, and a
 * table's columns (001 §3 "Table column descriptor"). Every name the table browser and the
 * record editor put in SQL comes from here, never from the caller.
 */

export async function listTables(session: SandboxSession, schema: string): Promise<TableEntry[]> {
  const found = await session.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS kind FROM pg_class c
     WHERE c.relnamespace = to_regnamespace($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
       AND has_table_privilege(c.oid, 'SELECT')
     ORDER BY c.relname`,
    [`"${schema}"`],
  );
  return found.rows
    .filter((row) => !APPLICATION_ONLY.has(row.name))
    .map((row) => ({
      name: row.name,
      gen: row.name.startsWith('gen_'),
      view: row.kind === 'v' || row.kind === 'm',
    }));
}

/** The columns of `table` in `schema`, in order; none when it is not a table the role may read. */
export async function readColumns(
  session: SandboxSession,
  schema: string,
  table: string,
): Promise<TableColumn[]> {
  const found = await session.query<TableColumn>(
    `SELECT a.attname AS "COLUMN_NAME", a.attnum::int AS "ORDINAL_POSITION",
            pg_get_expr(d.adbin, d.adrelid) AS "COLUMN_DEFAULT",
            CASE WHEN a.attnotnull THEN 'NO' ELSE 'YES' END AS "IS_NULLABLE",
            format_type(a.atttypid, NULL) AS "DATA_TYPE",
            CASE WHEN a.atttypmod > 4 AND a.atttypid IN (1042, 1043)
                 THEN a.atttypmod - 4 END AS "CHARACTER_MAXIMUM_LENGTH",
            coalesce(a.attnum = ANY(i.indkey), false) AS "PRIMARY_KEY",
            (a.attidentity <> '' OR a.attgenerated <> '') AS "GENERATED"
     FROM pg_class c
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
     WHERE c.relnamespace = to_regnamespace($1) AND c.relname = $2
       AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND has_table_privilege(c.oid, 'SELECT')
     ORDER BY a.attnum`,
    [`"${schema}"`, table],
  );
  if (APPLICATION_ONLY.has(table)) return [];
  return found.rows.map((row) => ({
    ...row,
    ORDINAL_POSITION: Number(row.ORDINAL_POSITION),
    CHARACTER_MAXIMUM_LENGTH:
      row.CHARACTER_MAXIMUM_LENGTH === null ? null : Number(row.CHARACTER_MAXIMUM_LENGTH),
  }));
}
