import type { User, UserManager } from 'oidc-client-ts';
import { ENVIRONMENT_CALLBACK_PATH, EXTERNAL_CLIENT_ID, POPUP_SIZE } from '../../protocol/projects';
import { SESSION } from '../../protocol/session';
import type { EnvironmentRef } from './types';

/** A system environment answers after this wait, without a popup (000 §4, 002 §9). */
export const SYSTEM_SIGN_IN_MS = 100;
const EXTERNAL_SCOPE = 'openid profile email offline_access';

/** localStorage prefix of an external environment's user: its own key, apart from the console's. */
export const externalStoragePrefix = (id: number) => `flota.environment.${id}.`;

const managers = new Map<string, Promise<UserManager>>();

/**
 * The OpenID client of one external environment: client `xmanager` of the other server's
 * provider, signed in through a popup that returns to this console's environment-callback page.
 * Its refresh token (when the other server grants one) renews it; otherwise it lapses and the
 * user connects again. oidc-client-ts loads with the first external environment asked for.
 */
export function environmentUserManager(
  environment: Pick<EnvironmentRef, 'id' | 'authority'>,
  origin = window.location.origin,
): Promise<UserManager> {
  const key = `${environment.id}|${environment.authority}`;
  let manager = managers.get(key);
  if (!manager) {
    const callback = `${origin}${ENVIRONMENT_CALLBACK_PATH}`;
    // Taken now, not when the import resolves: a page (or a test's window) may be gone by then.
    const storage = window.localStorage;
    manager = import('oidc-client-ts').then(
      ({ UserManager, WebStorageStateStore }) =>
        new UserManager({
          authority: environment.authority,
          client_id: EXTERNAL_CLIENT_ID,
          scope: EXTERNAL_SCOPE,
          response_type: 'code',
          redirect_uri: callback,
          popup_redirect_uri: callback,
          popupWindowFeatures: { width: POPUP_SIZE.width, height: POPUP_SIZE.height },
          userStore: new WebStorageStateStore({
            store: storage,
            prefix: externalStoragePrefix(environment.id),
          }),
          automaticSilentRenew: true,
          // As the console's own session (000 §9): renewal starts 30 s before expiry.
          accessTokenExpiringNotificationTimeInSeconds: SESSION.renewBeforeExpirySeconds,
        }),
    );
    managers.set(key, manager);
  }
  return manager;
}

/** The signed-in, unexpired user of an external environment (the login flag), or null. */
export async function externalUser(environment: EnvironmentRef): Promise<User | null> {
  if (!environment.external) return null;
  const user = await (await environmentUserManager(environment)).getUser();
  return user && !user.expired ? user : null;
}

/** The access token for an external environment's API, or null when not connected. */
export async function externalAccessToken(environment: EnvironmentRef): Promise<string | null> {
  return (await externalUser(environment))?.access_token ?? null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Connects to an environment: an external one through the sign-in popup (resolving with its
 * user), a system one after SYSTEM_SIGN_IN_MS with no popup (it uses the console's own token).
 */
export async function connectEnvironment(
  environment: EnvironmentRef,
  locale?: string,
): Promise<User | null> {
  if (!environment.external) {
    await wait(SYSTEM_SIGN_IN_MS);
    return null;
  }
  return (await environmentUserManager(environment)).signinPopup({ ui_locales: locale });
}

/** Logging out of an external environment forgets its user here (and so its token). */
export async function disconnectEnvironment(environment: EnvironmentRef): Promise<void> {
  if (environment.external) await (await environmentUserManager(environment)).removeUser();
}

/** The name shown for a connected external environment's user. */
export function externalUserName(user: User): string {
  const { nickname, preferred_username, name, email, sub } = user.profile;
  return String(nickname ?? preferred_username ?? name ?? email ?? sub);
}
