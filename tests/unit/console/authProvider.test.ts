// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserManager } from 'oidc-client-ts';
import { createAuthProvider } from '../../../src/authProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

/** Only the UserManager is faked: the rules under test are the auth provider's own. */
function fakeUserManager(renewal: 'succeeds' | 'fails', signedIn = true) {
  const user = {
    access_token: 'token',
    id_token: 'id',
    expired: false,
    profile: { sub: '1', nickname: 'Ana' },
  };
  return {
    settings: { authority: 'http://localhost/oidc', client_id: 'console' },
    getUser: vi.fn(async () => (signedIn ? user : null)),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (renewal === 'fails') throw new Error('login_required');
      return user;
    }),
    signinRedirect: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
  };
}

function setup(renewal: 'succeeds' | 'fails' = 'succeeds', signedIn = true) {
  const userManager = fakeUserManager(renewal, signedIn);
  const authProvider = createAuthProvider(userManager as unknown as UserManager, {
    callService: vi.fn(),
    getLocale: () => 'en',
  });
  return { userManager, authProvider };
}

/** What react-admin shows for a rejection of checkError: its message, translated. */
async function rejectionOf(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => expect.fail('checkError should have rejected'),
    (reason: unknown) => reason,
  )) as { message?: string | false; logoutUser?: boolean; redirectTo?: string };
  const shown = typeof error.message === 'string' ? i18nProvider.translate(error.message) : null;
  return { ...error, shown };
}

beforeEach(() => localStorage.clear());

describe('checkError', () => {
  it('lets other failures through for the page to show', async () => {
    const { authProvider, userManager } = setup();
    await expect(
      authProvider.checkError({ status: 500, message: 'boom' }),
    ).resolves.toBeUndefined();
    await expect(
      authProvider.checkError({ status: 200, message: 'La empresa no existe.' }),
    ).resolves.toBeUndefined();
    expect(userManager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews the token silently on 401 and on the FLOTA403 message, once for simultaneous failures', async () => {
    const { authProvider, userManager } = setup('succeeds');
    await Promise.all([
      authProvider.checkError({ status: 401 }),
      authProvider.checkError({ status: 401 }),
      authProvider.checkError({ status: 200, message: 'token refused: FLOTA403' }),
    ]);
    expect(userManager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('signs the user out when the silent renewal fails', async () => {
    const { authProvider } = setup('fails');
    const error = await rejectionOf(authProvider.checkError({ status: 401 }));
    expect(error.logoutUser).toBeUndefined();
    expect(error.shown).toBe('Su sesión ha terminado. Vuelva a iniciar sesión.');
  });

  it('keeps the user signed in on 403 and says they are not authorised', async () => {
    const { authProvider, userManager } = setup();
    const error = await rejectionOf(authProvider.checkError({ status: 403 }));
    expect(error.logoutUser).toBe(false);
    expect(error.shown).toBe('No tiene autorización para realizar esta operación.');
    expect(userManager.signinSilent).not.toHaveBeenCalled();
    expect(userManager.removeUser).not.toHaveBeenCalled();
  });

  it.each([419, 440])(
    'ends the session on %i and shows the session-timeout page',
    async (status) => {
      const { authProvider, userManager } = setup();
      localStorage.setItem('RaStore.locale', '"en"');
      localStorage.setItem('something.cached', 'x');
      const error = await rejectionOf(authProvider.checkError({ status }));
      expect(error.redirectTo).toBe('/access/error?errmsg=session.timeout');
      expect(i18nProvider.translate('session.timeout')).toBe(
        'Su sesión ha caducado. Vuelva a iniciar sesión.',
      );
      expect(userManager.removeUser).toHaveBeenCalled();
      expect(localStorage.getItem('something.cached')).toBeNull();
      expect(localStorage.getItem('RaStore.locale')).toBe('"en"');
    },
  );
});

describe('checkAuth', () => {
  it('sends a signed-out user to the sign-in page in the console language, remembering the page', async () => {
    window.history.pushState({}, '', '/app/actions?page=2');
    const { authProvider, userManager } = setup('succeeds', false);
    void authProvider.checkAuth({}); // never settles: the browser is leaving
    await vi.waitFor(() =>
      expect(userManager.signinRedirect).toHaveBeenCalledWith({ ui_locales: 'en' }),
    );
    expect(localStorage.getItem('@react-admin/nextPathname')).toBe('/app/actions?page=2');
  });

  it('leaves the access error page alone: it offers signing in, it does not force it', async () => {
    window.history.pushState({}, '', '/access/error?errmsg=session.timeout');
    const { authProvider, userManager } = setup('succeeds', false);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });
});

describe('identity', () => {
  it('names the user by the nickname claim', async () => {
    const { authProvider } = setup();
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ id: '1', fullName: 'Ana' });
  });
});
