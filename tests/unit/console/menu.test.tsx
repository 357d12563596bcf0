// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { MENUS, type MenuEntry } from '../../../protocol/menu';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { createAuthProvider } from '../../../src/authProvider';
import { MenuView } from '../../../src/layout/Menu';
import { menuSections } from '../../../src/layout/menuSections';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

const byId = (id: string) => MENUS.cloud.find((entry) => entry.id === id)!;

function renderMenu(entries: MenuEntry[]) {
  return render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore({ 'sidebar.open': true })}>
        <MenuView entries={entries} />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('the menu', () => {
  it('shows only the entries the server sent, with their Spanish labels and paths', () => {
    renderMenu([byId('home'), byId('pricing'), byId('profile')]);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Inicio', 'Precios', 'Perfil']);
    expect(items.map((item) => item.getAttribute('href'))).toEqual([
      '/app/home',
      '/app/pricing',
      '/app/profile',
    ]);
    expect(screen.queryByText('Administración')).toBeNull();
    expect(screen.queryByText('Compañías')).toBeNull();
  });

  it('puts grouped entries under their group heading', () => {
    renderMenu(['home', 'actions', 'companies', 'pricing', 'profile'].map(byId));
    const heading = screen.getByText('Administración');
    const texts = screen.getByRole('menu').textContent ?? '';
    expect(texts).toBe('InicioAdministraciónRegistro de accionesCompañíasPreciosPerfil');
    expect(heading.nextElementSibling?.textContent).toBe('Registro de acciones');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem')).toHaveLength(5);
  });

  it('gathers a group where its first entry appears, even when the server interleaves it', () => {
    const [home, actions, companies, pricing] = ['home', 'actions', 'companies', 'pricing'].map(
      byId,
    );
    const sections = menuSections([home, actions, pricing, companies]);
    expect(sections.map((s) => [s.group, s.entries.map((e) => e.id)])).toEqual([
      [undefined, ['home']],
      ['menu.groups.administration', ['actions', 'companies']],
      [undefined, ['pricing']],
    ]);
  });
});

/** The auth provider of a signed-in user whose menu settings list these entries. */
function signedIn(profile: { role: string; rights: string }, menu: MenuEntry[]) {
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
    operation === 'menu' ? { flavour: 'cloud', entries: menu } : { company: { tier: 'FLOTA_PRO' } },
  );
  return createAuthProvider(userManager as unknown as UserManager, {
    callService: callService as never,
    getLocale: () => 'es',
  });
}

describe('areas named by resource name', () => {
  it('names the menu entry of a declared list by its resource, so that its guard finds it', () => {
    const screens = Object.values(RESOURCE_DEFINITIONS).filter((d) => !d.embedded);
    for (const flavour of Object.values(MENUS)) {
      for (const entry of flavour) {
        const definition = screens.find((d) => d.path === entry.path);
        if (definition) expect(entry.id, entry.path).toBe(definition.name);
      }
    }
    expect(RESOURCE_DEFINITIONS.recents.path).toBe(byId('recents').path);
    expect(RESOURCE_DEFINITIONS.shareds.path).toBe(byId('shareds').path);
  });

  it('lets into the recent and shared projects only who has their menu entries', async () => {
    const user = { role: 'USER', rights: 'USUARIO' };
    const both = signedIn(user, [byId('home'), byId('recents'), byId('shareds')]);
    await expect(both.canAccess!({ resource: 'recents', action: 'list' })).resolves.toBe(true);
    await expect(both.canAccess!({ resource: 'shareds', action: 'list' })).resolves.toBe(true);
    // No verb beyond the list and its export is declared.
    await expect(both.canAccess!({ resource: 'recents', action: 'delete' })).resolves.toBe(false);
    const none = signedIn(user, [byId('home')]);
    await expect(none.canAccess!({ resource: 'recents', action: 'list' })).resolves.toBe(false);
    await expect(none.canAccess!({ resource: 'shareds', action: 'list' })).resolves.toBe(false);
  });
});
