import { sql } from 'kysely';
import { z } from 'zod';
import type { ProjectEntry } from '../../../protocol/projects';
import { logAction } from '../../actions-log';
import { refusal } from '../environments/refuse';
import { defineOperation, type OperationContext } from '../registry';
import { databaseSchema } from './access';
import { projectEntries } from './entries';
import { projectRefusal } from './texts';

/** A project as the console names it for these calls: its pid (a UUID) or its number. */
export const pidSchema = z.union([z.uuid(), databaseSchema]);

/**
 * Marks a project deleted (purged after PURGE_AFTER_DAYS) or restores it (000 §4 Project): only
 * its owner may (000 §5, §6), not even an administrator. The row is locked, so a delete and a
 * restore at once apply one after the other.
 */
async function setDeleted(
  ctx: OperationContext,
  pid: string | number,
  deleted: boolean,
): Promise<ProjectEntry> {
  const { db, user } = ctx;
  const numero = await db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('core.projects')
      .select(['numero', 'company_id', 'owner_id', 'deleted'])
      .where(typeof pid === 'number' ? 'numero' : 'pid', '=', pid)
      .forUpdate()
      .executeTakeFirst();
    if (!project || user.companyId === null || project.company_id !== user.companyId) {
      throw refusal(user, 'projectNotFound', { numero: String(pid) });
    }
    const vars = { numero: project.numero };
    if (project.owner_id !== user.id) {
      throw projectRefusal(user, deleted ? 'notOwnerDelete' : 'notOwnerRestore', vars);
    }
    if (project.deleted === deleted) {
      throw projectRefusal(user, deleted ? 'alreadyDeleted' : 'notDeleted', vars);
    }
    await trx
      .updateTable('core.projects')
      .set({ deleted, datedeleted: deleted ? sql`now()` : null, updated_at: sql`now()` })
      .where('numero', '=', project.numero)
      .execute();
    await logAction(trx, {
      companyId: project.company_id,
      userId: user.id,
      login: user.login,
      action: deleted ? 'project_marked_deleted' : 'project_restored',
      detail: { project: project.numero },
    });
    return project.numero;
  });
  const [entry] = await projectEntries(ctx, [numero]);
  return entry;
}

/** `markToDelete` {pid} (000 §7): the project, marked deleted. */
export const markToDelete = defineOperation({
  name: 'markToDelete',
  parameter: z.object({ pid: pidSchema }),
  permission: 'user',
  handler: ({ pid }, ctx) => setDeleted(ctx, pid, true),
});

/** `markToRestore` {pid} (000 §7): the project, active again. */
export const markToRestore = defineOperation({
  name: 'markToRestore',
  parameter: z.object({ pid: pidSchema }),
  permission: 'user',
  handler: ({ pid }, ctx) => setDeleted(ctx, pid, false),
});
