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
import { groupStamps, stampDeviceGroups } from '../../services/groups/stamp';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { siblingTable } from '../rows';
import { groupDeleted } from '../../mdm/assignment';

type Checked = GroupMembers & { PLATFORM: string | null };

/** What a write's `before` hook found, for its `after` hook (the same write's hook context). */
const pending = new WeakMap<
  HookContext,
  { project: ProjectAccess; group?: Checked; before?: Current; stamps?: Map<number, string> }
>();

/** The project of a write (the resolver set it from the call's `database`), as the caller reaches it. */
const projectOf = (hook: HookContext) =>
  requireProject(hook.ctx, hook.definition!.storage!.project!);

const ids = (max: number) => z.array(rowIdField('an ID')).max(max).optional();

/**
 * A project's device groups (protocol/resources/groups.ts) on the engine. Its members are not
 * fields: a create takes them as `Devices`, `Users` and `PublishUsers` (the IDs, as `admgroups`
 * update takes them), checked by the same rules (server/services/groups/save.ts) and written
 * after the row; an edit changes the name, the description and custom fields, its members kept,
 * the model named like the group and its devices' DEVICEGROUP following. The platform is the
 * devices'. A delete takes the memberships with it and clears what they stamped.
 */
export const groupsHooks: ResourceHooks = {
  sql: {
    DEVICES: (definition) =>
      sql`(SELECT count(*)::int FROM ${siblingTable(definition, 'group_devices')} gd WHERE gd."IDGROUP" = t."ID")`,
    USERS: (definition) =>
      sql`(SELECT count(*)::int FROM ${siblingTable(definition, 'group_users')} gu JOIN core.users u ON u.id = gu."IDUSER" WHERE gu."IDGROUP" = t."ID")`,
  },
  createParameters: {
    Devices: ids(GROUP_DEVICES_MAX),
    Users: ids(GROUP_USERS_MAX),
    PublishUsers: ids(GROUP_USERS_MAX),
  },
  async beforeCreate(values: Row, hook) {
    const { Devices, Users, PublishUsers, ...fields } = values;
    const project = await projectOf(hook);
    const data = {
      NAME: fields.NAME as string,
      DESCRIPTION: fields.DESCRIPTION as string,
      Devices: Devices as number[] | undefined,
      Users: Users as number[] | undefined,
      PublishUsers: PublishUsers as number[] | undefined,
    };
    const group = await checkedGroup(
      hook.ctx,
      project,
      project.db(hook.trx),
      undefined,
      data,
      null,
    );
    pending.set(hook, { project, group });
    return {
      ...fields,
      NAME: group.NAME,
      DESCRIPTION: group.DESCRIPTION,
      PLATFORM: group.PLATFORM,
    };
  },
  async afterCreate(row: Row, hook) {
    const { project, group } = pending.get(hook)!;
    await writeMembers(hook.trx, project, Number(row.id), group!, []);
    // The row was read before its members were written: it answers (and its revision keeps)
    // their counts as they now are (the users were checked active ones of the project).
    Object.assign(row, { DEVICES: group!.devices.length, USERS: group!.users.length });
  },
  async beforeEdit(changes: Row, before: Row, hook) {
    if (changes.NAME === undefined && changes.DESCRIPTION === undefined) return changes;
    const project = await projectOf(hook);
    const pdb = project.db(hook.trx);
    const id = Number(before.id);
    const members = await current(hook.ctx, project, pdb, id);
    const data = {
      NAME: (changes.NAME ?? members.NAME) as string,
      DESCRIPTION: (changes.DESCRIPTION ?? members.DESCRIPTION) as string,
    };
    const group = await checkedGroup(hook.ctx, project, pdb, id, data, members);
    pending.set(hook, { project, group, before: members });
    return {
      ...changes,
      ...(changes.NAME !== undefined && { NAME: group.NAME }),
      ...(changes.DESCRIPTION !== undefined && { DESCRIPTION: group.DESCRIPTION }),
    };
  },
  async afterEdit(after: Row, _before: Row, hook) {
    const found = pending.get(hook);
    if (!found?.group) return;
    await writeMembers(
      hook.trx,
      found.project,
      Number(after.id),
      found.group,
      found.before!.devices,
    );
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
