import { z } from 'zod';
import { fillMacros } from '../../../protocol/report-macros';
import { INT4_MAX } from '../../db/storable';
import { runSql } from '../../sql-runner/run';
import { reportTexts } from '../../sql-runner/texts';
import {
  databaseSchema,
  projectPermission,
  requireProject,
  type ProjectAccess,
} from '../projects/access';
import { defineOperation, type OperationContext, type Permission } from '../registry';
import { visibleReports } from './list';

/**
 * `runReport` {database, ID | SQL, macros, limit}: runs a saved report (or, for a caller with
 * write on 'reports', the editor's unsaved SQL) with its macros filled by `macros` (001 §5), as
 * the project's role, read-only unless the caller has write on 'queries' (001 §6). The
 * specification names no call for this; a person who may see reports but not write free SQL
 * runs the reports' own SQL only, so the server fills the macros itself (docs/decisions.md).
 */
const parameter = z.object({
  database: databaseSchema,
  ID: z.number().int().min(-1).max(INT4_MAX).optional(),
  SQL: z.string().max(200_000).optional(),
  macros: z.record(z.string().max(100), z.string().max(10_000)).default({}),
  limit: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
type Check = Exclude<Permission, string>;
const canSee = projectPermission('reports', 'show') as Check;
const canWrite = projectPermission('reports', 'write') as Check;

export const runReport = defineOperation({
  name: 'runReport',
  parameter,
  // Unsaved SQL is what the caller could save and run: write on 'reports'.
  permission: (user, value, ctx) =>
    ((value as z.infer<typeof parameter>).SQL === undefined ? canSee : canWrite)(user, value, ctx),
  async handler({ database, ID, SQL, macros, limit }, ctx) {
    const project = await requireProject(ctx, database);
    const { refusal } = reportTexts;
    let text: string;
    if (SQL !== undefined) {
      text = SQL;
    } else if (ID !== undefined && ID > 0) {
      text = await savedReportSql(project, ID, ctx);
    } else {
      throw refusal(ctx.user, 'whichReport');
    }
    return runReportSql(project, text, macros, ctx, {
      readOnly: !project.can('queries', 'write'),
      limit,
    });
  },
});

/** A saved report's SQL, when the caller may see it (shared, or their own private one). */
export async function savedReportSql(
  project: ProjectAccess,
  id: number,
  ctx: OperationContext,
): Promise<string> {
  const report = await visibleReports(project, ctx)
    .select('SQL')
    .where('ID', '=', id)
    .executeTakeFirst();
  if (!report) {
    throw reportTexts.refusal(ctx.user, 'reportNotFound', { id, numero: project.numero });
  }
  return report.SQL;
}

/**
 * A report's SQL with its macros filled (001 §5), run as the project's role: runReport's, and
 * the data service's for apps (read-only there when the project serves it publicly).
 */
export async function runReportSql(
  project: ProjectAccess,
  text: string,
  macros: Record<string, string>,
  ctx: OperationContext,
  options: { readOnly: boolean; limit?: number },
) {
  const { refusal } = reportTexts;
  if (text.trim() === '') throw refusal(ctx.user, 'sqlRequired');
  const filled = fillMacros(text, macros);
  if ('problem' in filled) {
    const { problem } = filled;
    throw problem.reason === 'empty'
      ? refusal(ctx.user, 'macrosEmpty')
      : refusal(ctx.user, 'macroUnsafe', { key: problem.key, character: problem.character });
  }
  return runSql(ctx.sandbox, project, filled.sql, ctx.user, { ...options, log: ctx.log });
}
