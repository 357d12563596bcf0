import { markJustSignedIn } from './justSignedIn';
import type { AuthProvider } from 'ra-core';
import { MENUS } from '../../protocol/menu';
import { sessionActionFor } from '../../protocol/session';
import { PATHS } from '../paths';
import { verbAllowed } from '../resources/factory/permissions';
import { createServiceClient, type CallService } from '../dataProvider/callService';
import type { SessionResponse } from '../dataProvider/types';
import type { SessionUserManager } from './userManager';
import { createOidcSession, type GetLocale, type OidcSession } from './oidcSession';
import { loadPermissions, toUserProfile, type FlotaPermissions } from './permissions';

export const ACCESS_ERROR_PATH = PATHS.accessError;
export const accessErrorPath = (message: string) =>
  `${ACCESS_ERROR_PATH}?errmsg=${encodeURIComponent(message)}`;

export interface AuthProviderOptions {
  getLocale?: GetLocale;
  callService?: CallService;
  /** Shared with watchSession, so that both start one sign-in and one renewal at a time. */
  session?: OidcSession;
}

/** The auth provider adds this to react-admin's: forget the cached menu after a change of plan. */
export interface FlotaAuthProvider extends AuthProvider {
  refreshPermissions(): void;
}

/**
 * react-admin's auth provider over an oidc-client-ts UserManager, after ra-keycloak and ra-auth-auth0.
 * @example const authProvider = createAuthProvider(createUserManager(config), { getLocale: i18nProvider.getLocale });
 */
export function createAuthProvider(
  userManager: SessionUserManager,
  options: AuthProviderOptions = {},
): FlotaAuthProvider {
  const getLocale = options.getLocale ?? options.session?.getLocale ?? (() => 'es');
  const callService = options.callService ?? createServiceClient(userManager, { getLocale });
  const session = options.session ?? createOidcSession(userManager, getLocale);
  let permissions: { sub: string; promise: Promise<FlotaPermissions> } | null = null;

  async function signedInUser() {
    const user = await session.validUser();
    if (!user) throw new Error('ra.auth.auth_check_error');
    return user;
  }

  async function getPermissions(): Promise<FlotaPermissions> {
    const { profile } = await signedInUser();
    if (permissions?.sub !== profile.sub) {
      const promise = loadPermissions(callService, toUserProfile(profile));
      permissions = { sub: profile.sub, promise };
      promise.catch(() => (permissions = null));
    }
    return permissions.promise;
  }

  return {
    login: () => session.startSignIn(),

    async checkAuth() {
      if (await session.validUser()) return;
      const stored = await userManager.getUser();
      if (stored && (await session.renew())) return;
      // The access error page is public: it offers signing in, it does not force it.
      if (window.location.pathname === PATHS.accessError) throw { message: false };
      session.rememberLocation();
      return session.startSignIn();
    },

    async handleCallback() {
      try {
        await session.completeSignIn();
      } catch (error) {
        return {
          redirectTo: accessErrorPath(error instanceof Error ? error.message : String(error)),
        };
      }
      permissions = null;
      markJustSignedIn();
      const remembered = session.takeRememberedLocation();
      if (remembered) return { redirectTo: remembered };
      const landing = await callService<SessionResponse>('session').then(
        (result) => result.landing,
        () => '/',
      );
      return { redirectTo: landing };
    },

    async logout() {
      permissions = null;
      return session.signOut();
    },

    async checkError(error: { status?: number; message?: string }) {
      const action = sessionActionFor(error?.status ?? 0, error?.message ?? '');
      if (action === 'renew') {
        if (await session.renew()) return;
        throw { message: 'session.expired' };
      }
      if (action === 'forbidden') throw { logoutUser: false, message: 'session.not_authorised' };
      if (action === 'timeout') {
        permissions = null;
        await session.signOutLocally();
        throw { logoutUser: false, message: false, redirectTo: accessErrorPath('session.timeout') };
      }
    },

    async getIdentity() {
      const { profile } = await signedInUser();
      return {
        id: profile.sub,
        fullName: String(profile.nickname ?? profile.sub),
        email: profile.email,
      };
    },

    getPermissions,

    /**
     * A resource or page is reachable when the caller's menu lists it. A declared resource's verb
     * also needs the verb's permission (protocol/resources); one that no menu lists
     * (notifications) is reachable by that permission alone.
     */
    async canAccess({ resource, action }) {
      if (!resource) return true;
      const { menu, profile } = await getPermissions();
      const listed = menu.some((entry) => entry.id === resource);
      const { resourceDefinition } = await import('../resources/declared');
      const definition = resourceDefinition(resource);
      if (!definition) return listed;
      const inSomeMenu = Object.values(MENUS).some((menu) => menu.some((e) => e.id === resource));
      return (listed || !inSomeMenu) && verbAllowed(definition, action, profile);
    },

    refreshPermissions() {
      permissions = null;
    },
  };
}
