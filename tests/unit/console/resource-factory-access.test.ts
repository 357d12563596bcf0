// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { UserManager } from 'oidc-client-ts';
import { createAuthProvider } from '../../../src/authProvider';

/** canAccess of declared resources: the menu as before, and the verb's permission. */
function providerFor(profile: { role: string; rights: string }, menu: string[]) {
  const user = {
    access_token: 'token',
    id_token: 'id',
    expired: false,
    profile: { sub: '1', nickname: 'Ana', ...profile },
  };
  const userManager = {
    settings: { authority: 'http://localhost/oidc', client_id: 'console' },
    getUser: vi.fn(async () => user),
  };
  const callService = vi.fn(async (operation: string) =>
    operation === 'menu'
      ? {
          flavour: 'cloud',
          entries: menu.map((id) => ({
            id,
            path: `/app/${id}`,
            label: id,
            icon: '',
            access: 'public',
          })),
        }
      : { company: { tier: 'FLOTA_PRO' } },
  );
  return createAuthProvider(userManager as unknown as UserManager, {
    callService: callService as never,
    getLocale: () => 'es',
  });
}

describe('canAccess of declared resources', () => {
  it('lets every user list notifications, which no menu lists', async () => {
    const auth = providerFor({ role: 'USER', rights: '' }, ['home']);
    await expect(auth.canAccess!({ resource: 'notifications', action: 'list' })).resolves.toBe(
      true,
    );
  });

  it('needs the menu entry and the verb: no create on the actions log, no companies without their entry', async () => {
    // The companies list is an administrator's verb (their own company, the user form's picker);
    // its screen stays the top administrator's, whose menu alone has its entry.
    const auth = providerFor({ role: 'ADMIN', rights: 'ADMINISTRADOR' }, ['actions']);
    await expect(auth.canAccess!({ resource: 'actions', action: 'list' })).resolves.toBe(true);
    await expect(auth.canAccess!({ resource: 'actions', action: 'create' })).resolves.toBe(false);
    await expect(auth.canAccess!({ resource: 'companies', action: 'list' })).resolves.toBe(false);
    await expect(auth.canAccess!({ resource: 'environments', action: 'list' })).resolves.toBe(
      false,
    );
  });
});
