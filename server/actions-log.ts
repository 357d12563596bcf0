import type { Db } from './db/database';

export interface ActionEntry {
  companyId: number | null;
  userId: number | null;
  login: string | null;
  action: string;
  detail?: Record<string, unknown>;
}

/** Appends one row to the actions log (000 §2 /app/actions). */
export async function logAction(db: Db, entry: ActionEntry): Promise<void> {
  await db
    .insertInto('core.actions_log')
    .values({
      company_id: entry.companyId,
      user_id: entry.userId,
      login: entry.login,
      action: entry.action,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .execute();
}
