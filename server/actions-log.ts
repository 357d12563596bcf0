import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db/database';
import type { OperationContext } from './services/registry';

export interface ActionEntry {
  companyId: number | null;
  userId: number | null;
  login: string | null;
  action: string;
  detail?: Record<string, unknown>;
  /** The caller's address; absent for what the server does by itself. */
  address?: string | null;
}

/**
 * The address of the request an operation runs for: set around every operation's handler
 * (server/services/route.ts), so that every actions-log row written while it runs says where the
 * write came from, whichever function writes it.
 */
const callerAddress = new AsyncLocalStorage<string>();

/** Runs `work` as the request from `address` (its writes are logged with it). */
export function asCaller<T>(address: string, work: () => Promise<T>): Promise<T> {
  return callerAddress.run(address, work);
}

/** Appends one row to the actions log (000 §2 /app/actions). */
export async function logAction(db: Db, entry: ActionEntry): Promise<void> {
  await db.insertInto('core.actions_log').values(actionRow(entry)).execute();
}

/** The row of `core.actions_log` an entry is written as. */
export function actionRow(entry: ActionEntry) {
  return {
    company_id: entry.companyId,
    user_id: entry.userId,
    login: entry.login,
    action: entry.action,
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
    address: entry.address ?? callerAddress.getStore() ?? null,
  };
}

/** The entry `recordAction` writes for the caller. */
export const callerAction = (
  ctx: Pick<OperationContext, 'user' | 'address'>,
  action: string,
  detail?: Record<string, unknown>,
): ActionEntry => ({
  companyId: ctx.user.companyId,
  userId: ctx.user.id,
  login: ctx.user.login,
  action,
  detail,
  address: ctx.address ?? null,
});

/**
 * The one way an operation logs its write: who (the caller), what (`action`, a code of
 * protocol/resources/actions.ts), on what (`detail`), when (now) and from where (the caller's
 * address). Pass the write's transaction as `db` so that the row and the write stand or fall
 * together.
 * @example await recordAction(ctx, 'devices_deleted', { project, database, mids }, trx);
 */
export function recordAction(
  ctx: Pick<OperationContext, 'db' | 'user' | 'address'>,
  action: string,
  detail?: Record<string, unknown>,
  db: Db = ctx.db,
): Promise<void> {
  return logAction(db, callerAction(ctx, action, detail));
}
