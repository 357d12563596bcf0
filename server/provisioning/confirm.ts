import { sql } from 'kysely';
import pg from 'pg';
import { TaskStatus, type ProvisionConfirm } from '../../protocol/provisioning';
import type { Db } from '../db/database';
import type { SandboxSession, SqlSandbox } from '../db/sandbox';
import { projectDb } from '../db/project-schema';
import { APPLY_LOCK } from '../replication/apply';
import { readTables } from '../replication/tables';
import { selectionApplied } from '../selection/device-rows';
import { catchUpBySelection } from '../selection/fan-out';
import { writeLog } from './store';

/** Provisioned: what enrolment writes and replication fans 9999 rows out to (000 §4). */
const PROVISIONED = 2;
/** A device whose secure database was deleted has no copy: none (000 §4). */
const NO_DATABASE = -1;

/**
 * Records a task's outcome reported by its device; false when the task is not open (a confirm
 * sent twice). A loaded database (ok) ends the device's provision in one transaction taken
 * under the project's applier lock, so no batch fans out across it (docs/device-protocol.md
 * "Provisioning", "The cut"): its SQUEUE loses the operations the copy holds (IQUEUE id at or
 * below the cut), gains those applied after the cut that it receives (rows for 9999, for it,
 * or its own, 9999 rows as its selection rules narrow them), and STATUS becomes 2, so the fan-out
 * includes it again from the next batch. That part runs as the project's own role
 * (`provisioned`), since the rules' criteria are the project's SQL; the task's own rows are the
 * application's. Should the task's update fail after it, a confirm sent again repeats it
 * harmlessly (the catch-up queues only what the device's SQUEUE lacks).
 */
export async function confirmTask(
  db: Db,
  sandbox: SqlSandbox,
  home: { numero: number; schema: string; mid: string },
  outcome: ProvisionConfirm & { error?: string },
): Promise<boolean> {
  const { schema, mid, numero } = home;
  return db.transaction().execute(async (trx) => {
    const pdb = projectDb(trx, schema);
    const task = await pdb
      .selectFrom('provision_tasks')
      .select(['ID', 'KIND', 'CUT', 'STATUS'])
      .where('ID', '=', outcome.id)
      .where('MID', '=', mid)
      .where('STATUS', 'in', [TaskStatus.waiting, TaskStatus.running])
      .forUpdate()
      .executeTakeFirst();
    if (!task) return false;
    const database = task.KIND === 'database' || task.KIND === 'databaseSafe';
    if (!outcome.ok) {
      await pdb
        .updateTable('provision_tasks')
        .set({
          STATUS: TaskStatus.failed,
          ENDED: sql`now()`,
          STARTED: sql`coalesce("STARTED", now())`,
        })
        .where('ID', '=', task.ID)
        .execute();
      await writeLog(trx, schema, [
        { task: task.ID, line: 'failed', vars: { error: outcome.error ?? '' }, type: 'error' },
      ]);
      return true;
    }
    let removed = 0;
    let added = 0;
    if (database) {
      ({ removed, added } = await sandbox.run({ numero, schema }, (session) =>
        provisioned(session, numero, schema, mid, task.CUT === null ? null : Number(task.CUT)),
      ));
    } else if (task.KIND === 'deleteSafe') {
      await pdb
        .updateTable('devices')
        .set({ STATUS: NO_DATABASE })
        .where('MID', '=', mid)
        .execute();
    }
    await pdb
      .updateTable('provision_tasks')
      .set({ STATUS: TaskStatus.done, ENDED: sql`now()`, STARTED: sql`coalesce("STARTED", now())` })
      .where('ID', '=', task.ID)
      .execute();
    await writeLog(trx, schema, [
      database
        ? { task: task.ID, line: 'doneDatabase', vars: { removed, added } }
        : { task: task.ID, line: 'done' },
    ]);
    return true;
  });
}

/**
 * A device's loaded copy, in one transaction of the project's role under the applier's lock: its
 * STATUS 2, no longer pending re-selection, its SQUEUE without what the copy holds and with what
 * was applied after the cut that its rules give it.
 */
async function provisioned(
  session: SandboxSession,
  numero: number,
  schema: string,
  mid: string,
  cut: number | null,
): Promise<{ removed: number; added: number }> {
  const s = pg.escapeIdentifier(schema);
  await session.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [APPLY_LOCK, numero]);
  await session.query(`UPDATE ${s}.devices SET "STATUS" = $2 WHERE "MID" = $1`, [mid, PROVISIONED]);
  // Its copy follows the rules as they are now: no longer pending re-selection.
  await selectionApplied(session, schema, mid);
  if (cut === null) return { removed: 0, added: 0 };
  const gone = await session.query(`DELETE FROM ${s}.squeue WHERE "MID" = $1 AND "IQID" <= $2`, [
    mid,
    cut,
  ]);
  const tables = await readTables(
    async (text, values) => (await session.query(text, values)).rows as never[],
    schema,
  );
  const later = await catchUpBySelection(session, schema, tables, mid, cut);
  return { removed: gone.rowCount ?? 0, added: later.rowCount ?? 0 };
}
