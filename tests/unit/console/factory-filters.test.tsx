// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  AdminContext,
  memoryStore,
  ResourceContextProvider,
  type AuthProvider,
  type GetListParams,
} from 'react-admin';
import { defineResource, type ResourceDefinition } from '../../../protocol/resource-definition';
import { ACTIONS } from '../../../protocol/resources/actions';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { NOTIFICATIONS } from '../../../protocol/resources/notifications';
import { resourceDefinition } from '../../../protocol/resources';
import { field } from '../../../protocol/resource-schema';
import { createDataProvider } from '../../../src/dataProvider';
import { listParameter } from '../../../src/dataProvider/definitionParameters';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DefinitionList } from '../../../src/resources/factory/DefinitionList';

/** A list whose call takes operators on two fields; its choice and yes/no go in `filter`. */
const GADGETS = defineResource({
  name: 'gadgets',
  title: { one: { es: 'Aparato', en: 'Gadget' }, many: { es: 'Aparatos', en: 'Gadgets' } },
  path: '/app/gadgets',
  key: 'id',
  labelField: 'name',
  fields: [
    field('name', 'text', { label: { es: 'Nombre', en: 'Name' } }),
    field('units', 'int', { label: { es: 'Unidades', en: 'Units' } }),
    field('kind', 'choice', {
      label: { es: 'Tipo', en: 'Kind' },
      choices: [
        { code: 'a', label: { es: 'Alfa', en: 'Alpha' } },
        { code: 'b', label: { es: 'Beta', en: 'Beta' } },
      ],
    }),
    field('enabled', 'boolean', { label: { es: 'Activo', en: 'Enabled' } }),
    field('note', 'text', { label: { es: 'Nota', en: 'Note' }, filter: false }),
  ],
  filterOperators: { name: [1, 3, 5], units: [7, 9, 11] },
  verbs: { list: { permission: { role: 'user' }, call: { operation: 'gadgets' } } },
});

const GADGET_ROWS = [{ id: 1, name: 'Uno', units: 3, kind: 'a', enabled: true }];

const profiles = {
  user: { role: 'EMPRESA', rights: 'USUARIO' },
  admin: { role: 'EMPRESA', rights: 'ADMINISTRADOR' },
};

function authAs(profile: keyof typeof profiles): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ profile: profiles[profile], menu: [] }),
    canAccess: async () => true,
  };
}

type CallService = (operation: string, parameter: unknown) => Promise<unknown>;

/**
 * A list over a fake services call; a definition not among the declared resources (the data
 * provider would not know it) is served by a provider that shapes its list call the same way.
 */
function renderList(
  definition: ResourceDefinition,
  rows: Record<string, unknown>[],
  profile: keyof typeof profiles = 'admin',
) {
  const list = definition.verbs.list!.call as { operation: string };
  const callService = vi.fn<CallService>(async (operation) =>
    operation === list.operation ? { data: rows, total: rows.length } : true,
  );
  const dataProvider = resourceDefinition(definition.name)
    ? createDataProvider(callService as never)
    : {
        getList: async (_resource: string, params: GetListParams) => {
          await callService(list.operation, listParameter(definition, params));
          return { data: rows, total: rows.length };
        },
      };
  render(
    <AdminContext
      dataProvider={dataProvider as never}
      authProvider={authAs(profile)}
      i18nProvider={i18nProvider}
      store={memoryStore()}
    >
      <ResourceContextProvider value={definition.name}>
        <DefinitionList definition={definition} owner="Demo" />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return callService;
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The parameter of the last call of an operation. */
const lastCall = (callService: ReturnType<typeof renderList>, operation: string) =>
  callService.mock.calls.filter(([name]) => name === operation).at(-1)?.[1];

async function openFilterRow() {
  fireEvent.click(await screen.findByRole('button', { name: 'Filtro por columna' }));
  return screen.findByRole('group', { name: 'Filtro por columna' });
}

afterEach(() => {
  cleanup();
  // The list keeps its filters in the address; each test starts from a clean one.
  window.history.replaceState(null, '', '/');
});

describe('the filter row of a declared list', () => {
  it('offers per field the operators its call takes, choices and yes/no by their labels', async () => {
    renderList(GADGETS, GADGET_ROWS);
    const row = await openFilterRow();
    expect(
      within(row)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Nombre', 'Unidades', 'Tipo', 'Activo']);
    expect(options(screen.getByLabelText('Operador de Nombre'))).toEqual([
      'contiene',
      'empieza por',
      'igual',
    ]);
    expect(options(screen.getByLabelText('Operador de Unidades'))).toEqual(['=', '<', '>']);
    expect(options(screen.getByLabelText('Operador de Tipo'))).toEqual(['igual']);
    expect(options(screen.getByLabelText('Valor de Tipo'))).toEqual(['', 'Alfa', 'Beta']);
    expect(options(screen.getByLabelText('Valor de Activo'))).toEqual(['', 'Sí', 'No']);
  });

  it('sends the chosen operator and value in the list call', async () => {
    const callService = renderList(GADGETS, GADGET_ROWS);
    await openFilterRow();
    fireEvent.change(screen.getByLabelText('Operador de Nombre'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Valor de Nombre'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Operador de Unidades'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Valor de Unidades'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Valor de Tipo'), { target: { value: 'b' } });
    fireEvent.change(screen.getByLabelText('Valor de Activo'), { target: { value: 'false' } });
    await waitFor(() =>
      expect(lastCall(callService, 'gadgets')).toEqual({
        datatable: { start: 0, length: 100, orderBy: 'name', orderDir: 'asc' },
        filter: { kind: 'b', enabled: false },
        rowfilter: { name: 'ab', units: '4' },
        rowfilteroper: { name: 3, units: 11 },
      }),
    );
    expect(screen.getByRole('button', { name: 'Filtro por columna (4)' })).toBeTruthy();
  });

  it('sends the operators a declared list takes, a date as within or outside', async () => {
    const callService = renderList(ACTIONS, [
      { id: 1, at: '2026-11-20T10:00:00Z', login: 'ana', action: 'signin', detail: null },
    ]);
    await openFilterRow();
    expect(options(screen.getByLabelText('Operador de Usuario'))).toEqual([
      'contiene',
      'no contiene',
      'empieza por',
      'termina en',
      'igual',
      'distinto',
    ]);
    expect(options(screen.getByLabelText('Operador de Acción'))).toEqual(['igual', 'distinto']);
    expect(options(screen.getByLabelText('Operador de Fecha'))).toEqual(['dentro de', 'fuera de']);
    fireEvent.change(screen.getByLabelText('Operador de Acción'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Valor de Acción'), { target: { value: 'signin' } });
    fireEvent.change(screen.getByLabelText('Operador de Usuario'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Valor de Usuario'), { target: { value: 'an' } });
    await waitFor(() =>
      expect(lastCall(callService, 'actionsLog')).toEqual({
        datatable: { start: 0, length: 100, orderBy: 'at', orderDir: 'desc' },
        filter: {},
        rowfilter: { login: 'an', action: 'signin' },
        rowfilteroper: { login: 3, action: 6 },
      }),
    );
  });

  it('has no toggle when no listed field filters', async () => {
    const unfiltered = defineResource({
      ...GADGETS,
      fields: GADGETS.fields.map((f) => ({ ...f, filter: false })),
      filterOperators: {},
    });
    renderList(unfiltered, GADGET_ROWS);
    await screen.findByText('Uno');
    expect(screen.queryByRole('button', { name: 'Filtro por columna' })).toBeNull();
  });
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const menuItems = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('the right-click menu of a declared list', () => {
  it('offers edit and delete to who may use them, and deletes that row', async () => {
    const callService = renderList(ENVIRONMENTS, [
      { id: 1, title: 'Sede', address: 'https://a' },
      { id: 2, title: 'Almacén', address: 'https://b' },
    ]);
    fireEvent.contextMenu(await rowOf('Almacén'), { clientX: 40, clientY: 50 });
    expect(screen.getByRole('menu', { name: 'Acciones de «Almacén»' })).toBeTruthy();
    // Labelled as the selection's bar labels them.
    expect(menuItems()).toEqual(['Editar', 'Eliminar']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    expect(await screen.findByText('¿Quiere borrar «Almacén»? No se puede deshacer.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callService).toHaveBeenCalledWith('environmentsDelete', { id: 2 }));
  });

  it('opens the edit of that row', async () => {
    renderList(ENVIRONMENTS, [{ id: 2, title: 'Almacén', address: 'https://b' }]);
    fireEvent.contextMenu(await rowOf('Almacén'), { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Almacén' });
    expect(within(dialog).getByDisplayValue('https://b')).toBeTruthy();
  });

  it('offers only "Ver" to who may open a row but not edit or delete it (issue 33)', async () => {
    renderList(ENVIRONMENTS, [{ id: 2, title: 'Almacén' }], 'user');
    const row = await rowOf('Almacén');
    fireEvent.contextMenu(row, { clientX: 40, clientY: 50 });
    expect(menuItems()).toEqual(['Ver']);
  });

  it('runs a bulk action on that one row, opened from the keyboard and closed by Escape', async () => {
    const callService = renderList(
      NOTIFICATIONS,
      [
        { id: 4, title: 'Aviso', body: 'Hola', read: false, created_at: '2026-11-20T10:00:00Z' },
        { id: 5, title: 'Otro', body: 'Adiós', read: false, created_at: '2026-11-21T10:00:00Z' },
      ],
      'user',
    );
    const row = await rowOf('Aviso');
    row.focus();
    fireEvent.keyDown(row, { key: 'F10', shiftKey: true });
    expect(menuItems()).toEqual(['Ver', 'Marcar como leídas']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    fireEvent.contextMenu(row, { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Marcar como leídas' }));
    await waitFor(() => expect(callService).toHaveBeenCalledWith('notificationRead', { id: 4 }));
    expect(callService).not.toHaveBeenCalledWith('notificationRead', { id: 5 });
  });
});
