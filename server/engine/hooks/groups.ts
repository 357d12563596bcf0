import { sql } from 'kysely';
import { z } from 'zod';
import { GROUP_DEVICES_MAX, GROUP_USERS_MAX } from '../../../protocol/groups';
import { rowIdField } from '../../db/storable';
import { requireProject, type ProjectAccess } from '../../services/projects/access';
import {
  checkedGroup,
  current,
  writeMembers,
  type Current,
  type GroupMembers,
} from '../../services/groups/save';
import {
  deviceIdsOf,
  MEMBER_FIELDS,
  memberSql,
  memberValues,
  type MemberValues,
} from '../../services/groups/members';
import { groupStamps, stampDeviceGroups } from '../../services/groups/stamp';
import { groupRefusal } from '../../services/groups/texts';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { siblingTable } from '../rows';
import { groupDeleted } from '../../mdm/assignment';

type Checked = GroupMembers & { PLATFORM: string | null };
type Found = {
  project: ProjectAccess;
  group?: Checked;
  before?: Current;
  members?: MemberValues;
  stamps?: Map<number, string>;
};

/** What a write's `before` hook found, for its `after` hook (the same write's hook context). */
const pending = new WeakMap<HookContext, Found>();

/** The project of a write (the resolver set it from the call's `database`), as the caller reaches it. */
const projectOf = (hook: HookContext) =>
  requireProject(hook.ctx, hook.definition!.storage!.project!);

const ids = (max: number) => z.array(rowIdField('an ID')).max(max).optional();

/** A list of user IDs a write gives (`Users`, `PublishUsers`), or undefined when not given. */
function userIds(hook: HookContext, given: unknown): number[] | undefined {
  if (given === undefined || given === null) return given === null ? [] : undefined;
  const list = (given as unknown[]).map(Number);
  if (list.length > GROUP_USERS_MAX) {
    throw groupRefusal(hook.ctx.user, 'tooManyUsers', { max: GROUP_USERS_MAX });
  }
  return list;
}

/**
 * What a create or an edit asks of the members: the devices (by `MIDS`, and on a create by the
 * `Devices` IDs admgroups takes too), the users and the publishers; undefined what it leaves.
 */
async function askedMembers(hook: HookContext, project: ProjectAccess, values: Row) {
  const pdb = project.db(hook.trx);
  const byMid =
    values.MIDS === undefined
      ? undefined
      : await deviceIdsOf(hook.ctx, project, pdb, (values.MIDS as string[] | null) ?? []);
  const byId = values.Devices as number[] | undefined;
  const Devices = byMid && byId ? [...byId, ...byMid] : (byMid ?? byId);
  return {
    Devices,
    Users: userIds(hook, values.Users),
    PublishUsers: userIds(hook, values.PublishUsers),
  };
}

/** The member fields of a checked group: the MIDs of its devices, its users and publishers. */
async function checkedMembers(hook: HookContext, project: ProjectAccess, group: Checked) {
  const rows = group.devices.length
    ? await project
        .db(hook.trx)
        .selectFrom('devices')
        .select('MID')
        .where('ID', 'in', group.devices)
        .execute()
    : [];
  return memberValues(
    rows.map((r) => r.MID),
    group,
  );
}

/**
 * A project's device groups (protocol/resources/groups.ts) on the engine. Its members are fields
 * without a column: `MIDS` (its devices by MID), `Users` and `PublishUsers` (user IDs), read from
 * the memberships (`memberSql`) and written by these hooks, checked by admgroups' rules
 * (`checkedGroup`) and written by its very function (`writeMembers`, server/services/groups/
 * save.ts) in the write's transaction; a create also takes admgroups' `Devices` (IDs). An edit
 * that changes none of the name, description or members (custom fields only) leaves the members
 * alone; otherwise the model named like the group and its devices' DEVICEGROUP follow. The
 * platform is the devices'. A delete takes the memberships with it and clears what they stamped.
 */
export const groupsHooks: ResourceHooks = {
  sql: {
    ...Object.fromEntries(
      MEMBER_FIELDS.map((source) => [
        source,
        (definition: ResourceDefinition) =>
          memberSql((table) => siblingTable(definition, table))[source],
      ]),
    ),
    DEVICES: (definition) =>
      sql`(SELECT count(*)::int FROM ${siblingTable(definition, 'group_devices')} gd WHERE gd."IDGROUP" = t."ID")`,
    USERS: (definition) =>
      sql`(SELECT count(*)::int FROM ${siblingTable(definition, 'group_users')} gu JOIN core.users u ON u.id = gu."IDUSER" WHERE gu."IDGROUP" = t."ID")`,
  },
  // admgroups' device IDs, beside the `MIDS` field (a create may give either, or both).
  createParameters: { Devices: ids(GROUP_DEVICES_MAX) },
  async beforeCreate(values: Row, hook) {
    const { Devices, MIDS, Users, PublishUsers, ...fields } = values;
    const project = await projectOf(hook);
    const asked = await askedMembers(hook, project, { Devices, MIDS, Users, PublishUsers });
    const data = {
      NAME: fields.NAME as string,
      DESCRIPTION: fields.DESCRIPTION as string,
      ...asked,
    };
    const pdb = project.db(hook.trx);
    const group = await checkedGroup(hook.ctx, project, pdb, undefined, data, null);
    pending.set(hook, { project, group, members: await checkedMembers(hook, project, group) });
    return {
      ...fields,
      NAME: group.NAME,
      DESCRIPTION: group.DESCRIPTION,
      PLATFORM: group.PLATFORM,
    };
  },
  async afterCreate(row: Row, hook) {
    const { project, group, members } = pending.get(hook)!;
    await writeMembers(hook.trx, project, Number(row.id), group!, []);
    // The row was read before its members were written: it answers (and its revision keeps)
    // them as they now are (the users were checked active ones of the project).
    Object.assign(row, members, { DEVICES: group!.devices.length, USERS: group!.users.length });
  },
  async beforeEdit(changes: Row, before: Row, hook) {
    const members = MEMBER_FIELDS.some((f) => changes[f] !== undefined);
    if (changes.NAME === undefined && changes.DESCRIPTION === undefined && !members) return changes;
    const project = await projectOf(hook);
    const pdb = project.db(hook.trx);
    const id = Number(before.id);
    const had = await current(hook.ctx, project, pdb, id);
    const data = {
      NAME: (changes.NAME ?? had.NAME) as string,
      DESCRIPTION: (changes.DESCRIPTION ?? had.DESCRIPTION) as string,
      ...(await askedMembers(hook, project, changes)),
    };
    const group = await checkedGroup(hook.ctx, project, pdb, id, data, had);
    const values = await checkedMembers(hook, project, group);
    pending.set(hook, { project, group, before: had, members: values });
    // The member fields as the group will hold them (in `memberSql`'s order: one sent back
    // unchanged is no change), and the platform its devices give it.
    const given = MEMBER_FIELDS.filter((f) => changes[f] !== undefined);
    return {
      ...changes,
      ...(changes.NAME !== undefined && { NAME: group.NAME }),
      ...(changes.DESCRIPTION !== undefined && { DESCRIPTION: group.DESCRIPTION }),
      ...Object.fromEntries(given.map((f) => [f, values[f]])),
      ...(changes.MIDS !== undefined && { PLATFORM: group.PLATFORM }),
    };
  },
  async afterEdit(after: Row, was: Row, hook) {
    const found = pending.get(hook);
    if (!found?.group) return;
    const { project, group, before, members } = found;
    // Members sent back as they were, and the same name: nothing of theirs to write again.
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const kept = MEMBER_FIELDS.every((f) => same(members![f], was[f]));
    if (kept && after.NAME === was.NAME) return;
    await writeMembers(hook.trx, project, Number(after.id), group, before!.devices);
    // Read before the members were written: the answer and the revision have them as now.
    Object.assign(after, members, { DEVICES: group.devices.length, USERS: group.users.length });
  },
  async beforeDelete(before: Row, hook) {
    const project = await projectOf(hook);
    const { rows } = await sql<{ IDDEVICE: number }>`
      SELECT "IDDEVICE" FROM ${sql.id(project.schema, 'group_devices')}
       WHERE "IDGROUP" = ${Number(before.id)}
    `.execute(hook.trx);
    const touched = rows.map((r) => r.IDDEVICE);
    const stamps = await groupStamps(hook.trx, project, touched);
    pending.set(hook, { project, stamps });
  },
  async afterDelete(before: Row, hook) {
    const { project, stamps } = pending.get(hook)!;
    await stampDeviceGroups(hook.trx, project, [...stamps!.keys()], stamps);
    await groupDeleted(hook.trx, project, Number(before.id));
  },
};
