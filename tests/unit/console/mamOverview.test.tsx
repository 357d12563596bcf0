// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import DatabaseOverview from '../../../src/custom/mam/DatabaseOverview';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

type Graph = { data: { platform: string | null; devices: number }[]; total: number };

function fakeDataProvider(graph: Graph) {
  return {
    session: async () => ({ saved: null }),
    projects: async () => ({
      data: [
        { numero: 3, name: 'Almacén', owner: true },
        { numero: 7, name: 'Demo', owner: true },
      ],
      total: 2,
    }),
    graph: vi.fn(async () => ({ filter: 'device_by_platform', type: 'pie', ...graph })),
  };
}

function renderOverview(dataProvider: ReturnType<typeof fakeDataProvider>) {
  return render(
    <TestMemoryRouter initialEntries={['/app/database?database=7']}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <DatabaseOverview />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

// Intl writes '75 %' with a no-break space in Spanish.
const cells = (row: HTMLElement) =>
  [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent?.replace(/\s/g, ' '));

beforeAll(() => {
  // recharts measures its container; jsdom has no layout, so the size is never reported.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

describe('the project overview', () => {
  it('lists the devices per platform with their share of the project', async () => {
    const dataProvider = fakeDataProvider({
      data: [
        { platform: 'ANDROID', devices: 30 },
        { platform: 'IPHONE', devices: 9 },
        { platform: null, devices: 1 },
      ],
      total: 40,
    });
    renderOverview(dataProvider);
    const table = await screen.findByRole('table', { name: 'Dispositivos por plataforma' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Plataforma', 'Dispositivos', 'Porcentaje'],
      ['Android', '30', '75 %'],
      ['iPhone', '9', '22,5 %'],
      ['Sin plataforma', '1', '2,5 %'],
      ['Total', '40', '100 %'],
    ]);
    expect(dataProvider.graph).toHaveBeenCalledWith(7, expect.anything());
    expect(
      await screen.findByRole('img', { name: 'Gráfico de dispositivos por plataforma' }),
    ).toBeTruthy();
  });

  it('says so when the project has no devices', async () => {
    renderOverview(fakeDataProvider({ data: [], total: 0 }));
    expect(await screen.findByText('Este proyecto todavía no tiene dispositivos.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
