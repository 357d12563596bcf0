import { SESSION } from '../../protocol/session';
import { clearLocalStorage, type OidcSession } from './oidcSession';

/**
 * The session rules that run without anyone clicking (000 §4): after a failed automatic
 * renewal retry up to SESSION.silentRenewRetries times, then sign out; on expiry try one
 * silent sign-in, else sign out; when another tab signs out, clear localStorage and sign in again.
 * Returns a function that stops watching.
 */
export function watchSession(
  session: OidcSession,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
) {
  const { userManager } = session;
  let recovering: Promise<void> | null = null;

  async function retryRenewal(): Promise<void> {
    for (let attempt = 0; attempt < SESSION.silentRenewRetries; attempt += 1) {
      if (await session.renew()) return;
    }
    await session.signOut();
  }

  const onRenewError = () => {
    recovering ??= retryRenewal().finally(() => {
      recovering = null;
    });
  };

  const onExpired = async () => {
    if (recovering) return;
    if (!(await session.renew())) await session.signOut();
  };

  const onStorage = (event: StorageEvent) => {
    const userRemoved = event.key === session.storageKey && event.newValue === null;
    const storageCleared = event.key === null;
    if (!userRemoved && !storageCleared) return;
    clearLocalStorage();
    // prompt=login: the other tab may still be ending the provider's session.
    void session.startSignIn('login');
  };

  const removeRenewError = userManager.events.addSilentRenewError(onRenewError);
  const removeExpired = userManager.events.addAccessTokenExpired(onExpired);
  target.addEventListener('storage', onStorage as EventListener);
  return () => {
    removeRenewError();
    removeExpired();
    target.removeEventListener('storage', onStorage as EventListener);
  };
}
