import { CompiledQuery, sql } from 'kysely';
import { ALL_DEVICES } from '../../protocol/replication';
import { TaskStatus, type ProvisionConfirm } from '../../protocol/provisioning';
import type { Db } from '../db/database';
import { projectDb } from '../db/project-schema';
import { APPLY_LOCK } from '../replication/apply';
import { selectionApplied } from '../selection/device-rows';
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
 * or its own), and STATUS becomes 2, so the fan-out includes it again from the next batch.
 */
export async function confirmTask(
  db: Db,
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
    if (database && task.CUT !== null) {
      await sql`SELECT pg_advisory_xact_lock(${APPLY_LOCK}::int, ${numero}::int)`.execute(trx);
      const t = (table: string) => sql.id(schema, table);
      const cut = Number(task.CUT);
      const gone = await sql`
        DELETE FROM ${t('squeue')} WHERE "MID" = ${mid} AND "IQID" <= ${cut}
      `.execute(trx);
      removed = Number(gone.numAffectedRows ?? 0);
      const later = await sql`
        INSERT INTO ${t('squeue')} ("MID", "IQID")
        SELECT ${mid}, i."ID" FROM ${t('iqueue')} i
        WHERE i."ID" > ${cut} AND (i."TARGET" IN (${ALL_DEVICES}, ${mid}) OR i."MID" = ${mid})
          AND NOT EXISTS (SELECT 1 FROM ${t('squeue')} s WHERE s."MID" = ${mid} AND s."IQID" = i."ID")
        ORDER BY i."ID"
      `.execute(trx);
      added = Number(later.numAffectedRows ?? 0);
    }
    if (database) {
      await pdb
        .updateTable('devices')
        .set({ STATUS: PROVISIONED })
        .where('MID', '=', mid)
        .execute();
      // Its copy follows the rules as they are now: no longer pending re-selection.
      await selectionApplied(
        {
          query: async (text, values = []) => ({
            rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows,
          }),
        },
        schema,
        mid,
      );
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
