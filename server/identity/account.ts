import type { Account } from 'oidc-provider';
import type { Db } from '../db/database';
import { selectUserWithCompany } from '../auth';

/** The claims the console reads (protocol/roles.ts UserProfile) plus email and locale. */
export interface ProfileClaims {
  sub: string;
  nickname: string;
  role: string;
  rights: string;
  cia: string;
  active: string;
  email: string;
  locale: string;
}

export interface FlotaAccount extends Account {
  profile: ProfileClaims;
}

/** Claims by scope, for the Provider's `claims` option. */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  profile: ['nickname', 'role', 'rights', 'cia', 'active', 'locale'],
  email: ['email'],
};

/** The profile of an active user, or undefined when the user is gone or deactivated. */
export async function loadProfile(db: Db, accountId: string): Promise<ProfileClaims | undefined> {
  const id = Number(accountId);
  if (!Number.isSafeInteger(id)) return undefined;
  const user = await selectUserWithCompany(db).where('u.id', '=', id).executeTakeFirst();
  if (!user || !user.active) return undefined;
  return {
    sub: String(user.id),
    nickname: user.login,
    role: user.role,
    rights: user.rights,
    cia: user.company_id === null ? '' : String(user.company_id),
    // A user without a company (the top administrator) counts as active.
    active: String(user.company_id === null || user.company_active === true),
    email: user.email,
    locale: user.language,
  };
}

/**
 * The Provider's findAccount: a deactivated user's session stops yielding tokens, so silent
 * renewal fails and the console signs the user out.
 */
export function accountFinder(db: Db) {
  return async (_ctx: unknown, sub: string): Promise<FlotaAccount | undefined> => {
    const profile = await loadProfile(db, sub);
    if (!profile) return undefined;
    return { accountId: profile.sub, profile, claims: async () => ({ ...profile }) };
  };
}
