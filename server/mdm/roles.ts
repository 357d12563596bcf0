import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  MDM_ACTIONS,
  MDM_ROLE_PLATFORMS,
  type MdmAction,
} from '../../protocol/resources/mdm-roles';
import { POLICY_PLATFORM_CHOICES } from '../../protocol/resources/mdm-policies';
import { engineDb } from '../engine/rows';
import { languageOf } from '../messages';
import { firstOf } from '../services/area-texts';
import type { OperationContext } from '../services/registry';
import { mdmRoleTexts } from './role-texts';

/**
 * The MDM roles' limits (protocol/resources/mdm-roles.ts, docs/mdm.md "Users and roles"): an
 * operator named in roles reaches, of the company's managed devices, those of the platforms and
 * projects (or device groups of a project) their roles reach, and runs only the actions one of
 * them allows; one named in none keeps what their profile gives. Checked by every MDM operation
 * and hook, and by the lists' and the dashboard's SQL.
 */
export interface MdmReach {
  roles: string[];
  actions: Set<MdmAction>;
  platforms: string[];
  /** The projects reached whole; null: every project. */
  projects: number[] | null;
  /** The device groups reached, by project not reached whole (its schema holds them). */
  groups: ReachedGroup[];
}

/** The device groups roles reach in a project: the project, its schema and the groups' IDs. */
export interface ReachedGroup {
  project: number;
  schema: string;
  groups: number[];
}

/** A managed device of the caller's company as the checks read it: its `mid`. */
export type ReachedDevice = Record<string, unknown>;

/** The caller's roles together, or null when they are named in none. */
export async function reachOf(ctx: OperationContext): Promise<MdmReach | null> {
  const roles = await engineDb(ctx.db)
    .selectFrom('core.mdm_roles')
    .selectAll()
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .where(sql<SqlBool>`${ctx.user.login} = ANY(string_to_array("operators", ' '))`)
    .orderBy('name')
    .execute();
  if (roles.length === 0) return null;
  const whole = roles.filter((role) => role.project === null || !groupsNamed(role).length);
  const projects = whole.map((role) => role.project as number | null);
  const everyProject = projects.includes(null);
  const grouped = roles.filter(
    (role) =>
      role.project !== null &&
      groupsNamed(role).length > 0 &&
      !everyProject &&
      !projects.map(Number).includes(Number(role.project)),
  );
  return {
    roles: roles.map((role) => String(role.name)),
    actions: new Set(MDM_ACTIONS.filter((action) => roles.some((role) => role[action]))),
    platforms: MDM_ROLE_PLATFORMS.filter((platform) => roles.some((role) => role[platform])),
    projects: everyProject ? null : projects.map(Number),
    groups: await groupsOf(ctx, grouped),
  };
}

/** The device groups a role names (none: its whole project). */
const groupsNamed = (role: Record<string, unknown>) =>
  ((role.deviceGroups as unknown[] | null) ?? []).map(Number);

/**
 * The device groups of roles, by project, with its schema. A group of a project deleted (or
 * whose schema is gone) reaches nothing: it is left out, and its role reaches no device.
 */
async function groupsOf(
  ctx: OperationContext,
  roles: Record<string, unknown>[],
): Promise<ReachedGroup[]> {
  if (roles.length === 0) return [];
  const numbers = [...new Set(roles.map((role) => Number(role.project)))];
  const found = await engineDb(ctx.db)
    .selectFrom('core.projects')
    .select(['numero', 'schema_name'])
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .where('deleted', '=', false)
    .where('numero', 'in', numbers)
    .where(sql<SqlBool>`to_regclass(quote_ident(schema_name) || '.group_devices') IS NOT NULL`)
    .execute();
  const schemas = new Map(found.map((row) => [Number(row.numero), String(row.schema_name)]));
  const byProject = new Map<number, Set<number>>();
  for (const role of roles) {
    const project = Number(role.project);
    const groups = byProject.get(project) ?? new Set<number>();
    for (const group of groupsNamed(role)) groups.add(group);
    byProject.set(project, groups);
  }
  return [...byProject].flatMap(([project, groups]) => {
    const schema = schemas.get(project);
    return schema ? [{ project, schema, groups: [...groups].sort((a, b) => a - b) }] : [];
  });
}

/**
 * A managed device of the groups of a project (over the table `alias`): its MID is a device of
 * the project's schema in one of the groups. An EXISTS over the indexes of `devices` ("MID") and
 * `group_devices` (its key, group first, probed once per group named), per device.
 */
function inGroup(reached: ReachedGroup, column: (name: string) => RawBuilder<unknown>) {
  const table = (name: string) => sql.table(`${reached.schema}.${name}`);
  return sql`(${column('project')} = ${reached.project} AND EXISTS (SELECT 1
    FROM ${table('group_devices')} AS gd JOIN ${table('devices')} AS gv ON gv."ID" = gd."IDDEVICE"
    WHERE gd."IDGROUP" = ANY(${reached.groups}::int[]) AND gv."MID" = ${column('mid')}))`;
}

/** The SQL condition of the devices reached, over the columns of the table `alias` (or none). */
export function reachCondition(reach: MdmReach | null, alias?: string): RawBuilder<SqlBool> {
  if (!reach) return sql<SqlBool>`true`;
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const inProjects = reach.projects
    ? sql.join(
        [
          sql`${column('project')} = ANY(${reach.projects}::int[])`,
          ...reach.groups.map((reached) => inGroup(reached, column)),
        ],
        sql` OR `,
      )
    : sql`true`;
  return sql<SqlBool>`(${column('platform')} = ANY(${reach.platforms}::text[]) AND (${inProjects}))`;
}

/** The condition of the devices the caller reaches (the dashboard's, the list's). */
export async function reachedDevices(ctx: OperationContext, alias?: string) {
  return reachCondition(await reachOf(ctx), alias);
}

/**
 * The condition of the policies the caller reaches (a policy belongs to no project: the
 * platforms of their roles), over the table `alias` (or none): the policies' lists and reads.
 */
export async function reachedPolicies(ctx: OperationContext, alias?: string) {
  const reach = await reachOf(ctx);
  if (!reach) return sql<SqlBool>`true`;
  const column = sql.ref(alias ? `${alias}.platform` : 'platform');
  return sql<SqlBool>`${column} = ANY(${reach.platforms}::text[])`;
}

/** Of the company's managed devices with these MIDs, those the reach holds (its SQL condition). */
async function reachedMids(ctx: OperationContext, reach: MdmReach, mids: string[]) {
  const rows = await engineDb(ctx.db)
    .selectFrom('core.mdm_devices as d')
    .select('d.mid')
    .where('d.company_id', '=', ctx.user.companyId ?? -1)
    .where('d.mid', 'in', mids)
    .where(reachCondition(reach, 'd'))
    .execute();
  return new Set(rows.map((row) => String(row.mid)));
}

function requireAction(ctx: OperationContext, reach: MdmReach, action: MdmAction) {
  if (reach.actions.has(action)) return;
  const language = languageOf(ctx.language ?? ctx.user.language);
  throw mdmRoleTexts.refusal({ language }, 'noAction', {
    roles: reach.roles.join(', '),
    action: mdmRoleTexts.text(language, action),
  });
}

/** Refuses an action the caller's roles do not allow, or a device they do not reach. */
export async function requireDevices(
  ctx: OperationContext,
  action: MdmAction,
  devices: ReachedDevice[],
): Promise<void> {
  const reach = await reachOf(ctx);
  if (!reach || devices.length === 0) return;
  requireAction(ctx, reach, action);
  const reached = await reachedMids(ctx, reach, [...new Set(devices.map((d) => String(d.mid)))]);
  const outside = devices.filter((device) => !reached.has(String(device.mid)));
  if (outside.length === 0) return;
  const reader = { language: ctx.language ?? ctx.user.language };
  throw mdmRoleTexts.refusal(reader, 'notReached', {
    roles: reach.roles.join(', '),
    mids: firstOf(outside.map((device) => String(device.mid))),
  });
}

/** Refuses a change of a platform's policies the caller's roles do not allow. */
export async function requirePlatform(
  ctx: OperationContext,
  action: MdmAction,
  platform: unknown,
): Promise<void> {
  const reach = await reachOf(ctx);
  if (!reach) return;
  requireAction(ctx, reach, action);
  if (reach.platforms.includes(String(platform))) return;
  const language = languageOf(ctx.language ?? ctx.user.language);
  const label = POLICY_PLATFORM_CHOICES.find((c) => c.code === platform)?.label[language];
  throw mdmRoleTexts.refusal({ language }, 'noPlatform', {
    roles: reach.roles.join(', '),
    platform: label ?? String(platform),
  });
}

/**
 * A command to devices of a project (server/commands/send.ts): the managed devices among them
 * must be reached, and the command allowed (a wipe by `wipe`, any other by `command`).
 */
export async function requireCommand(
  ctx: OperationContext,
  numero: number,
  mids: string[],
  cmd: string,
): Promise<void> {
  if (mids.length === 0) return;
  const managed = await engineDb(ctx.db)
    .selectFrom('core.mdm_devices')
    .select(['mid', 'platform', 'project'])
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .where('project', '=', numero)
    .where('mid', 'in', mids)
    .execute();
  await requireDevices(ctx, cmd === 'wipe' ? 'wipe' : 'command', managed);
}

/**
 * Refuses a policy's assignment to a device group (server/engine/hooks/mdm-assignments.ts) the
 * caller's roles do not allow: the action, the policy's platform, and the project whole or
 * that very group.
 */
export async function requireGroup(
  ctx: OperationContext,
  action: MdmAction,
  platform: unknown,
  group: { project: number; group: number; groupName: string; projectName: string },
): Promise<void> {
  const reach = await reachOf(ctx);
  if (!reach) return;
  await requirePlatform(ctx, action, platform);
  if (reach.projects === null || reach.projects.includes(group.project)) return;
  const reached = (g: ReachedGroup) =>
    g.project === group.project && g.groups.includes(group.group);
  if (reach.groups.some(reached)) return;
  throw mdmRoleTexts.refusal({ language: ctx.language ?? ctx.user.language }, 'noGroup', {
    roles: reach.roles.join(', '),
    group: group.groupName,
    project: group.projectName,
  });
}

/**
 * The condition of the assignments the caller reaches (their lists and reads): of the platforms
 * of their roles, and of a project reached whole or a group reached.
 */
export async function reachedAssignments(ctx: OperationContext): Promise<RawBuilder<SqlBool>> {
  const reach = await reachOf(ctx);
  if (!reach) return sql<SqlBool>`true`;
  const platform = sql<SqlBool>`platform = ANY(${reach.platforms}::text[])`;
  if (reach.projects === null) return platform;
  const places = [
    sql`project = ANY(${reach.projects}::int[])`,
    ...reach.groups.map((g) => sql`(project = ${g.project} AND "group" = ANY(${g.groups}::int[]))`),
  ];
  return sql<SqlBool>`(${platform} AND (${sql.join(places, sql` OR `)}))`;
}
