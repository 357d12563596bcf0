import fs from 'node:fs';
import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import { processSeconds } from './cpu';

/**
 * With BENCH_TIMELINE=1, `npm run bench -- nodes` prints this every 5 s while the devices of a
 * killed node come back: how many are back, the bench database's connections by state and wait,
 * and each restarted node's CPU seconds and open descriptors (sockets accepted, welcomed or not).
 * It is how the reconnections of 2026-11-27 were read: descriptors climbing while no device was
 * welcomed, the database idle, the nodes' CPU low (docs/operations.md).
 */
export async function timelineLine(
  db: Db,
  seconds: string,
  back: number,
  pids: number[],
): Promise<string> {
  const { rows } = await sql<{ state: string; n: number }>`
    SELECT coalesce(state, '-') || '/' || coalesce(wait_event_type, '-') AS state, count(*)::int AS n
    FROM pg_stat_activity WHERE datname = current_database() GROUP BY 1 ORDER BY 2 DESC
  `.execute(db);
  const nodes = pids.map(
    (pid) =>
      `${processSeconds([pid]).toFixed(1)} s CPU, ${fs.readdirSync(`/proc/${pid}/fd`).length} fds`,
  );
  return (
    `    ${seconds} s: ${back} back; database ${rows.map((row) => `${row.state} ${row.n}`).join(', ')}; ` +
    `nodes ${nodes.join(' | ')}`
  );
}
