// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { DEVICE_SEARCH } from '../../../protocol/resources/device-search';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DefinitionList } from '../../../src/resources/factory/DefinitionList';
import { WithSlots } from './slots.fixtures';

/** Where the console is: the address a row opened. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const user: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ profile: { role: 'FLOTA', rights: 'USUARIO' }, menu: [] }),
  canAccess: async () => true,
};

const ROWS = [
  {
    id: '3:12',
    database: 3,
    name: 'Almacén',
    ID: 12,
    MID: 'SIM-0012-ALMACEN-NORTE',
    OWNER: 'Lucía García',
    EMAIL: 'lucia-garcia@example.com',
    DEVICE_TYPE: 'ANDROID',
    MODEL: 'Pixel 8',
    SINCRONISMO: new Date().toISOString(),
    colour: 'green',
  },
  {
    id: '7:4',
    database: 7,
    name: 'Demo',
    ID: 4,
    MID: 'SIM-0004',
    OWNER: 'Pedro García',
    EMAIL: null,
    DEVICE_TYPE: 'IPHONE',
    MODEL: null,
    SINCRONISMO: null,
    colour: 'red',
  },
];

/** The server's answer: a full page has no total (more follow), the last one has it. */
function renderSearch(answer: (parameter: { datatable: { start: number } }) => object) {
  const callService = vi.fn(async (_operation: string, parameter: unknown) =>
    answer(parameter as { datatable: { start: number } }),
  );
  render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      authProvider={user}
      i18nProvider={i18nProvider}
      // Each test starts afresh: no search or page kept from the one before.
      store={memoryStore()}
    >
      <WithSlots>
        <ResourceContextProvider value={DEVICE_SEARCH.name}>
          <DefinitionList definition={DEVICE_SEARCH} owner="Demo" />
          <Where />
        </ResourceContextProvider>
      </WithSlots>
    </AdminContext>,
  );
  return callService;
}

const lastPage = () => ({ data: ROWS, total: 2, projects: 2 });
const searchCalls = (callService: ReturnType<typeof renderSearch>) =>
  callService.mock.calls.filter(([operation]) => operation === 'devicesByDatabase');
const lastParameter = (callService: ReturnType<typeof renderSearch>) =>
  searchCalls(callService).at(-1)?.[1];
const rowOf = (mid: string) => screen.getByText(mid).closest('tr') as HTMLElement;

afterEach(cleanup);

describe('the global device search, a declared list', { timeout: 20_000 }, () => {
  it('asks the newest-synced devices of every project first, 100 a page (000 §9)', async () => {
    const callService = renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    expect(searchCalls(callService)[0][1]).toEqual({
      datatable: { start: 0, length: 100, orderBy: 'SINCRONISMO', orderDir: 'desc' },
      filter: {},
    });
  });

  it('shows the platform and the sync state by their labels, and colours the rows', async () => {
    renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    const today = rowOf('SIM-0012-ALMACEN-NORTE');
    const earlier = rowOf('SIM-0004');
    expect(within(today).getByText('Android')).toBeTruthy();
    expect(within(earlier).getByText('iPhone')).toBeTruthy();
    expect(screen.queryByText('ANDROID')).toBeNull();
    expect(screen.queryByText('IPHONE')).toBeNull();
    expect(within(today).getByText('Almacén')).toBeTruthy();
    expect(within(today).getByText('Sincronizado hoy')).toBeTruthy();
    expect(within(earlier).getByText('Sin sincronizar hoy')).toBeTruthy();
    expect(today.getAttribute('data-colour')).toBe('green');
    expect(earlier.getAttribute('data-colour')).toBe('red');
  });

  it('keeps a MID, an e-mail and the last sync on one line, cutting only the owner (issue 33)', async () => {
    renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    const row = rowOf('SIM-0012-ALMACEN-NORTE');
    // Every cell stays on one line; an identifier is shown whole, other text is cut with its
    // whole value on hover.
    const line = (text: string) =>
      within(row).getByText(text).closest('span[title], td span') as HTMLElement;
    for (const text of ['SIM-0012-ALMACEN-NORTE', 'lucia-garcia@example.com']) {
      const cell = within(row).getByText(text).closest('td') as HTMLElement;
      const span = cell.querySelector('span') as HTMLElement;
      expect(getComputedStyle(span).whiteSpace, text).toBe('nowrap');
      expect(['', 'none'], text).toContain(getComputedStyle(span).maxWidth);
    }
    const owner = line('Lucía García');
    expect(getComputedStyle(owner).whiteSpace).toBe('nowrap');
    expect(owner.getAttribute('title')).toBe('Lucía García');
  });

  it('sends the search box as q', async () => {
    const callService = renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    fireEvent.change(screen.getByPlaceholderText('Buscar por MID o propietario'), {
      target: { value: 'garc' },
    });
    await waitFor(() =>
      expect(lastParameter(callService)).toMatchObject({ filter: { q: 'garc' } }),
    );
  });

  it('pages by "is there a next page" while a page comes without a total', async () => {
    // A full first page without a total (more follow), then the last page with its total.
    const full = Array.from({ length: 100 }, (_, i) => ({
      ...ROWS[1],
      id: `7:${100 + i}`,
      ID: 100 + i,
      MID: `SIM-${100 + i}`,
    }));
    const callService = renderSearch(({ datatable }) =>
      datatable.start === 0 ? { data: full, projects: 2 } : { data: ROWS, total: 102, projects: 2 },
    );
    await screen.findByText('SIM-100', {}, { timeout: 5000 });
    expect(screen.getByText('1-100 de más de 100')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await screen.findByText('SIM-0004', {}, { timeout: 20000 });
    expect(lastParameter(callService)).toMatchObject({ datatable: { start: 100, length: 100 } });
    expect(screen.getByText('101-102 de 102')).toBeTruthy();
  });

  it('opens the row’s device in its project’s device list, by a click or Abrir (issue 33)', async () => {
    renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir el dispositivo SIM-0004' }));
    await waitFor(() => expect(where()).toMatch(/^\/app\/devicelist\?database=7&/));
    expect(where()).toContain('"rowfilter":{"MID":"SIM-0004"}');
    expect(where()).toMatch(/&device=4$/);
  });

  it('a click anywhere on a row opens it the same way, not a read-only view', async () => {
    renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    const where = () => decodeURIComponent(screen.getByTestId('where').textContent ?? '');
    fireEvent.click(screen.getByText('Lucía García'));
    await waitFor(() => expect(where()).toMatch(/^\/app\/devicelist\?database=3&/));
    expect(where()).toMatch(/&device=12$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks again every second (001 §7) and keeps showing the rows meanwhile', async () => {
    const callService = renderSearch(lastPage);
    await screen.findByText('SIM-0004', {}, { timeout: 5000 });
    const calls = searchCalls(callService).length;
    await waitFor(() => expect(searchCalls(callService).length).toBeGreaterThan(calls), {
      timeout: 2500,
    });
    expect(screen.getByText('SIM-0004')).toBeTruthy();
  });
});
