// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AdminContext,
  HttpError,
  memoryStore,
  Notification,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { markShow, markWrite, uniformTree } from '../../../protocol/access-tree';
import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import type { ResourceSchema } from '../../../protocol/resource-schema';
import type { DevicePermissions } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import DeviceList from '../../../src/custom/devices/DeviceList';
import { WithSlots } from './slots.fixtures';

vi.mock('../../../src/custom/devices/edit/DeviceEditDialog', () => ({
  DeviceEditDialog: ({ open, deviceId }: { open: boolean; deviceId: number | null }) =>
    open ? <div role="dialog" aria-label="editor">{`device ${deviceId ?? 'new'}`}</div> : null,
}));

const NONE: DevicePermissions = {
  show: true,
  addDevice: false,
  editDevice: false,
  saveDevice: false,
  deleteDevice: false,
  statusDevice: false,
  sendemail: false,
  addUpdate: false,
};
const ALL: DevicePermissions = {
  ...NONE,
  addDevice: true,
  editDevice: true,
  saveDevice: true,
  deleteDevice: true,
  statusDevice: true,
};

/** The access tree the flags are read from, as projectAccess answers it with them. */
function treeOf(permissions: DevicePermissions) {
  let tree = uniformTree(permissions.show, false);
  if (!permissions.editDevice) tree = markShow(tree, 'devices.modify', false);
  const writes = {
    'devices.add': permissions.addDevice,
    'devices.modify': permissions.saveDevice,
    'devices.delete': permissions.deleteDevice,
    'devices.status': permissions.statusDevice,
  };
  for (const [node, write] of Object.entries(writes)) {
    if (write) tree = markWrite(tree, node, true);
  }
  return tree;
}

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ profile: { role: 'EMPRESA', rights: 'USUARIO' }, menu: [] }),
};

const today = new Date().toISOString();
const ROWS = [
  { ID: 1, MID: 'MID-1', OWNER: 'Ana', SINCRONISMO: today, STATUS: 2, PENDIENTE: 0, Estado: 0 },
  { ID: 2, MID: 'MID-2', OWNER: 'Luis', SINCRONISMO: null, STATUS: 2, PENDIENTE: 0, Estado: 1 },
  { ID: 3, MID: 'MID-3', OWNER: 'Eva', SINCRONISMO: null, STATUS: 2, PENDIENTE: 1, Estado: 2 },
];

function fakeDataProvider(permissions: DevicePermissions, schema?: ResourceSchema) {
  return {
    session: async () => ({ saved: null }),
    projects: async () => ({ data: [{ numero: 1, name: 'Demo', owner: true }], total: 1 }),
    projectAccess: vi.fn(async (database: number) => ({
      database,
      name: 'Demo',
      owner: true,
      devices: permissions,
      jsonAccess: treeOf(permissions),
    })),
    // The server of this change may not have the operation yet: the built-in schema is used.
    resourceSchema: vi.fn(async () => {
      if (schema) return schema;
      throw new HttpError('Operación desconocida: resourceSchema.', 200);
    }),
    // As the data provider answers: keyed by `id` (the device's ID).
    getList: vi.fn(async () => ({
      data: ROWS.map((row) => ({ ...row, id: row.ID })),
      total: ROWS.length,
    })),
    setPendingDevices: vi.fn(async (_db: number, mids: string[]) => ({
      updated: mids.length,
      PENDIENTE: 1,
    })),
    deleteDevices: vi.fn(async (_db: number, ids: number[]) => ({ deleted: ids.length, MID: [] })),
  };
}

function renderList(permissions: DevicePermissions, schema?: ResourceSchema) {
  const dataProvider = fakeDataProvider(permissions, schema);
  render(
    <TestMemoryRouter initialEntries={['/app/devicelist?database=1']}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <WithSlots>
          <DeviceList />
        </WithSlots>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return dataProvider;
}

const rowOf = async (mid: string) =>
  (await screen.findByText(mid, {}, { timeout: 5000 })).closest('tr') as HTMLElement;

async function menuItems(mid: string) {
  fireEvent.contextMenu(await rowOf(mid), { clientX: 40, clientY: 50 });
  const menu = await screen.findByRole('menu', { name: 'Acciones del dispositivo' });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

afterEach(cleanup);

// Each test renders the whole screen, which jsdom takes a while to lay out.
describe('the device list', { timeout: 20_000 }, () => {
  it('lists the project’s devices with the schema’s columns, coloured by state', async () => {
    const dataProvider = renderList(NONE);
    const row = await rowOf('MID-2');
    expect(row.getAttribute('data-estado')).toBe('1');
    expect((await rowOf('MID-1')).getAttribute('data-estado')).toBe('0');
    expect((await rowOf('MID-3')).getAttribute('data-estado')).toBe('2');
    for (const header of ['MID', 'Propietario', 'Último sincronismo', 'Plataforma']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
    }
    // PIN2 and IMEI are not listed.
    expect(screen.queryByRole('columnheader', { name: 'IMEI' })).toBeNull();
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'devicelist',
      expect.objectContaining({
        filter: { database: 1 },
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'ID', order: 'ASC' },
      }),
    );
    const legend = screen.getByRole('list', { name: 'Colores de las filas' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Sincronizado hoy',
      'No sincronizado hoy',
      'Desactivado',
      'Generando base de datos',
    ]);
  });

  it('follows the project’s effective schema: labels, hidden fields and warnings', async () => {
    const schema = {
      ...DEVICE_LIST_SCHEMA,
      fields: DEVICE_LIST_SCHEMA.fields.map((f) =>
        f.source === 'OWNER'
          ? { ...f, label: { es: 'Responsable', en: 'Holder' } }
          : f.source === 'DEVICE_TYPE'
            ? { ...f, list: false }
            : f,
      ),
      warnings: ['La columna extra.ZONA no existe en este proyecto.'],
    };
    const dataProvider = renderList(NONE, schema);
    await rowOf('MID-1');
    expect(dataProvider.resourceSchema).toHaveBeenCalledWith('devicelist', 1, expect.anything());
    expect(screen.getByRole('columnheader', { name: 'Responsable' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Propietario' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Plataforma' })).toBeNull();
    expect(screen.getByText('La columna extra.ZONA no existe en este proyecto.')).toBeTruthy();
  });

  it('offers page lengths 10, 20, 50, 100, 500 and all (pages of 5000)', async () => {
    const dataProvider = renderList(NONE);
    await rowOf('MID-1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Filas por página/ }));
    const listbox = await screen.findByRole('listbox');
    const lengths = within(listbox).getAllByRole('option');
    expect(lengths.map((option) => option.textContent)).toEqual([
      '10',
      '20',
      '50',
      '100',
      '500',
      'Todos',
    ]);
    fireEvent.click(lengths[5]);
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith(
        'devicelist',
        expect.objectContaining({ pagination: { page: 1, perPage: 5000 } }),
      ),
    );
  });

  it('shows in the right-click menu only the items the caller may use', async () => {
    renderList({ ...NONE, editDevice: true, saveDevice: true, deleteDevice: true });
    expect(await menuItems('MID-2')).toEqual([
      'Seleccionar todo',
      'Quitar selección',
      'Editar',
      'Filtro por columna',
      'Borrar',
      'Comandos',
      'Enviar push a seleccionados',
      'Enviar push a todos',
    ]);
  });

  it('shows New, Enable and Disable to a caller who may add and change devices', async () => {
    renderList(ALL);
    expect(await menuItems('MID-1')).toEqual([
      'Nuevo',
      'Seleccionar todo',
      'Quitar selección',
      'Editar',
      'Activar',
      'Desactivar',
      'Filtro por columna',
      'Borrar',
      'Comandos',
      'Enviar push a seleccionados',
      'Enviar push a todos',
    ]);
  });

  it('shows a read-only caller no device actions, only push (always available, 001 §6)', async () => {
    renderList(NONE);
    expect(await menuItems('MID-1')).toEqual([
      'Seleccionar todo',
      'Quitar selección',
      'Filtro por columna',
      'Enviar push a seleccionados',
      'Enviar push a todos',
    ]);
    // The list's create button (the factory's) needs the right to add devices.
    expect(screen.queryByRole('button', { name: 'Crear' })).toBeNull();
  });

  it('selects the right-clicked row, unless it is in the selection, as a file manager does', async () => {
    renderList(ALL);
    const checked = async (mid: string) =>
      (await rowOf(mid)).querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked;
    await menuItems('MID-2');
    expect([await checked('MID-1'), await checked('MID-2')]).toEqual([false, true]);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The bar over the selection selects the whole page; a right-click inside keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todo' }));
    await menuItems('MID-3');
    for (const mid of ['MID-1', 'MID-2', 'MID-3']) expect(await checked(mid)).toBe(true);
  });

  it('asks before deleting, naming one device or counting several', async () => {
    const dataProvider = renderList(ALL);
    await menuItems('MID-2');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Borrar' }));
    const one = await screen.findByRole('dialog');
    expect(within(one).getByText('¿Quiere borrar el dispositivo MID-2?')).toBeTruthy();
    fireEvent.click(within(one).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dataProvider.deleteDevices).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar todo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Borrar' }));
    const many = await screen.findByRole('dialog');
    expect(within(many).getByText('¿Quiere borrar los 3 dispositivos seleccionados?')).toBeTruthy();
    fireEvent.click(within(many).getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(dataProvider.deleteDevices).toHaveBeenCalledWith(1, [1, 2, 3]));
    expect(await screen.findByText('3 dispositivos borrados')).toBeTruthy();
  });

  it('disables the selected devices by MID and says how many', async () => {
    const dataProvider = renderList(ALL);
    await menuItems('MID-1');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Desactivar' }));
    await waitFor(() =>
      expect(dataProvider.setPendingDevices).toHaveBeenCalledWith(1, ['MID-1'], 'disabled'),
    );
    expect(await screen.findByText('1 dispositivo desactivado')).toBeTruthy();
  });

  it('shows the server’s description when enabling fails', async () => {
    const dataProvider = renderList(ALL);
    dataProvider.setPendingDevices.mockRejectedValueOnce(
      new HttpError('El dispositivo con ID 9 no existe en el proyecto 1.', 200),
    );
    await menuItems('MID-3');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Activar' }));
    expect(
      await screen.findByText('El dispositivo con ID 9 no existe en el proyecto 1.'),
    ).toBeTruthy();
  });

  it('opens the device on double-click or Enter, and a blank one with Create', async () => {
    renderList(ALL);
    // A click leaves the row as it is: the selection is what the menus act on.
    fireEvent.click(await rowOf('MID-1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'editor' })).toBeNull();
    fireEvent.doubleClick(await rowOf('MID-2'));
    expect((await screen.findByRole('dialog', { name: 'editor' })).textContent).toBe('device 2');
    cleanup();
    renderList(ALL);
    fireEvent.keyDown(await rowOf('MID-3'), { key: 'Enter' });
    expect((await screen.findByRole('dialog', { name: 'editor' })).textContent).toBe('device 3');
    cleanup();
    renderList(ALL);
    await rowOf('MID-1');
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }));
    expect((await screen.findByRole('dialog', { name: 'editor' })).textContent).toBe('device new');
  });

  it('does not open the editor for a caller who may not edit', async () => {
    renderList(NONE);
    fireEvent.doubleClick(await rowOf('MID-2'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'editor' })).toBeNull();
  });

  it('toggles the per-column filter row, whose filters reach the server', async () => {
    const dataProvider = renderList(NONE);
    await rowOf('MID-1');
    expect(screen.queryByRole('group', { name: 'Filtro por columna' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filtro por columna' }));
    fireEvent.change(await screen.findByLabelText('Valor de Propietario'), {
      target: { value: 'lu' },
    });
    await waitFor(
      () =>
        expect(dataProvider.getList).toHaveBeenLastCalledWith(
          'devicelist',
          expect.objectContaining({
            filter: { database: 1, rowfilter: { OWNER: 'lu' }, rowfilteroper: { OWNER: 1 } },
          }),
        ),
      { timeout: 3000 },
    );
  });
});
