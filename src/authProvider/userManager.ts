import type {
  SigninRedirectArgs,
  SigninSilentArgs,
  SignoutRedirectArgs,
  User,
  UserManager,
} from 'oidc-client-ts';
import { SESSION } from '../../protocol/session';
import { afterFirstScreen } from '../afterFirstScreen';
import type { ConsoleConfig } from '../config';
import { callbackUrl, SILENT_RENEW_PATH, storedUserKey } from './oidcSettings';

export { CALLBACK_PATH, SILENT_RENEW_PATH } from './oidcSettings';

/**
 * What the console asks of its OIDC client. oidc-client-ts's UserManager has it all; the console
 * holds the lazy one below, so that the library stays off the first screen's scripts.
 */
export interface SessionUserManager {
  readonly settings: { authority: string; client_id: string };
  getUser(): Promise<User | null>;
  signinRedirect(args?: SigninRedirectArgs): Promise<void>;
  signinRedirectCallback(url?: string): Promise<User>;
  signinSilent(args?: SigninSilentArgs): Promise<User | null>;
  signoutRedirect(args?: SignoutRedirectArgs): Promise<void>;
  removeUser(): Promise<void>;
  readonly events: {
    addSilentRenewError(listener: (error: Error) => void): () => void;
    addAccessTokenExpired(listener: () => void): () => void;
  };
}

/**
 * The OIDC client of the console: authorization code with PKCE (public client), the user kept
 * in localStorage so that a reload keeps the session, silent renewal 30 s before expiry (000 §4, §9).
 *
 * oidc-client-ts (16 KB gzip) loads once the first screen is usable (afterFirstScreen), or at
 * once when a sign-in, renewal or sign-out needs it. Until then the signed-in user is read from
 * the store the library writes (the same key, the same JSON), which is all that home needs to
 * call the server; the session's listeners are attached when it has loaded, not before.
 */
export function createUserManager(
  config: ConsoleConfig,
  origin = window.location.origin,
): SessionUserManager & { load(): Promise<UserManager> } {
  const settings = { authority: config.issuer, client_id: config.clientId };
  const storageKey = storedUserKey(settings.authority, settings.client_id);
  let loading: Promise<UserManager> | null = null;
  let loaded: UserManager | null = null;
  let whenLoaded: (manager: UserManager) => void = () => {};
  const hasLoaded = new Promise<UserManager>((resolve) => (whenLoaded = resolve));
  // Taken now, not when the import resolves: the page (or a test's window) may be gone by then.
  const stores = () => ({ user: window.localStorage, state: window.sessionStorage });
  const load = (storage = stores()) =>
    (loading ??= import('oidc-client-ts')
      .then(
        ({ UserManager, WebStorageStateStore }) =>
          new UserManager({
            ...settings,
            scope: config.scope,
            response_type: 'code',
            redirect_uri: callbackUrl(origin),
            silent_redirect_uri: `${origin}${SILENT_RENEW_PATH}`,
            post_logout_redirect_uri: `${origin}/`,
            userStore: new WebStorageStateStore({ store: storage.user }),
            // Pending sign-in state stays in its tab, out of reach of another tab clearing localStorage.
            stateStore: new WebStorageStateStore({ store: storage.state }),
            automaticSilentRenew: true,
            accessTokenExpiringNotificationTimeInSeconds: SESSION.renewBeforeExpirySeconds,
            silentRequestTimeoutInSeconds: SESSION.silentRequestTimeoutSeconds,
          }),
      )
      .then((manager) => {
        whenLoaded((loaded = manager));
        return manager;
      }));
  // Its renewal timers start when it loads: soon, but after the first screen.
  afterFirstScreen(() => void load());
  const listen =
    <A extends unknown[]>(
      add: (manager: UserManager, listener: (...args: A) => void) => () => void,
    ) =>
    (listener: (...args: A) => void) => {
      let remove: (() => void) | null = null;
      let removed = false;
      // Listening alone does not load the library: whatever loads it next attaches the listener.
      void hasLoaded.then((manager) => {
        if (!removed) remove = add(manager, listener);
      });
      return () => {
        removed = true;
        remove?.();
      };
    };
  return {
    settings,
    load,
    getUser: () => (loaded ? loaded.getUser() : Promise.resolve(storedUser(storageKey))),
    signinRedirect: async (args) => (await load()).signinRedirect(args),
    signinRedirectCallback: async (url) => (await load()).signinRedirectCallback(url),
    signinSilent: async (args) => (await load()).signinSilent(args),
    signoutRedirect: async (args) => (await load()).signoutRedirect(args),
    removeUser: async () => (await load()).removeUser(),
    events: {
      addSilentRenewError: listen((m, l) => m.events.addSilentRenewError(l)),
      addAccessTokenExpired: listen((m, l) => m.events.addAccessTokenExpired(l)),
    },
  };
}

/** The user oidc-client-ts stored, read without it: its fields, and `expired` from expires_at. */
function storedUser(key: string): User | null {
  const raw = window.localStorage.getItem(key);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as { expires_at?: number };
    const seconds = () =>
      stored.expires_at === undefined ? undefined : stored.expires_at - Date.now() / 1000;
    return Object.defineProperties(stored, {
      expires_in: { get: seconds },
      expired: { get: () => (seconds() ?? 1) <= 0 },
    }) as unknown as User;
  } catch {
    return null;
  }
}

/** The localStorage key under which oidc-client-ts keeps the signed-in user. */
export function userStorageKey(userManager: Pick<SessionUserManager, 'settings'>): string {
  return storedUserKey(userManager.settings.authority, userManager.settings.client_id);
}
