import { newSecret } from '../../device/secrets';
import { mdmDeviceTexts } from '../../mdm/device-texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { engineDb } from '../rows';
import { SCOPE_COLUMN } from '../table';

/**
 * MDM enrolment tokens (protocol/resources/mdm-enrolment-tokens.ts): the server makes the token's
 * value (never the form), starts its uses at 0 and copies its policy's platform, which says what
 * the enrolment dialog offers (QR, .mobileconfig, Windows URL); its project must be one of the
 * company's. The engine has already checked that the policy is the company's.
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

export const mdmEnrolmentTokensHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    await checkProject(values.project, hook);
    const { platform } = await policyPlatform(values.policy, hook);
    return { ...values, platform, uses: 0, token: newSecret() };
  },
  async beforeEdit(changes: Row, _before, hook) {
    if (!Object.hasOwn(changes, 'policy')) return changes;
    const { platform } = await policyPlatform(changes.policy, hook);
    return { ...changes, platform };
  },
};
