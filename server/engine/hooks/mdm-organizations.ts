import { MDM_ORGANIZATIONS, PLATFORM_FIELDS } from '../../../protocol/resources/mdm-organizations';
import { choiceLabel } from '../../../protocol/resource-schema';
import { languageOf } from '../../messages';
import { mdmTexts, readerOf } from '../../mdm/texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';
import { fieldLabel } from '../rows';
import { policyPlatform } from './mdm-enrolment-tokens';

/**
 * The MDM organizations' rules (issue 36, docs/mdm.md): a field of another platform's
 * organization is refused (a Windows domain on the Android one); what a binding writes — the
 * state, the Android enterprise and its pending signup, the APNs certificate's topic, subject
 * and expiry — is not taken from a form: the Android one is bound at /app/mdmafw
 * (server/mdm/signup.ts). A Windows organization is `bound` once it has its UPN domain and
 * discovery URL; every other starts `pending`. The Windows enrolment's policy is a Windows one;
 * the APNs certificate is written only by its upload (server/mdm/apns.ts).
 */

type Platform = keyof typeof PLATFORM_FIELDS;
const BOUND_ELSEWHERE = Object.values(PLATFORM_FIELDS).flat() as string[];
const WINDOWS_OWN = PLATFORM_FIELDS.windows as readonly string[];

const platformOf = (value: unknown): Platform =>
  value === 'ios' || value === 'windows' ? value : 'android';

/** Refuses a value for a field that is not one of the platform's. */
function refuseForeign(values: Row, platform: Platform, hook: HookContext) {
  const own = PLATFORM_FIELDS[platform] as readonly string[];
  for (const source of BOUND_ELSEWHERE) {
    if (own.includes(source)) continue;
    const value = values[source];
    // A yes/no always carries a value (its default), so only a set one is of a platform.
    if (value === undefined || value === null || value === '' || typeof value === 'boolean')
      continue;
    const platformField = MDM_ORGANIZATIONS.fields.find((f) => f.source === 'platform')!;
    const language = hook.ctx.language ?? languageOf(hook.ctx.user.language);
    throw mdmTexts.refusal(readerOf(hook.ctx), 'notOfPlatform', {
      field: fieldLabel(MDM_ORGANIZATIONS, source, { user: { ...hook.ctx.user, language } }),
      platform: choiceLabel(platformField, platform, language),
    });
  }
}

const windowsState = (row: Row) => (row.upnDomain && row.discoveryUrl ? 'bound' : 'pending');

export const mdmOrganizationsHooks: ResourceHooks = {
  guards: {
    // The Windows enrolment assigns a Windows policy.
    async windowsPolicy(value, _before, hook) {
      if (value === null || value === undefined) return;
      const { platform, name } = await policyPlatform(value, hook);
      if (platform === 'windows') return;
      const platformField = MDM_ORGANIZATIONS.fields.find((f) => f.source === 'platform')!;
      const language = hook.ctx.language ?? languageOf(hook.ctx.user.language);
      throw mdmTexts.refusal(readerOf(hook.ctx), 'windowsPolicy', {
        policy: name,
        platform: choiceLabel(platformField, platform, language),
      });
    },
  },
  async beforeCreate(values, hook) {
    const platform = platformOf(values.platform);
    refuseForeign(values, platform, hook);
    // Only a form's fields: a binding's own values come from the binding, never from a create.
    const kept = Object.fromEntries(
      Object.entries(values).filter(
        ([source]) =>
          !BOUND_ELSEWHERE.includes(source) ||
          (platform === 'windows' && WINDOWS_OWN.includes(source)),
      ),
    );
    const state = platform === 'windows' ? windowsState(kept) : 'pending';
    return { ...kept, state };
  },
  async beforeEdit(changes, before, hook) {
    const platform = platformOf(before.platform);
    refuseForeign(changes, platform, hook);
    if (platform !== 'windows') return changes;
    return { ...changes, state: windowsState({ ...before, ...changes }) };
  },
};
