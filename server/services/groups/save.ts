import { groupIssue, type Group } from '../../../protocol/groups';
import { recordAction } from '../../actions-log';
import type { ProjectDb } from '../../db/project-schema';
import { firstOf } from '../area-texts';
import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import type { GroupData } from './parameters';
import { projectUsers, readGroup } from './read';
import { groupStamps, stampDeviceGroups, syncGroupModel } from './stamp';
import { groupRefusal } from './texts';

const unique = (ids: number[]) => [...new Set(ids)];

interface Current {
  ID: number;
  NAME: string;
  DESCRIPTION: string;
  devices: number[];
  users: number[];
  publish: number[];
}

async function current(
  ctx: OperationContext,
  project: ProjectAccess,
  pdb: ProjectDb,
  id: number,
): Promise<Current> {
  const group = await pdb
    .selectFrom('groups')
    .select(['ID', 'NAME', 'DESCRIPTION'])
    .where('ID', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!group) throw groupRefusal(ctx.user, 'groupNotFound', { id, project: project.name });
  const [devices, users] = await Promise.all([
    pdb.selectFrom('group_devices').select('IDDEVICE').where('IDGROUP', '=', id).execute(),
    pdb.selectFrom('group_users').select(['IDUSER', 'PUBLISH']).where('IDGROUP', '=', id).execute(),
  ]);
  return {
    ...group,
    devices: devices.map((d) => d.IDDEVICE),
    users: users.map((u) => u.IDUSER),
    publish: users.filter((u) => u.PUBLISH).map((u) => u.IDUSER),
  };
}

/** The platforms of the devices, refusing IDs that are not devices of the project. */
async function platformsOf(
  ctx: OperationContext,
  project: ProjectAccess,
  pdb: ProjectDb,
  ids: number[],
) {
  if (ids.length === 0) return [];
  const found = await pdb
    .selectFrom('devices')
    .select(['ID', 'DEVICE_TYPE'])
    .where('ID', 'in', ids)
    .execute();
  if (found.length < ids.length) {
    const known = new Set(found.map((d) => d.ID));
    const missing = ids.filter((id) => !known.has(id));
    throw groupRefusal(ctx.user, 'devicesNotFound', {
      ids: firstOf(missing),
      project: project.name,
    });
  }
  return found.map((d) => d.DEVICE_TYPE);
}

/** Refuses users who cannot manage the project's groups (not reaching the project). */
async function checkUsers(ctx: OperationContext, project: ProjectAccess, ids: number[]) {
  if (ids.length === 0) return;
  const allowed = await projectUsers(ctx, project)
    .select('u.id')
    .where('u.id', 'in', ids)
    .execute();
  const known = new Set(allowed.map((u) => u.id));
  const refused = ids.filter((id) => !known.has(id));
  if (refused.length) {
    throw groupRefusal(ctx.user, 'usersNotFound', { ids: firstOf(refused), project: project.name });
  }
}

/**
 * `admgroups` update: creates a group (no ID) or changes one, its devices and users replaced by
 * the lists given (a list not given keeps the group's own), in one transaction. The four checks
 * of 000 §5 refuse it with the specification's message; nothing is written then. In the same
 * transaction the group is synchronised as `syncgroups` would (its model, SYNCED) and the
 * DEVICEGROUP of the devices it had and has is written again (stamp.ts).
 */
export async function saveGroup(
  ctx: OperationContext,
  project: ProjectAccess,
  id: number | undefined,
  data: GroupData,
): Promise<Group> {
  return ctx.db.transaction().execute(async (trx) => {
    const pdb = project.db(trx);
    const before = id === undefined ? null : await current(ctx, project, pdb, id);
    const NAME = (data.NAME === undefined ? before?.NAME : data.NAME)?.trim() ?? '';
    const DESCRIPTION =
      (data.DESCRIPTION === undefined ? before?.DESCRIPTION : data.DESCRIPTION)?.trim() ?? '';
    const devices = unique(data.Devices ?? before?.devices ?? []);
    const platforms = await platformsOf(ctx, project, pdb, devices);
    const issue = groupIssue({ NAME, DESCRIPTION, platforms });
    if (issue) throw groupRefusal(ctx.user, issue);
    const users = unique(data.Users ?? before?.users ?? []);
    const publish = unique(data.PublishUsers ?? before?.publish ?? []).filter(
      (user) => data.PublishUsers !== undefined || users.includes(user),
    );
    const outsiders = publish.filter((user) => !users.includes(user));
    if (outsiders.length)
      throw groupRefusal(ctx.user, 'publishNotMember', { ids: firstOf(outsiders) });
    await checkUsers(ctx, project, users);
    const taken = await pdb
      .selectFrom('groups')
      .select('ID')
      .where((eb) => eb(eb.fn('lower', ['NAME']), '=', NAME.toLowerCase()))
      .$if(id !== undefined, (q) => q.where('ID', '<>', id!))
      .executeTakeFirst();
    if (taken) throw groupRefusal(ctx.user, 'nameTaken', { name: NAME, project: project.name });
    const row = { NAME, DESCRIPTION, PLATFORM: platforms[0] ?? null };
    const saved =
      id === undefined
        ? await pdb.insertInto('groups').values(row).returning('ID').executeTakeFirstOrThrow()
        : await pdb
            .updateTable('groups')
            .set(row)
            .where('ID', '=', id)
            .returning('ID')
            .executeTakeFirstOrThrow();
    // The devices it had and has: their DEVICEGROUP follows the save (issue 33, point 12).
    const touched = unique([...(before?.devices ?? []), ...devices]);
    const stamps = await groupStamps(trx, project, touched);
    await pdb.deleteFrom('group_devices').where('IDGROUP', '=', saved.ID).execute();
    await pdb.deleteFrom('group_users').where('IDGROUP', '=', saved.ID).execute();
    if (devices.length) {
      await pdb
        .insertInto('group_devices')
        .values(devices.map((IDDEVICE) => ({ IDGROUP: saved.ID, IDDEVICE })))
        .execute();
    }
    if (users.length) {
      await pdb
        .insertInto('group_users')
        .values(
          users.map((IDUSER) => ({ IDGROUP: saved.ID, IDUSER, PUBLISH: publish.includes(IDUSER) })),
        )
        .execute();
    }
    // What "Sincronizar grupos" does, for this group, in the same transaction.
    await syncGroupModel(pdb, { ID: saved.ID, NAME, PLATFORM: row.PLATFORM });
    await stampDeviceGroups(trx, project, touched, stamps);
    const detail = {
      project: project.name,
      database: project.numero,
      group: NAME,
      devices: devices.length,
      users: users.length,
    };
    await recordAction(ctx, before ? 'group_modified' : 'group_created', detail, trx);
    return readGroup(ctx, project, saved.ID, pdb);
  });
}

/** `admgroups` delete: the group, its devices' and users' memberships with it; their DEVICEGROUP follows. */
export async function deleteGroup(ctx: OperationContext, project: ProjectAccess, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const pdb = project.db(trx);
    const members = await pdb
      .selectFrom('group_devices')
      .select('IDDEVICE')
      .where('IDGROUP', '=', id)
      .execute();
    const touched = members.map((m) => m.IDDEVICE);
    const stamps = await groupStamps(trx, project, touched);
    const deleted = await pdb
      .deleteFrom('groups')
      .where('ID', '=', id)
      .returning(['ID', 'NAME'])
      .executeTakeFirst();
    if (!deleted) throw groupRefusal(ctx.user, 'groupNotFound', { id, project: project.name });
    // Its devices' DEVICEGROUP no longer names it.
    await stampDeviceGroups(trx, project, touched, stamps);
    const detail = { project: project.name, database: project.numero, group: deleted.NAME };
    await recordAction(ctx, 'group_deleted', detail, trx);
    return { ...deleted, deleted: true };
  });
}
