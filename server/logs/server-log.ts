import type { Db } from '../db/database';

export type ServerLogLevel = 'info' | 'warning' | 'error';

/** One line of the server's own log about a company's project or device (/app/logs). */
export interface ServerLogEntry {
  companyId: number | null;
  numero?: number | null;
  mid?: string | null;
  level: ServerLogLevel;
  /** A code of protocol/resources/server-log.ts (SERVER_EVENTS), shown by its label. */
  event: string;
  detail?: Record<string, unknown>;
}

/**
 * Appends lines to `core.server_log`: what happened to which device or project, written by the
 * server where it happens (enrolment, a device disabled or deleted, a failed command, a purge).
 * The operator reads it in /app/logs; the pino stream stays the operations log.
 */
export async function writeServerLog(db: Db, ...entries: ServerLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('core.server_log')
    .values(
      entries.map((entry) => ({
        company_id: entry.companyId,
        numero: entry.numero ?? null,
        mid: entry.mid ?? null,
        level: entry.level,
        event: entry.event,
        detail: entry.detail ? JSON.stringify(entry.detail) : null,
      })),
    )
    .execute();
}
