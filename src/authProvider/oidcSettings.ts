/**
 * The console's OpenID Connect settings that the boot script (src/boot) shares with the
 * UserManager (userManager.ts). Kept free of oidc-client-ts so that the boot script stays small.
 */
export const CALLBACK_PATH = '/auth-callback';
export const SILENT_RENEW_PATH = '/silent-renew.html';

/** The prefix of oidc-client-ts's WebStorageStateStore (its default) for users and pending sign-ins. */
export const OIDC_STORE_PREFIX = 'oidc.';

/** The key under which oidc-client-ts keeps the signed-in user (UserManager's user store key). */
export function storedUserKey(authority: string, clientId: string): string {
  return `${OIDC_STORE_PREFIX}user:${authority}:${clientId}`;
}

/** Where the identity provider sends the browser back after sign-in. */
export const callbackUrl = (origin: string) => `${origin}${CALLBACK_PATH}`;
