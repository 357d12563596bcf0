import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { SESSION } from '../../protocol/session';
import type { ConsoleConfig } from '../config';
import { callbackUrl, SILENT_RENEW_PATH, storedUserKey } from './oidcSettings';

export { CALLBACK_PATH, SILENT_RENEW_PATH } from './oidcSettings';

/**
 * The OIDC client of the console: authorization code with PKCE (public client), the user kept
 * in localStorage so that a reload keeps the session, silent renewal 30 s before expiry (000 §4, §9).
 */
export function createUserManager(
  config: ConsoleConfig,
  origin = window.location.origin,
): UserManager {
  return new UserManager({
    authority: config.issuer,
    client_id: config.clientId,
    scope: config.scope,
    response_type: 'code',
    redirect_uri: callbackUrl(origin),
    silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Pending sign-in state stays in its tab, out of reach of another tab clearing localStorage.
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: SESSION.renewBeforeExpirySeconds,
    silentRequestTimeoutInSeconds: SESSION.silentRequestTimeoutSeconds,
  });
}

/** The localStorage key under which oidc-client-ts keeps the signed-in user. */
export function userStorageKey(userManager: UserManager): string {
  return storedUserKey(userManager.settings.authority, userManager.settings.client_id);
}
