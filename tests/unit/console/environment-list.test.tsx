// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  AdminContext,
  memoryStore,
  ResourceContextProvider,
  TestMemoryRouter,
  type AuthProvider,
} from 'react-admin';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DefinitionList } from '../../../src/resources/factory/DefinitionList';
import { WithSlots } from './slots.fixtures';

const ROWS = [
  { id: 1, title: 'Local', address: 'http://127.0.0.1:8089', system: true, projects: 1 },
  { id: 2, title: 'Remoto', address: 'https://remoto.example', system: false, projects: 0 },
];

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

/** The environments screen as App.tsx mounts it (the factory's list and its slots). */
function renderEnvironments(profile: keyof typeof profiles = 'admin', entry = '/app/environments') {
  const callService = vi.fn(async (operation: string, _parameter?: unknown) =>
    operation === 'environmentsList' ? { data: ROWS, total: ROWS.length } : { id: 2 },
  );
  render(
    <TestMemoryRouter initialEntries={[entry]}>
      <AdminContext
        dataProvider={createDataProvider(callService as never)}
        authProvider={authAs(profile)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <WithSlots>
          <ResourceContextProvider value="environments">
            <DefinitionList definition={ENVIRONMENTS} owner="Demo" />
          </ResourceContextProvider>
        </WithSlots>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return callService;
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const checkboxOf = async (text: string) => within(await rowOf(text)).getByRole('checkbox');

afterEach(cleanup);

describe('the environments list (issue 17, defect 9: the system environment)', () => {
  it('offers no delete on the system row, in its menu or its dialog', async () => {
    renderEnvironments();
    fireEvent.contextMenu(await rowOf('Local'), { clientX: 40, clientY: 50 });
    const menu = screen.getByRole('menu', { name: 'Acciones de «Local»' });
    expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Eliminar' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Local' });
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('offers delete on an external row', async () => {
    renderEnvironments();
    fireEvent.contextMenu(await rowOf('Remoto'), { clientX: 40, clientY: 50 });
    expect(screen.getByRole('menuitem', { name: 'Eliminar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remoto' });
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });

  it('deletes a selection without its system row, and says it stays', async () => {
    const callService = renderEnvironments();
    fireEvent.click(await checkboxOf('Local'));
    // The system row alone: nothing to delete.
    expect(await screen.findByText(/1 elemento seleccionado/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    fireEvent.click(await checkboxOf('Remoto'));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain(
      '¿Quiere borrar «Remoto»? No se puede deshacer. «Local» no se puede borrar: se queda.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await vi.waitFor(() =>
      expect(callService).toHaveBeenCalledWith('environmentsDelete', { id: 2 }),
    );
    expect(callService).not.toHaveBeenCalledWith('environmentsDelete', { id: 1 });
  });

  it('links each row to its projects, and offers the system server licence to administrators', async () => {
    renderEnvironments();
    const link = await screen.findByRole('link', { name: 'Ver proyectos Remoto' });
    expect(link.getAttribute('href')).toBe('/app/serverconnect?server=2');
    expect(screen.getByRole('button', { name: 'Licencias del servidor Local' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Licencias del servidor Remoto' })).toBeNull();
  });

  it('tells who may not manage environments so, with no licence button', async () => {
    renderEnvironments('user');
    expect(
      await screen.findByText(
        'Solo los administradores pueden crear, modificar o borrar entornos.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Ver proyectos Local' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Licencias del servidor/ })).toBeNull();
  });
});

describe('the install request above the list', () => {
  const install =
    '/app/environments?oper=install&url=https://otra.example.com|https://otra.example.com/oidc';

  it('opens the create dialog filled in with the requested server', async () => {
    const callService = renderEnvironments('admin', install);
    expect(await screen.findByText('Añadir un entorno')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alta de entorno' });
    expect(within(dialog).getByDisplayValue('otra.example.com')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('https://otra.example.com')).toBeTruthy();
    expect(within(dialog).getByDisplayValue('https://otra.example.com/oidc')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // The save goes out after the form's validation: over vi.waitFor's 1 s on a loaded machine.
    await vi.waitFor(
      () =>
        expect(callService).toHaveBeenCalledWith('environmentsCreate', {
          title: 'otra.example.com',
          address: 'https://otra.example.com',
          authority: 'https://otra.example.com/oidc',
          maxLicences: 0,
          datemask: 'dd/mm/yyyy',
        }),
      { timeout: 10_000 },
    );
  });

  it('cannot be activated by who is not an administrator', async () => {
    renderEnvironments('user', install);
    expect(await screen.findByText(/Solo un administrador puede activarlo/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activar' }).hasAttribute('disabled')).toBe(true);
  });
});
