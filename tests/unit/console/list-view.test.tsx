// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { COMPANIES } from '../../../protocol/resources/companies';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DefinitionList } from '../../../src/resources/factory/DefinitionList';
import { createStore } from '../../../src/store';

/**
 * The list factory's layout (issue 33): a column chooser over the definition's default columns,
 * kept per person; a card per record on a phone with a tap to open and a menu button; a
 * selection bar that grows over the toolbar, not over the rows.
 */

const admin = (id: string): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ profile: { role: 'FLOTA', rights: 'ADMINISTRADOR' }, menu: [] }),
  getIdentity: async () => ({ id, fullName: id }),
  canAccess: async () => true,
});

const ROWS = [
  { id: 2, name: 'Demo', tier: 'FLOTA_PRO', users: 3, active: true, created_at: '2026-01-02' },
  { id: 3, name: 'Norte', tier: 'FLOTA', users: 1, active: false, created_at: '2026-02-03' },
];

/** Companies with the users count and the creation date left out of the default columns. */
const DEFINITION: ResourceDefinition = {
  ...COMPANIES,
  fields: COMPANIES.fields.map((f) => (f.source === 'name' ? { ...f, edit: true } : f)),
  verbs: {
    ...COMPANIES.verbs,
    edit: { permission: { role: 'topadmin' }, call: { operation: 'saveCompany', id: 'id' } },
    delete: { permission: { role: 'topadmin' }, call: { operation: 'deleteCompany', id: 'id' } },
  },
  hiddenColumns: ['users', 'created_at'],
  card: { fields: ['tier', 'users'] },
};

/** A window as wide as a phone (below MUI's `sm`) or a computer's. */
function setWidth(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderList(person = 'ana', definition = DEFINITION) {
  const callService = vi.fn(async () => ({ data: ROWS, total: ROWS.length }));
  const store = createStore();
  render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      authProvider={admin(person)}
      i18nProvider={i18nProvider}
      store={store}
    >
      <ResourceContextProvider value={definition.name}>
        <DefinitionList definition={definition} owner="Demo" />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return { callService, store };
}

const header = (name: string) =>
  screen.queryByRole('columnheader', { name: new RegExp(name), hidden: true });

beforeEach(() => {
  localStorage.clear();
  setWidth(false);
});
afterEach(cleanup);

describe('the column chooser', { timeout: 60_000 }, () => {
  it('starts from the default columns, adds one, and keeps the choice per person', async () => {
    const { store } = renderList('ana');
    await screen.findByText('Demo', {}, { timeout: 5000 });
    expect(header('Nombre')).not.toBeNull();
    expect(header('Usuarios')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    const users = await screen.findByRole('switch', { name: 'Usuarios' }, { timeout: 5000 });
    expect((users as HTMLInputElement).checked).toBe(false);
    fireEvent.click(users);
    await waitFor(() => expect(header('Usuarios')).not.toBeNull());
    expect(localStorage.getItem('RaStore.columns.ana.companies')).toBe('["created_at"]');

    // Signing out resets the store, but not what each person chose.
    store.reset();
    expect(localStorage.getItem('RaStore.columns.ana.companies')).toBe('["created_at"]');
    cleanup();

    // Another person in the same browser starts from the defaults; Ana finds hers again.
    renderList('luis');
    await screen.findByText('Demo', {}, { timeout: 5000 });
    expect(header('Usuarios')).toBeNull();
    cleanup();
    renderList('ana');
    await screen.findByText('Demo', {}, { timeout: 5000 });
    await waitFor(() => expect(header('Usuarios')).not.toBeNull());
  });
});

describe('on a phone', { timeout: 20_000 }, () => {
  it('shows a card per record: its title, its chosen fields, a tap and a menu button', async () => {
    setWidth(true);
    renderList();
    const list = await screen.findByRole('list', { name: 'Compañías' }, { timeout: 5000 });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = await within(list).findAllByRole('listitem', {}, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    const demo = cards[0];
    expect(within(demo).getByText('Demo')).toBeTruthy();
    // The card's fields with their labels: the plan by its label, the users count.
    expect(within(demo).getByText('Profesional')).toBeTruthy();
    expect(within(demo).getByText('Usuarios')).toBeTruthy();
    expect(within(demo).getByText('3')).toBeTruthy();
    expect(within(demo).queryByText('Creada')).toBeNull();
    // No column chooser: a card has no columns.
    expect(screen.queryByRole('button', { name: 'Columnas' })).toBeNull();

    // The menu button offers the row's actions, named after the record.
    fireEvent.click(within(demo).getByRole('button', { name: 'Acciones de «Demo»' }));
    const menu = await screen.findByRole('menu', { name: 'Acciones de «Demo»' });
    expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Eliminar' })).toBeTruthy();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // A tap on the card opens the record.
    fireEvent.click(within(demo).getAllByRole('button')[0]);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText(/Nombre/) as HTMLInputElement).value).toBe('Demo');
  });

  it('without a declared card, shows the label field and the first columns shown', async () => {
    setWidth(true);
    renderList('ana', { ...COMPANIES, card: undefined, hiddenColumns: ['tier'] });
    const list = await screen.findByRole('list', { name: 'Compañías' }, { timeout: 5000 });
    const [demo] = await within(list).findAllByRole('listitem', {}, { timeout: 5000 });
    expect(within(demo).getByText('Demo')).toBeTruthy();
    expect(within(demo).queryByText('Profesional')).toBeNull();
    expect(within(demo).getByText('Usuarios')).toBeTruthy();
  });
});

describe('the selection bar', { timeout: 20_000 }, () => {
  it('grows upwards from the table’s top edge, over the toolbar, never over the rows', async () => {
    renderList();
    const cell = await screen.findByText('Demo', {}, { timeout: 5000 });
    const row = cell.closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    const bar = await waitFor(() => {
      const found = document.querySelector(
        '.RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)',
      );
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    const style = getComputedStyle(bar);
    expect(style.position).toBe('absolute');
    expect(style.bottom).toBe('0px');
    expect(style.top).toBe('auto');
    expect(style.transform).toBe('none');
    // Its anchor is above the table's own scroll box: the bar ends where the table begins.
    const wrapper = document.querySelector('.RaDataTable-tableWrapper')!;
    const anchor = bar.parentElement!;
    expect(anchor.compareDocumentPosition(wrapper) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
