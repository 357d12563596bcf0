import { sql } from 'kysely';
import { z } from 'zod';
import { TOP_REASONS, UNSEEN_DAYS, type MdmDashboardResponse } from '../../protocol/mdm/dashboard';
import { defineOperation, type OperationContext } from '../services/registry';
import { reachedDevices } from './roles';

type Figure = { figure: 'platform' | 'compliance' | 'reason' | 'pending' | 'unseen' };
type Count = Figure & { key: string | null; n: string };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `mdmDashboard {}` (`/app/mdmdash`, docs/mdm.md): the figures come from one pass over the
 * company's devices the caller's MDM roles reach (server/mdm/roles.ts),
 * grouped by the indexed columns the figures count (state, platform, compliance, reasons; an
 * index-only scan of `mdm_devices_dashboard_idx`, docs/mdm.md "Speed"), never the JSON details;
 * each figure then sums those few groups, ordered by PostgreSQL as each grouped count was. The
 * commands in flight are counted apart, over the command queue.
 */
export const mdmDashboard = defineOperation({
  name: 'mdmDashboard',
  parameter: z.object({}).default({}),
  permission: 'user',
  async handler(_parameter, ctx: OperationContext): Promise<MdmDashboardResponse> {
    const company = ctx.user.companyId ?? -1;
    const reach = await reachedDevices(ctx, 'd');
    const since = new Date(Date.now() - UNSEEN_DAYS * DAY_MS);
    // The devices the caller reaches.
    const mine = sql`d.company_id = ${company} AND ${reach}`;
    const [counts, queued] = await Promise.all([
      // The planner would read the table, in parallel workers, and hash the groups: on a busy
      // machine that costs two to three times the CPU of the index-only pass in index order
      // (docs/decisions.md, "MDM dashboard and reason list speed").
      ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off; SET LOCAL max_parallel_workers_per_gather = 0`.execute(
          trx,
        );
        return sql<Count>`WITH g AS MATERIALIZED (
          SELECT d.state, d.platform, d.compliance, d.reasons, count(*) AS n,
            count(*) FILTER (WHERE d."lastSeen" < ${since}) AS unseen
          FROM core.mdm_devices AS d WHERE ${mine}
          GROUP BY 1, 2, 3, 4)
        SELECT 'platform' AS figure, platform AS key, sum(n) AS n FROM g
          WHERE state = 'active' GROUP BY 2
        UNION ALL SELECT 'compliance', compliance, sum(n) FROM g WHERE state = 'active' GROUP BY 2
        -- A device counts once per reason, however many of its settings name it.
        UNION ALL SELECT 'reason', u.r, sum(n) FROM g
          CROSS JOIN LATERAL (SELECT DISTINCT r FROM unnest(string_to_array(g.reasons, ' ')) AS r) AS u
          WHERE state = 'active' AND compliance = 'noncompliant' AND u.r <> '' GROUP BY 2
        UNION ALL SELECT 'pending', NULL, coalesce(sum(n), 0) FROM g WHERE state = 'pending'
        UNION ALL SELECT 'unseen', NULL, coalesce(sum(unseen), 0) FROM g WHERE state = 'active'
        ORDER BY 1, 3 DESC, 2`.execute(trx);
      }),
      sql<{ queued: string }>`SELECT count(*) AS queued FROM core.command_queue AS q
        JOIN core.mdm_devices AS d ON d.mid = q.mid AND d.project = q.numero
        WHERE ${mine} AND q.expires_at > now()`.execute(ctx.db),
    ]);
    const figures = (figure: Count['figure']) =>
      counts.rows
        .filter((row) => row.figure === figure)
        .map((row) => [row.key ?? '', Number(row.n)] as const);
    const [[, pending]] = figures('pending');
    const [[, unseen]] = figures('unseen');
    return {
      platforms: figures('platform').map(([platform, devices]) => ({ platform, devices })),
      compliance: figures('compliance').map(([key, devices]) => ({
        compliance: key || 'unknown',
        devices,
      })),
      reasons: figures('reason')
        .slice(0, TOP_REASONS)
        .map(([reason, devices]) => ({ reason, devices })),
      pending,
      commandsInFlight: Number(queued.rows[0].queued),
      unseen,
      unseenSince: since.toISOString(),
    };
  },
});
