import { sql } from 'kysely';
import { canonicalJson } from '../../../protocol/canonical-json';
import { policyRefusalText, policyRuleText } from '../../../protocol/mdm/policy-issues';
import {
  isPolicyPlatform,
  POLICY_SCHEMAS,
  type PolicyDocument,
  type PolicyPlatform,
} from '../../../protocol/mdm/policy-schema';
import { languageOf } from '../../messages';
import { ServiceError } from '../../services/registry';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { engineDb } from '../rows';
import { reachedPolicies, requirePlatform } from '../../mdm/roles';
import { SCOPE_COLUMN } from '../table';
import { announcePolicies, policyNotices, rekindPolicyDevices } from '../../mdm/policy-push';

/**
 * The MDM policies' rules (issue 36, docs/mdm.md "Policies"): a document is checked against its
 * platform's schema (protocol/mdm/) and, on Android, its applications must be in the company's
 * managed-apps catalogue or the kiosk's (`kiosk-apps`, /app/mdmkiosk); every change of the document is the policy's next `policyVersion`,
 * kept as a row of `mdm-policy-versions` in the same transaction. Deleting a policy deletes its
 * versions.
 */

const VERSIONS = 'core.mdm_policy_versions';

const isObject = (value: unknown): value is PolicyDocument =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The android applications of a document that the company's catalogue lacks, the first one. */
async function missingFromCatalogue(document: PolicyDocument, hook: HookContext) {
  const apps = (document.applications ?? []) as { packageName: string }[];
  if (apps.length === 0) return null;
  const names = apps.map((app) => app.packageName);
  const company = hook.ctx.user.companyId;
  const { rows: known } = await sql<{ name: string }>`
    SELECT "packageName" AS name FROM core.managed_apps
    WHERE ${sql.ref(SCOPE_COLUMN)} = ${company} AND "packageName" = ANY(${names}::text[])
    UNION SELECT "Package" FROM core.kiosk_apps
    WHERE ${sql.ref(SCOPE_COLUMN)} = ${company} AND "Package" = ANY(${names}::text[])`.execute(
    hook.trx,
  );
  const have = new Set(known.map((row) => row.name));
  const index = names.findIndex((name) => !have.has(name));
  return index < 0 ? null : { index, name: names[index] };
}

/** The document checked for its platform; a refusal names the setting in the caller's language. */
async function checkedDocument(
  document: unknown,
  platform: PolicyPlatform,
  hook: HookContext,
): Promise<PolicyDocument> {
  const language = languageOf(hook.ctx.user.language);
  if (!isObject(document)) throw new ServiceError(policyRuleText('notObject', language));
  const checked = POLICY_SCHEMAS[platform].safeParse(document);
  if (!checked.success) {
    throw new ServiceError(policyRefusalText(checked.error.issues, platform, language));
  }
  if (platform === 'android') {
    const missing = await missingFromCatalogue(document, hook);
    if (missing) {
      const path = ['applications', missing.index, 'packageName'];
      throw new ServiceError(
        policyRuleText('notInCatalogue', language, path, platform, missing.name),
      );
    }
  }
  return document;
}

/** Keeps a version of the policy as it now reads. */
async function keepVersion(row: Row, hook: HookContext) {
  await engineDb(hook.trx)
    .insertInto(VERSIONS)
    .values({
      [SCOPE_COLUMN]: hook.ctx.user.companyId,
      policy: row.id,
      policyVersion: row.policyVersion,
      platform: row.platform,
      document: JSON.stringify(row.document ?? {}),
      author: hook.ctx.user.login,
    })
    .execute();
}

const platformOf = (value: unknown): PolicyPlatform =>
  isPolicyPlatform(value) ? value : 'android';

export const mdmPoliciesHooks: ResourceHooks = {
  // An operator with MDM roles lists and reads only the policies of the platforms they reach.
  reach: (ctx) => reachedPolicies(ctx),
  async beforeCreate(values, hook) {
    const platform = platformOf(values.platform);
    await requirePlatform(hook.ctx, 'editPolicies', platform);
    const document = await checkedDocument(values.document ?? {}, platform, hook);
    return { ...values, document, policyVersion: 1 };
  },
  async afterCreate(row, hook) {
    await keepVersion(row, hook);
  },
  async beforeEdit(changes, before, hook) {
    await requirePlatform(hook.ctx, 'editPolicies', before.platform);
    if (!Object.hasOwn(changes, 'document')) return changes;
    const { document, ...rest } = changes;
    if (canonicalJson(document) === canonicalJson(before.document)) return rest;
    const checked = await checkedDocument(document, platformOf(before.platform), hook);
    return { ...rest, document: checked, policyVersion: Number(before.policyVersion ?? 0) + 1 };
  },
  async afterEdit(after, before, hook) {
    if (after.policyVersion === before.policyVersion) return;
    await keepVersion(after, hook);
    // Its devices read the new version (a kiosk app added or removed moves them between lists).
    const policy = Number(after.id);
    if (after.platform === 'android') await rekindPolicyDevices(hook.trx, policy, after.document);
    const notices = await policyNotices(hook.trx, { policy });
    hook.afterCommit?.(() => announcePolicies(hook.ctx.db, notices, hook.ctx.log));
  },
  async beforeDelete(before, hook) {
    await requirePlatform(hook.ctx, 'editPolicies', before.platform);
    await engineDb(hook.trx)
      .deleteFrom(VERSIONS)
      .where('policy', '=', before.id)
      .where(SCOPE_COLUMN, '=', hook.ctx.user.companyId)
      .execute();
  },
};
