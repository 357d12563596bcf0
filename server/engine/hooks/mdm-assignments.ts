import { sql } from 'kysely';
import { areaTexts } from '../../services/area-texts';
import { announceAfterCommit, recomputePolicies } from '../../mdm/assignment';
import { reachedAssignments, requireGroup } from '../../mdm/roles';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { policyPlatform } from './mdm-enrolment-tokens';
import { groupPlace, policyPlatformName, readerOf } from '../../mdm/group-place';

/** The assignments' refusals, in the caller's language. */
const texts = areaTexts({
  es: {
    duplicate:
      'El grupo «{group}» ya tiene asignada una política de {platform} («{policy}»): cambie esa asignación o bórrela.',
  },
  en: {
    duplicate:
      'Group "{group}" already has a policy for {platform} assigned ("{policy}"): change that assignment or delete it.',
  },
});

/** Refuses a second assignment of a platform's policy to one group. */
async function refuseDuplicate(values: Row, id: number | null, hook: HookContext) {
  const { rows } = await sql<{ name: string }>`SELECT p.name FROM core.mdm_assignments AS a
    JOIN core.mdm_policies AS p ON p.id = a.policy
    WHERE a.company_id = ${hook.ctx.user.companyId} AND a.project = ${Number(values.project)}
      AND a."group" = ${Number(values.group)} AND a.platform = ${String(values.platform)}
      AND a.id <> ${id ?? -1}`.execute(hook.trx);
  if (!rows[0]) return;
  throw texts.refusal(readerOf(hook), 'duplicate', {
    group: String(values.groupName),
    platform: policyPlatformName(String(values.platform), readerOf(hook).language),
    policy: rows[0].name,
  });
}

/** Checks an assignment as it would read, and answers it with its group's name and platform. */
async function checked(values: Row, id: number | null, hook: HookContext): Promise<Row> {
  const { platform } = await policyPlatform(values.policy, hook);
  const place = await groupPlace(Number(values.project), Number(values.group), hook);
  await requireGroup(hook.ctx, 'editPolicies', platform, place);
  const full = { ...values, platform, groupName: place.groupName };
  await refuseDuplicate(full, id, hook);
  return full;
}

/** The devices an assignment may move take their policy again; they are told after the commit. */
async function recompute(hook: HookContext, row: Row, groups: number[], excluding: number[] = []) {
  const company = hook.ctx.user.companyId ?? -1;
  const scope = { groups, assignments: [Number(row.id)] };
  const notices = await recomputePolicies(hook.trx, company, Number(row.project), scope, excluding);
  announceAfterCommit(hook.trx, notices);
}

/**
 * MDM policies assigned to device groups (protocol/resources/mdm-assignments.ts, docs/mdm.md
 * "Assignment"): the project is one of the company's, the group one of the project's, one policy
 * of a platform a group; writing one needs the `editPolicies` action, the policy's platform and
 * the project (or that group) in the caller's MDM roles. Each write moves the devices it concerns
 * in its transaction (server/mdm/assignment.ts) and tells them after the commit.
 */
export const mdmAssignmentsHooks: ResourceHooks = {
  reach: (ctx) => reachedAssignments(ctx),
  async beforeCreate(values, hook) {
    return { ...(await checked(values, null, hook)), devices: 0 };
  },
  async afterCreate(row, hook) {
    await recompute(hook, row, [Number(row.group)]);
    Object.assign(row, await countOf(row, hook));
  },
  async beforeEdit(changes, before, hook) {
    await checked(before, Number(before.id), hook); // the caller reaches it as it is
    const full = await checked({ ...before, ...changes }, Number(before.id), hook);
    return { ...changes, groupName: full.groupName };
  },
  async afterEdit(after, before, hook) {
    await recompute(hook, after, [...new Set([Number(before.group), Number(after.group)])]);
    Object.assign(after, await countOf(after, hook));
  },
  async beforeDelete(before, hook) {
    await requireGroup(hook.ctx, 'editPolicies', before.platform, {
      project: Number(before.project),
      group: Number(before.group),
      groupName: String(before.groupName),
      projectName: String(before.project),
    });
    // Its devices fall back (another group's, their token's) before it goes.
    await recompute(hook, before, [], [Number(before.id)]);
  },
};

async function countOf(row: Row, hook: HookContext) {
  const { rows } = await sql<{ devices: number }>`SELECT devices FROM core.mdm_assignments
    WHERE id = ${Number(row.id)}`.execute(hook.trx);
  return { devices: rows[0]?.devices ?? 0 };
}
