import type { IdTokenClaims } from 'oidc-client-ts';
import { visibleMenu, type MenuEntry } from '../../protocol/menu';
import type { UserProfile } from '../../protocol/roles';
import type { CallService } from '../dataProvider/callService';
import type { MenuResponse, SessionResponse } from '../dataProvider/types';

/** What react-admin's usePermissions() answers in this console. */
export interface FlotaPermissions {
  profile: UserProfile;
  menu: MenuEntry[];
}

/** The user profile claims (000 §3) of an ID token; absent claims read as empty strings. */
export function toUserProfile(claims: IdTokenClaims): UserProfile {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  return {
    sub: claims.sub,
    nickname: text(claims.nickname),
    role: text(claims.role),
    rights: text(claims.rights),
    cia: text(claims.cia),
    active: text(claims.active),
  };
}

/**
 * The caller's menu as the server sent it, filtered again with the shared rule so that the
 * console never shows an entry the protocol would hide.
 */
export async function loadPermissions(
  callService: CallService,
  profile: UserProfile,
): Promise<FlotaPermissions> {
  const [session, menu] = await Promise.all([
    callService<SessionResponse>('session'),
    callService<MenuResponse>('menu'),
  ]);
  const hasSubscription = Boolean(session.company?.tier);
  const companyActive = session.company?.active ?? true;
  return { profile, menu: visibleMenu(menu.entries, { profile, hasSubscription, companyActive }) };
}
