import { z } from 'zod';
import { ACCOUNT_TIERS, TIER_IDS } from '../../../protocol/product';
import { isAdmin } from '../../../protocol/roles';
import { logAction } from '../../actions-log';
import type { SessionUser } from '../../auth';
import { defineOperation } from '../registry';
import { sessionRefusal } from './texts';

export const updateProfile = defineOperation({
  name: 'updateProfile',
  parameter: z
    .object({ language: z.enum(['es', 'en']).optional(), twofactor: z.boolean().optional() })
    .refine(
      (value) => value.language !== undefined || value.twofactor !== undefined,
      'nothing to change',
    ),
  permission: 'user',
  async handler(changes, { db, user }) {
    const row = await db
      .updateTable('core.users')
      .set(changes)
      .where('id', '=', user.id)
      .returning(['id', 'login', 'email', 'language', 'twofactor'])
      .executeTakeFirstOrThrow();
    if (changes.twofactor !== undefined && changes.twofactor !== user.twofactor) {
      const action = changes.twofactor ? 'twofactor_on' : 'twofactor_off';
      await logAction(db, {
        companyId: user.companyId,
        userId: user.id,
        login: user.login,
        action,
      });
    }
    return row;
  },
});

/** Pricing is refused to a user whose company is inactive (000 §6). */
function assertPricingAllowed(user: SessionUser): void {
  if (user.company && !user.company.active) throw sessionRefusal(user, 'companyInactive');
}

export const pricing = defineOperation({
  name: 'pricing',
  parameter: z.object({}),
  permission: 'user',
  async handler(_parameter, { user }) {
    assertPricingAllowed(user);
    return {
      tiers: ACCOUNT_TIERS,
      current: user.company?.tier ?? null,
      canSubscribe: user.company !== null && isAdmin(user.profile),
    };
  },
});

/** A company administrator chooses the company's account tier. */
export const subscribe = defineOperation({
  name: 'subscribe',
  parameter: z.object({ tier: z.enum(TIER_IDS) }),
  permission: 'admin',
  async handler({ tier }, { db, user }) {
    assertPricingAllowed(user);
    if (!user.companyId) throw sessionRefusal(user, 'noCompany');
    const company = await db
      .updateTable('core.companies')
      .set({ tier })
      .where('id', '=', user.companyId)
      .returning(['id', 'name', 'tier', 'active'])
      .executeTakeFirstOrThrow();
    await logAction(db, {
      companyId: user.companyId,
      userId: user.id,
      login: user.login,
      action: 'subscribe',
      detail: { tier, previous: user.company?.tier ?? null },
    });
    return company;
  },
});
