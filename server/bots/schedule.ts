import { sql } from 'kysely';
import { BOT_COLUMNS, type Bot } from './rules';
import { runBot, type BotDeps } from './run';

/** The advisory lock that lets one node at a time run the bots. */
const BOTS_LOCK = 'flota.bots';
/** Bots run per look, at most; the rest wait for the next. */
const BOTS_PER_LOOK = 100;

/**
 * Runs the bots that are due (enabled, and not run in their period), oldest run first, on one
 * node at a time: the look holds a transaction-scoped advisory lock, so another node's look at
 * the same moment finds it taken and does nothing. Answers how many ran.
 */
export async function runDueBots(deps: BotDeps): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtext(${BOTS_LOCK})) AS locked
    `.execute(trx);
    if (!rows[0]?.locked) return 0;
    const due = await sql<Bot>`
      SELECT ${BOT_COLUMNS}
        FROM core.bots b LEFT JOIN core.bot_state s ON s.bot_id = b.id
       WHERE b.enabled
         AND (s.last_run_at IS NULL OR s.last_run_at <= now() - make_interval(mins => b."everyMinutes"))
       ORDER BY s.last_run_at NULLS FIRST, b.id
       LIMIT ${BOTS_PER_LOOK}
    `.execute(trx);
    for (const bot of due.rows) await runBot(deps, bot);
    return due.rows.length;
  });
}

export interface BotSchedule {
  stop(): Promise<void>;
}

/** Looks for due bots every `intervalMs` until stopped (a listening server's, server/app.ts). */
export function scheduleBots(deps: BotDeps, intervalMs: number): BotSchedule {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const look = () => {
    if (stopped) return;
    running = running.then(() =>
      stopped
        ? undefined
        : runDueBots(deps).catch((error) => deps.log.error({ err: error }, 'bots look failed')),
    );
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
