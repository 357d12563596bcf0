// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { SearchParams } from '../../../src/dataProvider';
import DeviceSearch from '../../../src/custom/search/DeviceSearch';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

// The edit dialog is another screen's work: a stand-in shows what it was opened for.
vi.mock('../../../src/resources/devices/edit/DeviceEditDialog', () => ({
  DeviceEditDialog: (props: {
    database: number;
    deviceId: number | null;
    open: boolean;
    onClose: (saved: boolean) => void;
  }) =>
    props.open ? (
      <div role="dialog" aria-label="Editar dispositivo">
        {`proyecto ${props.database}, dispositivo ${props.deviceId}`}
        <button onClick={() => props.onClose(false)}>Cerrar</button>
      </div>
    ) : null,
}));

const ROWS = [
  {
    database: 3,
    name: 'Almacén',
    ID: 12,
    MID: 'SIM-0012',
    OWNER: 'Lucía García',
    EMAIL: 'lucia@example.com',
    DEVICE_TYPE: 'ANDROID',
    MODEL: 'Pixel 8',
    SINCRONISMO: new Date().toISOString(),
    colour: 'green',
  },
  {
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

function fakeDataProvider() {
  return {
    devicesByDatabase: vi.fn(async (_params: SearchParams) => ({
      data: ROWS,
      total: 2,
      projects: 2,
    })),
  };
}

function renderSearch(dataProvider: ReturnType<typeof fakeDataProvider>) {
  return render(
    <TestMemoryRouter initialEntries={['/app/server/search']}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <DeviceSearch />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const lastParams = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  dataProvider.devicesByDatabase.mock.lastCall?.[0];

const rowOf = (mid: string) => screen.getByText(mid).closest('tr') as HTMLElement;

afterEach(cleanup);

describe('the global device search', () => {
  it('lists the newest-synced devices of every project first, 20 a page', async () => {
    const dataProvider = fakeDataProvider();
    renderSearch(dataProvider);
    expect(await screen.findByText('2 dispositivos en 2 proyectos')).toBeTruthy();
    expect(lastParams(dataProvider)).toEqual({
      datatable: { start: 0, length: 20, orderBy: 'SINCRONISMO', orderDir: 'desc' },
    });
  });

  it('asks again every second (001 §7) and keeps showing the rows meanwhile', async () => {
    const dataProvider = fakeDataProvider();
    renderSearch(dataProvider);
    await screen.findByText('SIM-0012');
    const calls = dataProvider.devicesByDatabase.mock.calls.length;
    await waitFor(
      () => expect(dataProvider.devicesByDatabase.mock.calls.length).toBeGreaterThan(calls),
      {
        timeout: 2500,
      },
    );
    expect(screen.getByText('SIM-0012')).toBeTruthy();
  });

  it('sends the typed text and the chosen platform', async () => {
    const dataProvider = fakeDataProvider();
    renderSearch(dataProvider);
    await screen.findByText('SIM-0012');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por MID o propietario' }), {
      target: { value: ' garc ' },
    });
    await waitFor(() => expect(lastParams(dataProvider)?.search).toBe('garc'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Plataforma' }));
    fireEvent.click(await screen.findByRole('option', { name: 'iPhone' }));
    await waitFor(() =>
      expect(lastParams(dataProvider)).toEqual({
        search: 'garc',
        platform: 'IPHONE',
        datatable: { start: 0, length: 20, orderBy: 'SINCRONISMO', orderDir: 'desc' },
      }),
    );
  });

  it('sorts by a column when its heading is clicked, and reverses on a second click', async () => {
    const dataProvider = fakeDataProvider();
    renderSearch(dataProvider);
    await screen.findByText('SIM-0012');
    fireEvent.click(screen.getByRole('button', { name: 'MID' }));
    await waitFor(() =>
      expect(lastParams(dataProvider)?.datatable).toMatchObject({
        orderBy: 'MID',
        orderDir: 'asc',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'MID' }));
    await waitFor(() =>
      expect(lastParams(dataProvider)?.datatable).toMatchObject({
        orderBy: 'MID',
        orderDir: 'desc',
      }),
    );
  });

  it('colours a row green when synced today and red otherwise, with the platform named', async () => {
    renderSearch(fakeDataProvider());
    await screen.findByText('SIM-0012');
    const today = rowOf('SIM-0012');
    const earlier = rowOf('SIM-0004');
    expect(today.getAttribute('data-colour')).toBe('green');
    expect(within(today).getByText(/Sincronizado hoy/)).toBeTruthy();
    expect(within(today).getByRole('img', { name: 'Android' })).toBeTruthy();
    expect(within(today).getByText('Almacén')).toBeTruthy();
    expect(earlier.getAttribute('data-colour')).toBe('red');
    expect(within(earlier).getByText(/Nunca/)).toBeTruthy();
    expect(within(earlier).getByText(/Sin sincronizar hoy/)).toBeTruthy();
    expect(within(earlier).getByRole('img', { name: 'iPhone' })).toBeTruthy();
  });

  it('opens the device edit dialog for the clicked row’s project and device', async () => {
    renderSearch(fakeDataProvider());
    await screen.findByText('SIM-0012');
    fireEvent.click(rowOf('SIM-0004'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar dispositivo' });
    expect(dialog.textContent).toContain('proyecto 7, dispositivo 4');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(rowOf('SIM-0012'), { key: 'Enter' });
    expect((await screen.findByRole('dialog')).textContent).toContain('proyecto 3, dispositivo 12');
  });
});
