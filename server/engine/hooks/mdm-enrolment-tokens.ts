import { newSecret } from '../../device/secrets';
import { mdmDeviceTexts } from '../../mdm/device-texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { engineDb } from '../rows';
import { SCOPE_COLUMN } from '../table';
import { DEVICE_PLATFORM, groupPlace, requireGroupPlatform } from '../../mdm/group-place';

/**
 * MDM enrolment tokens (protocol/resources/mdm-enrolment-tokens.ts): the server makes the token's
 * value (never the form), starts its uses at 0 and copies its policy's platform, which says what
 * the enrolment dialog offers (QR, .mobileconfig, Windows URL); its project must be one of the
 * company's, and its group (optional: the devices it enrols join it) one of the project's, of the
 * policy's platform. The engine has already checked that the policy is the company's.
 */

/** The platform of a policy of the caller's company. */
export async function policyPlatform(policy: unknown, { ctx, trx }: HookContext) {
  const row = await engineDb(trx)
    .selectFrom('core.mdm_policies')
    .select(['platform', 'name', 'document'])
    .where('id', '=', Number(policy))
    .where(SCOPE_COLUMN, '=', ctx.user.companyId)
    .executeTakeFirstOrThrow();
  return { platform: String(row.platform), name: String(row.name), document: row.document };
}

async function checkProject(project: unknown, { ctx, trx }: HookContext): Promise<void> {
  const found = await trx
    .selectFrom('core.projects')
    .select('numero')
    .where('numero', '=', Number(project))
    .where('company_id', '=', ctx.user.companyId ?? -1)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!found)
    throw mdmDeviceTexts.refusal(ctx.user, 'projectNotCompany', { project: String(project) });
}

/** A token's group, when it names one: a group of its project, of its policy's platform. */
async function checkGroup(token: Row, platform: string, hook: HookContext): Promise<void> {
  if (token.group === null || token.group === undefined) return;
  const place = await groupPlace(Number(token.project), Number(token.group), hook);
  requireGroupPlatform(place, platform as keyof typeof DEVICE_PLATFORM, hook);
}

export const mdmEnrolmentTokensHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    await checkProject(values.project, hook);
    const { platform } = await policyPlatform(values.policy, hook);
    await checkGroup(values, platform, hook);
    return { ...values, platform, uses: 0, token: newSecret() };
  },
  async beforeEdit(changes: Row, before, hook) {
    if (!Object.hasOwn(changes, 'policy') && !Object.hasOwn(changes, 'group')) return changes;
    const { platform } = await policyPlatform(changes.policy ?? before.policy, hook);
    await checkGroup({ ...before, ...changes }, platform, hook);
    return Object.hasOwn(changes, 'policy') ? { ...changes, platform } : changes;
  },
};
