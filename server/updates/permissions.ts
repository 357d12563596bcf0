import { ErrorCode } from '../../protocol/envelope';
import type { SessionUser } from '../auth';
import { projectDb } from '../db/project-schema';
import { languageOf, message } from '../messages';
import { projectPermission, requireProject, type ProjectAccess } from '../services/projects/access';
import { ServiceError, type OperationContext, type Permission } from '../services/registry';

type Check = Exclude<Permission, string>;

/** Reading the updates screen, its files and downloads: project node `updates`, show. */
export const canReadUpdates = projectPermission('updates', 'show') as Check;
const canWriteUpdates = projectPermission('updates', 'write') as Check;
const canUpdateDevices = projectPermission('devices.update', 'write') as Check;

/** What the caller may publish in a project: every type, LICENCIA only, or nothing. */
export type PublishRight = 'all' | 'licence' | null;

/** Whether the caller is a group's user allowed to publish to it (group_users.PUBLISH). */
async function publishesToAGroup(ctx: OperationContext, schema: string): Promise<boolean> {
  const row = await projectDb(ctx.db, schema)
    .selectFrom('group_users')
    .select('IDGROUP')
    .where('IDUSER', '=', ctx.user.id)
    .where('PUBLISH', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * 000 §6: the owner and whoever has write on the `updates` node publish every type; a
 * non-owner who manages a group with PUBLISH, or may create updates from the device list
 * (`devices.update`, write), publishes LICENCIA updates only (docs/updates.md, "Permissions").
 */
export async function publishRight(
  ctx: OperationContext,
  project: ProjectAccess,
): Promise<PublishRight> {
  if (project.can('updates', 'write')) return 'all';
  if (project.can('devices.update', 'write')) return 'licence';
  return (await publishesToAGroup(ctx, project.schema)) ? 'licence' : null;
}

/**
 * The permission of the publishing steps (uploadPublish, the upload, uploadConfirm): any right
 * to publish; uploadConfirm then refuses a type the right does not cover.
 */
export const canPublish: Check = async (user: SessionUser, parameter, ctx) => {
  if (await canWriteUpdates(user, parameter, ctx)) return true;
  if (await canUpdateDevices(user, parameter, ctx)) return true;
  const numero = (parameter as { database?: unknown }).database;
  if (typeof numero !== 'number') return false;
  const project = await ctx.db
    .selectFrom('core.projects')
    .select('schema_name')
    .where('numero', '=', numero)
    .executeTakeFirst();
  return project ? publishesToAGroup(ctx, project.schema_name) : false;
};

/** Changing a device's update rows (mark, clean, reset): project node `updates`, write. */
export const canWriteDeviceRows = canWriteUpdates;

/** The project of a call, and the caller's right to publish in it (refused when none). */
export async function publisher(ctx: OperationContext, database: number) {
  const project = await requireProject(ctx, database);
  const right = await publishRight(ctx, project);
  if (!right) {
    const text = message(languageOf(ctx.user.language), 'forbidden', { operation: 'updates' });
    throw new ServiceError(text, ErrorCode.forbidden, 403);
  }
  return { project, right };
}
