// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { User } from 'oidc-client-ts';
import { createUserManager } from '../../../src/authProvider';
import { storedUserKey } from '../../../src/authProvider/oidcSettings';
import type { ConsoleConfig } from '../../../src/config';

/**
 * The console reads its signed-in user before oidc-client-ts has loaded (src/authProvider/
 * userManager.ts): from the library's own store, with the library's idea of expiry.
 */
const config: ConsoleConfig = {
  issuer: 'http://localhost/oidc',
  clientId: 'console',
  scope: 'openid profile email',
  flavour: 'cloud',
  version: 'test',
};
const key = storedUserKey(config.issuer, config.clientId);
const store = (expiresIn: number) =>
  localStorage.setItem(
    key,
    new User({
      access_token: 'token-1',
      id_token: 'id-1',
      token_type: 'Bearer',
      profile: { sub: 'u1', iss: config.issuer, aud: 'console', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    }).toStorageString(),
  );

beforeEach(() => localStorage.clear());

describe('the lazy user manager', () => {
  it('reads the stored user as the library wrote it, with its expiry', async () => {
    store(300);
    const user = await createUserManager(config).getUser();
    expect(user).toMatchObject({ access_token: 'token-1', id_token: 'id-1', expired: false });
    expect(user!.profile.sub).toBe('u1');
    store(-5);
    expect((await createUserManager(config).getUser())!.expired).toBe(true);
  });

  it('answers no user without a stored one or with a damaged one', async () => {
    expect(await createUserManager(config).getUser()).toBeNull();
    localStorage.setItem(key, '{not json');
    expect(await createUserManager(config).getUser()).toBeNull();
  });

  it('hands over to the library once loaded: the same user, the same settings', async () => {
    store(300);
    const manager = createUserManager(config);
    const library = await manager.load();
    expect(library.settings.client_id).toBe('console');
    expect((await manager.getUser())!.access_token).toBe('token-1');
    expect(await manager.getUser()).toBeInstanceOf(User);
  });

  it('does not load the library to listen: a listener waits for it and is attached then', async () => {
    store(300);
    const manager = createUserManager(config);
    const renewError = vi.fn();
    manager.events.addSilentRenewError(renewError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Still the stored user read without the library: listening did not load it.
    expect(await manager.getUser()).not.toBeInstanceOf(User);
    const library = await manager.load();
    await Promise.resolve();
    await library.events._raiseSilentRenewError(new Error('renewal failed'));
    expect(renewError).toHaveBeenCalledTimes(1);
  });
});
