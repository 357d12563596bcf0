import type { User } from 'oidc-client-ts';
import { rememberLocation, takeRememberedLocation } from './previousLocation';
import { userStorageKey, type SessionUserManager } from './userManager';

/** The language the console shows, passed to the identity provider's pages as ui_locales. */
export type GetLocale = () => string;

/** Kept when localStorage is cleared: the language is the browser's preference, not the session's. */
const KEPT_KEYS = ['RaStore.locale', 'RaStore.version'];

export function clearLocalStorage(): void {
  const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

/** A promise that never settles: the page is leaving for the identity provider. */
const leavingPage = () => new Promise<never>(() => {});

/**
 * Sign-in, silent renewal and sign-out around one UserManager, shared by the auth provider
 * and the session watch so that concurrent callers start one redirect and one renewal.
 */
export function createOidcSession(userManager: SessionUserManager, getLocale: GetLocale) {
  let renewing: Promise<boolean> | null = null;
  let redirecting = false;
  let callback: Promise<User> | null = null;

  async function validUser(): Promise<User | null> {
    const user = await userManager.getUser();
    return user && !user.expired ? user : null;
  }

  async function startSignIn(prompt?: 'login'): Promise<never> {
    if (!redirecting) {
      redirecting = true;
      try {
        await userManager.signinRedirect({ ui_locales: getLocale(), prompt });
      } catch (error) {
        redirecting = false;
        throw error;
      }
    }
    return leavingPage();
  }

  /** Completes the redirect sign-in once, even if the callback page mounts twice. */
  function completeSignIn(url: string = window.location.href): Promise<User> {
    callback ??= userManager.signinRedirectCallback(url);
    return callback;
  }

  /** One silent sign-in at a time; resolves whether it got a fresh token. */
  function renew(): Promise<boolean> {
    renewing ??= userManager
      .signinSilent({ ui_locales: getLocale() })
      .then((user) => user !== null)
      .catch(() => false)
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  /** Ends the session here and at the provider, which sends the browser back to `/` to sign in. */
  async function signOut(): Promise<false> {
    const user = await userManager.getUser();
    await signOutLocally();
    if (!user) return startSignIn();
    redirecting = true;
    await userManager.signoutRedirect({
      id_token_hint: user.id_token,
      extraQueryParams: { ui_locales: getLocale() },
    });
    return false;
  }

  /** Forgets the tokens in this browser only, leaving the provider's session alone. */
  async function signOutLocally(): Promise<void> {
    clearLocalStorage();
    await userManager.removeUser();
  }

  return {
    userManager,
    storageKey: userStorageKey(userManager),
    getLocale,
    validUser,
    /** Remembers an /app/ location so that the sign-in callback returns there. */
    rememberLocation: (location: Pick<Location, 'pathname' | 'search'> = window.location) =>
      rememberLocation(location),
    takeRememberedLocation,
    startSignIn,
    completeSignIn,
    renew,
    signOut,
    signOutLocally,
  };
}

export type OidcSession = ReturnType<typeof createOidcSession>;
