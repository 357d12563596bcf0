import { sql, type Kysely } from 'kysely';
import {
  KIND_OF_KEY,
  OPEN_TASK_STATUSES,
  ProvisionResult,
  TaskStatus,
  type ProvisionDeviceResult,
  type ProvisionKey,
  type ProvisionKind,
} from '../../protocol/provisioning';
import type { Database } from '../db/schema';
import { projectDb } from '../db/project-schema';
import { logLineText, type LogLine } from './texts';

type LogType = 'info' | 'warning' | 'error';

/** Appends lines to tasks' logs, in one statement. */
export async function writeLog(
  db: Kysely<Database>,
  schema: string,
  entries: {
    task: number;
    line: LogLine;
    vars?: Record<string, string | number>;
    type?: LogType;
  }[],
): Promise<void> {
  if (entries.length === 0) return;
  await projectDb(db, schema)
    .insertInto('provision_log')
    .values(
      entries.map(({ task, line, vars, type = 'info' }) => ({
        TASK: task,
        LOGTYPE: type,
        LOGMESSAGE: logLineText('es', line, vars),
        LINE: line,
        VARS: vars ? JSON.stringify(vars) : null,
      })),
    )
    .execute();
}

/** The kinds one open task of blocks a new order of `kind`: a database, secure or not, is one. */
function sameKinds(kind: ProvisionKind): ProvisionKind[] {
  return kind === 'database' || kind === 'databaseSafe' ? ['database', 'databaseSafe'] : [kind];
}

/**
 * Orders a task of the key's kind for each device (inside the caller's transaction): a device
 * with one of that kind waiting or running keeps it (answered 0 or 1); the others get a new task
 * (2). A database order takes the device out of replication's 9999 fan-out (STATUS 0) until it
 * has loaded its copy (docs/replication.md, "Who receives what").
 */
export async function orderTasks(
  trx: Kysely<Database>,
  schema: string,
  key: Exclude<ProvisionKey, 'provSendMailInstall' | 'provDeleteDatabaseSafe'>,
  mids: string[],
  login: string,
): Promise<ProvisionDeviceResult[]> {
  const kind = KIND_OF_KEY[key]!;
  const pdb = projectDb(trx, schema);
  const open = await pdb
    .selectFrom('provision_tasks')
    .select(['ID', 'MID', 'STATUS'])
    .where('MID', 'in', mids)
    .where('KIND', 'in', sameKinds(kind))
    .where('STATUS', 'in', [...OPEN_TASK_STATUSES])
    .orderBy('ID')
    .execute();
  const openOf = new Map(open.map((row) => [row.MID, row]));
  const fresh = mids.filter((mid) => !openOf.has(mid));
  const created =
    fresh.length === 0
      ? []
      : await pdb
          .insertInto('provision_tasks')
          .values(fresh.map((mid) => ({ MID: mid, KIND: kind, USERDATA: login })))
          .returning(['ID', 'MID'])
          .execute();
  await writeLog(
    trx,
    schema,
    created.map((row) => ({ task: row.ID, line: 'ordered', vars: { login } })),
  );
  if (kind === 'database' || kind === 'databaseSafe') {
    if (fresh.length > 0) {
      await pdb.updateTable('devices').set({ STATUS: 0 }).where('MID', 'in', fresh).execute();
    }
  }
  const createdOf = new Map(created.map((row) => [row.MID, row.ID]));
  return mids.map((mid) => {
    const existing = openOf.get(mid);
    return existing
      ? { MID: mid, STATUS: existing.STATUS, task: existing.ID }
      : { MID: mid, STATUS: ProvisionResult.nothingPending, task: createdOf.get(mid)! };
  });
}

/**
 * provDeleteDatabaseSafe (000 §4 "Safe-provision deletion"): a device whose secure database was
 * loaded gets a deleteSafe task (-1); one whose secure provision runs is left (1); one whose
 * secure provision has not started has it cancelled (0); the others have none (2).
 */
export async function orderSafeDeletion(
  trx: Kysely<Database>,
  schema: string,
  mids: string[],
  login: string,
): Promise<ProvisionDeviceResult[]> {
  const pdb = projectDb(trx, schema);
  // Each device's latest secure task, and any deletion already open.
  const latest = await pdb
    .selectFrom('provision_tasks')
    .select(['ID', 'MID', 'KIND', 'STATUS'])
    .distinctOn('MID')
    .where('MID', 'in', mids)
    .where('KIND', 'in', ['databaseSafe', 'deleteSafe'])
    .where('STATUS', 'in', [TaskStatus.waiting, TaskStatus.running, TaskStatus.done])
    .orderBy('MID')
    .orderBy('ID', 'desc')
    .execute();
  const latestOf = new Map(latest.map((row) => [row.MID, row]));
  const results: ProvisionDeviceResult[] = [];
  const toDelete: string[] = [];
  const toCancel: number[] = [];
  for (const mid of mids) {
    const row = latestOf.get(mid);
    if (!row) results.push({ MID: mid, STATUS: ProvisionResult.nothingPending, task: null });
    else if (row.KIND === 'deleteSafe' && row.STATUS !== TaskStatus.done)
      results.push({ MID: mid, STATUS: ProvisionResult.deleted, task: row.ID });
    else if (row.KIND === 'deleteSafe')
      results.push({ MID: mid, STATUS: ProvisionResult.nothingPending, task: null });
    else if (row.STATUS === TaskStatus.running)
      results.push({ MID: mid, STATUS: ProvisionResult.running, task: row.ID });
    else if (row.STATUS === TaskStatus.waiting) {
      toCancel.push(row.ID);
      results.push({ MID: mid, STATUS: ProvisionResult.notStarted, task: row.ID });
    } else toDelete.push(mid);
  }
  if (toCancel.length > 0) {
    await pdb
      .updateTable('provision_tasks')
      .set({ STATUS: TaskStatus.cancelled, ENDED: sql`now()` })
      .where('ID', 'in', toCancel)
      .execute();
    await writeLog(
      trx,
      schema,
      toCancel.map((task) => ({ task, line: 'cancelled', vars: { login }, type: 'warning' })),
    );
  }
  if (toDelete.length > 0) {
    const created = await pdb
      .insertInto('provision_tasks')
      .values(toDelete.map((mid) => ({ MID: mid, KIND: 'deleteSafe' as const, USERDATA: login })))
      .returning(['ID', 'MID'])
      .execute();
    await writeLog(
      trx,
      schema,
      created.map((row) => ({ task: row.ID, line: 'ordered', vars: { login } })),
    );
    for (const row of created) {
      results.push({ MID: row.MID, STATUS: ProvisionResult.deleted, task: row.ID });
    }
  }
  const order = new Map(mids.map((mid, i) => [mid, i]));
  return results.sort((a, b) => order.get(a.MID)! - order.get(b.MID)!);
}

/** Devices with a provision task not done (the activity counter PendingProv, 000 §3). */
export async function devicesPendingProvision(
  db: Kysely<Database>,
  schema: string,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT "MID")::int AS n FROM ${sql.id(schema, 'provision_tasks')}
    WHERE "STATUS" IN (0, 1)
  `.execute(db);
  return rows[0]?.n ?? 0;
}
