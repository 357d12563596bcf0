import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import { groupRefusal } from './texts';

/** The `pid` a call may carry beside `database` (002 §7) must be that project's. */
export async function checkPid(ctx: OperationContext, project: ProjectAccess, pid?: string) {
  if (pid === undefined || pid === '') return;
  const row = await ctx.db
    .selectFrom('core.projects')
    .select('pid')
    .where('numero', '=', project.numero)
    .executeTakeFirstOrThrow();
  if (row.pid !== pid) {
    throw groupRefusal(ctx.user, 'pidMismatch', { numero: project.numero, pid: pid.slice(0, 60) });
  }
}
