import { sql } from 'kysely';
import { groupIssue, type Group } from '../../../protocol/groups';
import { recordAction } from '../../actions-log';
import { recordRevision, type RevisionEntry } from '../../engine/revisions-write';
import type { ProjectDb } from '../../db/project-schema';
import { firstOf } from '../area-texts';
import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import type { GroupData } from './parameters';
import { MEMBER_FIELDS, readMembers } from './members';
import { projectUsers, readGroup } from './read';
import { groupStamps, stampDeviceGroups, syncGroupModel } from './stamp';
import { groupRefusal } from './texts';
import { committedTransaction } from '../../db/after-commit';
import { groupDeleted, regroupPolicies } from '../../mdm/assignment';

type Trx = OperationContext['db'];

const unique = (ids: number[]) => [...new Set(ids)];

export interface Current {
  ID: number;
  NAME: string;
  DESCRIPTION: string;
  PLATFORM: string | null;
  version: number;
  devices: number[];
  users: number[];
  publish: number[];
}

/** A group as it is, its members with it, locked until the write commits; refused when absent. */
export async function current(
  ctx: OperationContext,
  project: ProjectAccess,
  pdb: ProjectDb,
  id: number,
): Promise<Current> {
  const group = await pdb
    .selectFrom('groups')
    .select(['ID', 'NAME', 'DESCRIPTION', 'PLATFORM', 'version'])
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

/** A group as a save leaves it: its name, description and members. */
export interface GroupMembers {
  NAME: string;
  DESCRIPTION: string;
  devices: number[];
  users: number[];
  publish: number[];
}

/**
 * The group `data` asks for (what it does not give kept from `before`), checked by the four
 * rules of 000 §5 and ours (devices and users of the project, publishers among its users, a name
 * once per project), each refused with its message; nothing is written. Answers it with the
 * platform of its devices.
 */
export async function checkedGroup(
  ctx: OperationContext,
  project: ProjectAccess,
  pdb: ProjectDb,
  id: number | undefined,
  data: GroupData,
  before: Current | null,
): Promise<GroupMembers & { PLATFORM: string | null }> {
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
  return { NAME, DESCRIPTION, devices, users, publish, PLATFORM: platforms[0] ?? null };
}

/**
 * Writes the members of a saved group (its devices and users replaced by these) and, as
 * "Sincronizar grupos" would for it, its model and SYNCED; the DEVICEGROUP of the devices it had
 * and has follows (issue 33, point 12). In the save's transaction.
 */
export async function writeMembers(
  trx: Trx,
  project: ProjectAccess,
  id: number,
  group: GroupMembers & { PLATFORM: string | null },
  hadDevices: number[],
): Promise<void> {
  const pdb = project.db(trx);
  const { devices, users, publish } = group;
  const touched = unique([...hadDevices, ...devices]);
  const stamps = await groupStamps(trx, project, touched);
  await pdb.deleteFrom('group_devices').where('IDGROUP', '=', id).execute();
  await pdb.deleteFrom('group_users').where('IDGROUP', '=', id).execute();
  if (devices.length) {
    await pdb
      .insertInto('group_devices')
      .values(devices.map((IDDEVICE) => ({ IDGROUP: id, IDDEVICE })))
      .execute();
  }
  if (users.length) {
    await pdb
      .insertInto('group_users')
      .values(users.map((IDUSER) => ({ IDGROUP: id, IDUSER, PUBLISH: publish.includes(IDUSER) })))
      .execute();
  }
  await syncGroupModel(pdb, { ID: id, NAME: group.NAME, PLATFORM: group.PLATFORM });
  await stampDeviceGroups(trx, project, touched, stamps);
  // The MDM policies assigned to the group follow its members (docs/mdm.md "Assignment").
  await regroupPolicies(trx, project, id, group.NAME, touched);
}

/** The fields of a group's revision, as the engine's row names them (protocol/resources/groups.ts). */
const revised = (row: {
  ID: number;
  NAME: string;
  DESCRIPTION: string;
  PLATFORM: string | null;
}) => ({
  id: row.ID,
  ID: row.ID,
  NAME: row.NAME,
  DESCRIPTION: row.DESCRIPTION,
  PLATFORM: row.PLATFORM,
});

/**
 * The revision of a group a call of the specification writes, as the engine keeps its own
 * (`<numero>:<id>`), so the group's Historial has every change.
 */
function revise(
  trx: Trx,
  ctx: OperationContext,
  project: ProjectAccess,
  id: number,
  change: RevisionEntry['change'],
  before: RevisionEntry['before'],
  after: RevisionEntry['after'],
) {
  const record = `${project.numero}:${id}`;
  return recordRevision(trx, ctx, { resource: 'groups', record, change, before, after });
}

/**
 * `admgroups` update: creates a group (no ID) or changes one, its devices and users replaced by
 * the lists given (a list not given keeps the group's own), in one transaction: checked
 * (`checkedGroup`), written with its members (`writeMembers`). It marks the row as the engine's
 * edits do (`version`, `updated_at`: an engine edit holding an older version is refused as
 * stale) and keeps its revision.
 */
export async function saveGroup(
  ctx: OperationContext,
  project: ProjectAccess,
  id: number | undefined,
  data: GroupData,
): Promise<Group> {
  return committedTransaction(ctx, async (trx) => {
    const pdb = project.db(trx);
    const before = id === undefined ? null : await current(ctx, project, pdb, id);
    const group = await checkedGroup(ctx, project, pdb, id, data, before);
    const row = { NAME: group.NAME, DESCRIPTION: group.DESCRIPTION, PLATFORM: group.PLATFORM };
    const saved =
      id === undefined
        ? await pdb.insertInto('groups').values(row).returningAll().executeTakeFirstOrThrow()
        : await pdb
            .updateTable('groups')
            .set({ ...row, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
            .where('ID', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
    const had = before && (await readMembers(trx, project, saved.ID));
    await writeMembers(trx, project, saved.ID, group, before?.devices ?? []);
    const has = await readMembers(trx, project, saved.ID);
    if (before && had) {
      // The fields that changed, its members among them, as the engine's edit keeps them.
      const was: Record<string, unknown> = { ...before, ...had };
      const now: Record<string, unknown> = { ...saved, ...has };
      const changed = ['NAME', 'DESCRIPTION', 'PLATFORM', ...MEMBER_FIELDS].filter(
        (f) => JSON.stringify(was[f]) !== JSON.stringify(now[f]),
      );
      const pick = (r: Record<string, unknown>) =>
        Object.fromEntries(changed.map((f) => [f, r[f]]));
      const beforeVersion = { ...pick(was), version: before.version };
      await revise(trx, ctx, project, saved.ID, 'edit', beforeVersion, {
        ...pick(now),
        version: saved.version,
      });
    } else {
      await revise(trx, ctx, project, saved.ID, 'create', null, {
        ...revised(saved),
        ...has,
        version: saved.version,
      });
    }
    const detail = {
      project: project.name,
      database: project.numero,
      group: group.NAME,
      devices: group.devices.length,
      users: group.users.length,
    };
    await recordAction(ctx, before ? 'group_modified' : 'group_created', detail, trx);
    return readGroup(ctx, project, saved.ID, pdb);
  });
}

/** `admgroups` delete: the group, its devices' and users' memberships with it; their DEVICEGROUP follows. */
export async function deleteGroup(ctx: OperationContext, project: ProjectAccess, id: number) {
  return committedTransaction(ctx, async (trx) => {
    const pdb = project.db(trx);
    const members = await pdb
      .selectFrom('group_devices')
      .select('IDDEVICE')
      .where('IDGROUP', '=', id)
      .execute();
    const touched = members.map((m) => m.IDDEVICE);
    const stamps = await groupStamps(trx, project, touched);
    const had = await readMembers(trx, project, id);
    const deleted = await pdb
      .deleteFrom('groups')
      .where('ID', '=', id)
      .returning(['ID', 'NAME', 'DESCRIPTION', 'PLATFORM', 'version'])
      .executeTakeFirst();
    if (!deleted) throw groupRefusal(ctx.user, 'groupNotFound', { id, project: project.name });
    const { version, ...gone } = deleted;
    await revise(trx, ctx, project, id, 'delete', { ...revised(gone), ...had, version }, null);
    // Its devices' DEVICEGROUP no longer names it.
    await stampDeviceGroups(trx, project, touched, stamps);
    await groupDeleted(trx, project, id);
    const detail = { project: project.name, database: project.numero, group: deleted.NAME };
    await recordAction(ctx, 'group_deleted', detail, trx);
    return { ID: deleted.ID, NAME: deleted.NAME, deleted: true };
  });
}
