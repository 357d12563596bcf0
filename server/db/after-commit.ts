import type { Db } from './database';

/** Work for once a transaction is committed, given the database the transaction was on. */
export type CommittedTask = (db: Db) => Promise<void>;

const collectors = new WeakMap<object, (task: CommittedTask) => void>();

/**
 * Marks `trx` as a transaction whose runner does work left for after its commit (the engine's
 * writes, `committedTransaction`): code deep inside it that holds only the transaction (a group's
 * members written, server/services/groups/save.ts) can then leave a task (telling devices).
 */
export function collectAfterCommit(trx: object, collect: (task: CommittedTask) => void): void {
  collectors.set(trx, collect);
}

/** Leaves a task for after `trx` commits; false when its runner runs none (the task is dropped). */
export function afterCommit(trx: object, task: CommittedTask): boolean {
  const collect = collectors.get(trx);
  if (!collect) return false;
  collect(task);
  return true;
}

/**
 * A transaction on the caller's database whose code may leave tasks for after its commit
 * (`afterCommit`): run once it is committed, in order; a failure of one is logged on the caller's
 * log, the transaction stands.
 */
export async function committedTransaction<T>(
  { db, log }: { db: Db; log?: { warn(detail: object, message: string): void } },
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const tasks: CommittedTask[] = [];
  const result = await db.transaction().execute((trx) => {
    collectAfterCommit(trx, (task) => void tasks.push(task));
    return work(trx);
  });
  for (const task of tasks) {
    await task(db).catch((error: unknown) => log?.warn({ err: error }, 'after-commit task failed'));
  }
  return result;
}
