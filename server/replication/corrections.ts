import pg from 'pg';
import { operationSql, type ReplicaValue } from '../../protocol/replication';
import type { SandboxSession } from '../db/sandbox';
import type { QueuedOperation } from './apply';
import { currentRowsSql } from './apply-sql';
import type { Tables } from './tables';

export interface Refused {
  operation: QueuedOperation;
  description: string;
}

interface Correction {
  MID: string;
  table: string;
  op: 'insert' | 'delete';
  key: Record<string, ReplicaValue>;
  values: Record<string, ReplicaValue> | null;
}

/**
 * What a device must apply after the server refused one of its operations: the row as the
 * server has it (an insert, which replaces the device's row whole), or a delete when the server
 * has none. Without it the device would keep a change nobody else has. One correction per
 * device and row, from the rows as they are at the end of the batch; a key the table's types
 * refuse has no row to give, and gets none. Answers the IQUEUE ids written.
 */
export async function corrections(
  session: SandboxSession,
  schema: string,
  tables: Tables,
  refused: Refused[],
): Promise<string[]> {
  const byTable = new Map<string, Refused[]>();
  for (const item of refused) {
    if (!tables.get(item.operation.TABLENAME)?.key.length) continue;
    const list = byTable.get(item.operation.TABLENAME) ?? [];
    list.push(item);
    byTable.set(item.operation.TABLENAME, list);
  }
  const found = new Map<string, Correction>();
  for (const [name, items] of byTable) {
    const table = tables.get(name)!;
    await session.query('SAVEPOINT flota_rows');
    try {
      const rows = await session.query<{ n: string; row: Record<string, ReplicaValue> | null }>(
        currentRowsSql(schema, table),
        [JSON.stringify(items.map((item) => item.operation.PK))],
      );
      await session.query('RELEASE SAVEPOINT flota_rows');
      for (const { n, row } of rows.rows) {
        const { operation } = items[Number(n) - 1];
        const key = Object.fromEntries(table.key.map((k) => [k, row ? row[k] : operation.PK[k]]));
        const values = row
          ? Object.fromEntries(
              Object.entries(row).filter(([column]) => !table.key.includes(column)),
            )
          : null;
        const correction: Correction = {
          MID: operation.MID,
          table: name,
          op: row ? 'insert' : 'delete',
          key,
          values,
        };
        found.set(`${operation.MID}\0${name}\0${JSON.stringify(key)}`, correction);
      }
    } catch {
      await session.query('ROLLBACK TO SAVEPOINT flota_rows');
    }
  }
  if (found.size === 0) return [];
  const rows = [...found.values()].map((c) => ({ ...c, sql: operationSql(c) }));
  const iqueue = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier('iqueue')}`;
  const written = await session.query<{ ID: string }>(
    `INSERT INTO ${iqueue}
       ("MID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "TARGET", "CGSSQL")
     SELECT '', now(), c.table, c.op, c.key, c.values, c."MID", c.sql
     FROM jsonb_to_recordset($1::jsonb) AS c(
       "MID" text, "table" text, op text, key jsonb, "values" jsonb, sql text)
     RETURNING "ID"`,
    [JSON.stringify(rows)],
  );
  return written.rows.map((row) => row.ID);
}
