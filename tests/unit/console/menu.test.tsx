// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { MENUS, type MenuEntry } from '../../../protocol/menu';
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
