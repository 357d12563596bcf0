import { sql, type RawBuilder } from 'kysely';
import { GROUP_DEVICES_MAX } from '../../../protocol/groups';
import type { ProjectDb } from '../../db/project-schema';
import { firstOf } from '../area-texts';
import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import { groupRefusal } from './texts';

type Trx = OperationContext['db'];

/** A table of the group's project schema, as SQL. */
type Table = (name: string) => RawBuilder<unknown>;

/** The member fields of a group's record (protocol/resources/groups.ts): devices by MID, users by ID. */
export const MEMBER_FIELDS = ['MIDS', 'Users', 'PublishUsers'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];
export type MemberValues = { MIDS: string[]; Users: number[]; PublishUsers: number[] };

/**
 * The SQL of each member field over the group `t`, in the order a write gives them (MIDs in byte
 * order, IDs by number), so that a list sent back unchanged is no change. The engine reads them
 * with every row (its `sql` hooks) and `admgroups` with its revisions: one reading of members.
 */
export function memberSql(table: Table): Record<MemberField, RawBuilder<unknown>> {
  const users = (
    publish: boolean,
  ) => sql`coalesce((SELECT array_agg(gu."IDUSER" ORDER BY gu."IDUSER")
      FROM ${table('group_users')} gu JOIN core.users u ON u.id = gu."IDUSER"
      WHERE gu."IDGROUP" = t."ID"${publish ? sql` AND gu."PUBLISH"` : sql``}), '{}')`;
  return {
    MIDS: sql`coalesce((SELECT array_agg(d."MID" ORDER BY d."MID" COLLATE "C")
      FROM ${table('group_devices')} gd JOIN ${table('devices')} d ON d."ID" = gd."IDDEVICE"
      WHERE gd."IDGROUP" = t."ID"), '{}')`,
    Users: users(false),
    PublishUsers: users(true),
  };
}

/** One group's member fields as they are now (in the caller's transaction). */
export async function readMembers(
  trx: Trx,
  project: ProjectAccess,
  id: number,
): Promise<MemberValues> {
  const fields = memberSql((name) => sql.id(project.schema, name));
  const { rows } = await sql<MemberValues>`
    SELECT ${fields.MIDS} AS "MIDS", ${fields.Users} AS "Users",
           ${fields.PublishUsers} AS "PublishUsers"
      FROM ${sql.id(project.schema, 'groups')} t WHERE t."ID" = ${id}
  `.execute(trx);
  return rows[0] ?? { MIDS: [], Users: [], PublishUsers: [] };
}

/** Codes in byte order (PostgreSQL's `COLLATE "C"`, as `memberSql` orders MIDs). */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The member fields a group's checked members give, in `memberSql`'s order. */
export function memberValues(
  mids: string[],
  group: { users: number[]; publish: number[] },
): MemberValues {
  const numbers = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return {
    MIDS: [...new Set(mids)].sort(byBytes),
    Users: numbers(group.users),
    PublishUsers: numbers(group.publish.filter((id) => group.users.includes(id))),
  };
}

/**
 * The IDs of the project's devices with these MIDs (a write of `MIDS`), refusing MIDs that are no
 * device of the project, or more than a group holds.
 */
export async function deviceIdsOf(
  ctx: OperationContext,
  project: ProjectAccess,
  pdb: ProjectDb,
  mids: string[],
): Promise<number[]> {
  const wanted = [...new Set(mids.map((mid) => String(mid).trim()))];
  if (wanted.length > GROUP_DEVICES_MAX) {
    throw groupRefusal(ctx.user, 'tooManyDevices', { max: GROUP_DEVICES_MAX });
  }
  if (wanted.length === 0) return [];
  const found = await pdb
    .selectFrom('devices')
    .select(['ID', 'MID'])
    .where('MID', 'in', wanted)
    .execute();
  const known = new Set(found.map((d) => d.MID));
  const missing = wanted.filter((mid) => !known.has(mid));
  if (missing.length) {
    throw groupRefusal(ctx.user, 'midsNotFound', { mids: firstOf(missing), project: project.name });
  }
  return found.map((d) => d.ID);
}
