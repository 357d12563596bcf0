import pg from 'pg';
import type { OperationKind, ReplicaValue } from '../../protocol/replication';
import type { SandboxProject, SandboxSession } from '../db/sandbox';
import { APPLY_LOCK } from './apply';
import { fanOutBySelection } from '../selection/fan-out';
import { readTables } from './tables';

/** The sender of an operator's change from the console: no device (as the corrections). */
export const CONSOLE_SENDER = '';

/**
 * Takes the project's applier lock for the session's transaction, waiting for a running batch:
 * a change made outside the applier (the record editor's, docs/data-tools.md) is then written,
 * logged to IQUEUE and fanned out between two batches, so devices receive it in the order the
 * server applied it. Call it before the change itself.
 */
export async function lockApplier(session: SandboxSession, project: SandboxProject): Promise<void> {
  await session.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [
    APPLY_LOCK,
    project.numero,
  ]);
}

export interface OperatorOperation {
  table: string;
  op: OperationKind;
  key: Record<string, ReplicaValue>;
  values: Record<string, ReplicaValue> | null;
  /** A device's MID, or 9999 for every device. */
  target: string;
  /** The change as SQL text (CGSSQL). */
  sql: string;
}

/**
 * Records a change already applied to a `gen_` table by the server itself as an IQUEUE
 * operation (sender '', TARGET the MID or 9999) and fans it out to its recipients' SQUEUE (the
 * selection rules narrow them, as for a device's), in the caller's transaction holding lockApplier. Answers the operation's IQUEUE id.
 */
export async function recordOperatorOperation(
  session: SandboxSession,
  project: SandboxProject,
  operation: OperatorOperation,
): Promise<number> {
  const t = (table: string) =>
    `${pg.escapeIdentifier(project.schema)}.${pg.escapeIdentifier(table)}`;
  const inserted = await session.query<{ ID: string }>(
    `INSERT INTO ${t('iqueue')}
       ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "TARGET", "CGSSQL")
     VALUES ($1, NULL, now(), $2, $3, $4, $5, $6, $7) RETURNING "ID"`,
    [
      CONSOLE_SENDER,
      operation.table,
      operation.op,
      JSON.stringify(operation.key),
      operation.values === null ? null : JSON.stringify(operation.values),
      operation.target,
      operation.sql,
    ],
  );
  const iqid = inserted.rows[0].ID;
  // The project's selection rules decide who receives it, as for a device's operation.
  const tables = await readTables(
    async (text, values) => (await session.query(text, values)).rows as never[],
    project.schema,
  );
  await fanOutBySelection(session, project.schema, tables, [iqid]);
  return Number(iqid);
}
