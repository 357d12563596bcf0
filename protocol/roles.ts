import { PRODUCT } from './product';

/** The claims the console reads from the identity provider (specification 000 §3 User profile). */
export interface UserProfile {
  sub: string;
  nickname: string;
  role: string;
  rights: string;
  cia: string;
  /** The string 'true' when the user's company is active. */
  active: string;
}

export const ADMIN_RIGHTS = 'ADMINISTRADOR';
export const FREE_ROLE = 'FREE';

/** The role whose name ends with the product name is the top administrator (000 §6). */
export function isTopAdmin(profile: Pick<UserProfile, 'role'>): boolean {
  return profile.role.toUpperCase().endsWith(PRODUCT);
}

export function isAdmin(profile: Pick<UserProfile, 'role' | 'rights'>): boolean {
  return profile.rights === ADMIN_RIGHTS || isTopAdmin(profile);
}
