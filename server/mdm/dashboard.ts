import { sql } from 'kysely';
import { z } from 'zod';
import { TOP_REASONS, UNSEEN_DAYS, type MdmDashboardResponse } from '../../protocol/mdm/dashboard';
import { defineOperation, type OperationContext } from '../services/registry';
import { reachedDevices } from './roles';

type Count = { key: string | null; n: string };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `mdmDashboard {}` (`/app/mdmdash`, docs/mdm.md): every figure is one grouped count in SQL over
 * the company's managed devices (their indexed columns, never the JSON details) and the command
 * queue, limited to the devices the caller's MDM roles reach (server/mdm/roles.ts).
 */
export const mdmDashboard = defineOperation({
  name: 'mdmDashboard',
  parameter: z.object({}).default({}),
  permission: 'user',
  async handler(_parameter, ctx: OperationContext): Promise<MdmDashboardResponse> {
    const company = ctx.user.companyId ?? -1;
    const reach = await reachedDevices(ctx, 'd');
    const since = new Date(Date.now() - UNSEEN_DAYS * DAY_MS);
    // The devices the caller reaches, and of them the managed (approved) ones.
    const mine = sql`d.company_id = ${company} AND ${reach}`;
    const managed = sql`${mine} AND d.state = 'active'`;
    const grouped = (column: string) =>
      sql<Count>`SELECT d.${sql.ref(column)} AS key, count(*) AS n
        FROM core.mdm_devices AS d WHERE ${managed}
        GROUP BY 1 ORDER BY 2 DESC, 1`.execute(ctx.db);
    const [platforms, compliance, reasons, counts] = await Promise.all([
      grouped('platform'),
      grouped('compliance'),
      // A device counts once per reason, however many of its settings name it.
      sql<Count>`SELECT u.r AS key, count(*) AS n
        FROM core.mdm_devices AS d
        CROSS JOIN LATERAL (SELECT DISTINCT r FROM unnest(string_to_array(d.reasons, ' ')) AS r) AS u
        WHERE ${managed} AND d.compliance = 'noncompliant' AND u.r <> ''
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${TOP_REASONS}`.execute(ctx.db),
      sql<{ pending: string; unseen: string; queued: string }>`SELECT
        (SELECT count(*) FROM core.mdm_devices AS d WHERE ${mine} AND d.state = 'pending')
          AS pending,
        (SELECT count(*) FROM core.mdm_devices AS d WHERE ${managed} AND d."lastSeen" < ${since})
          AS unseen,
        (SELECT count(*) FROM core.command_queue AS q
          JOIN core.mdm_devices AS d ON d.mid = q.mid AND d.project = q.numero
          WHERE ${mine} AND q.expires_at > now()) AS queued`.execute(ctx.db),
    ]);
    const figures = (rows: Count[]) => rows.map((row) => [row.key ?? '', Number(row.n)] as const);
    const first = counts.rows[0];
    return {
      platforms: figures(platforms.rows).map(([platform, devices]) => ({ platform, devices })),
      compliance: figures(compliance.rows).map(([key, devices]) => ({
        compliance: key || 'unknown',
        devices,
      })),
      reasons: figures(reasons.rows).map(([reason, devices]) => ({ reason, devices })),
      pending: Number(first.pending),
      commandsInFlight: Number(first.queued),
      unseen: Number(first.unseen),
      unseenSince: since.toISOString(),
    };
  },
});
