// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import RecentProjects from '../../../src/custom/projects/RecentProjects';
import SharedProjects from '../../../src/custom/projects/SharedProjects';
import { environmentEntry, fakeProjectsProvider, renderProjects } from './projects.fixtures';

// The console holds a token for external environment 2 only.
vi.mock('../../../src/environments/externalSessions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  externalAccessToken: async (environment: { id: number }) =>
    environment.id === 2 ? 'token-of-2' : null,
}));

afterEach(cleanup);

const rowOf = (name: string) => screen.getByRole('link', { name: `Abrir ${name}` }).closest('tr')!;

describe('recent projects', () => {
  it('lists the server page in its order with last access, licences and owner', async () => {
    const provider = fakeProjectsProvider();
    renderProjects(provider, <RecentProjects />);
    const demo = await screen.findByRole('link', { name: 'Abrir Demo' });
    expect(demo.getAttribute('href')).toBe('/app/devicelist?database=7');
    expect(within(rowOf('Demo')).getByText('12 de 50', { selector: 'td' })).toBeTruthy();
    expect(within(rowOf('Demo')).getByText('Usted', { selector: 'td' })).toBeTruthy();
    expect(within(rowOf('Almacén')).getByText('Nunca', { selector: 'td' })).toBeTruthy();
    expect(within(rowOf('Almacén')).getByText('lucia', { selector: 'td' })).toBeTruthy();
    expect(provider.recents).toHaveBeenCalledWith(
      { datatable: { start: 0, length: 100, orderDir: 'asc' } },
      expect.anything(),
    );
  });

  it('narrows by the typed name', async () => {
    const provider = fakeProjectsProvider();
    renderProjects(provider, <RecentProjects />);
    await screen.findByRole('link', { name: 'Abrir Demo' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), {
      target: { value: ' alm ' },
    });
    await waitFor(() =>
      expect(provider.recents).toHaveBeenLastCalledWith(
        { datatable: { start: 0, length: 100, orderDir: 'asc' }, filter: { q: 'alm' } },
        expect.anything(),
      ),
    );
  });

  it('offers sharing only where the caller may share', async () => {
    renderProjects(fakeProjectsProvider(), <RecentProjects />);
    await screen.findByRole('link', { name: 'Abrir Demo' });
    expect(screen.getByRole('button', { name: 'Compartir Demo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Compartir Almacén' })).toBeNull();
  });

  it('lets an administrator share any project', async () => {
    renderProjects(fakeProjectsProvider(), <RecentProjects />, { admin: true });
    expect(await screen.findByRole('button', { name: 'Compartir Almacén' })).toBeTruthy();
  });

  it('opens the share dialog named by the address, and closes it', async () => {
    renderProjects(fakeProjectsProvider(), <RecentProjects />, {
      path: '/app/recents?modal=share&pid=pid-demo',
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Compartir «Demo»')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the address names a project the caller cannot reach', async () => {
    renderProjects(fakeProjectsProvider(), <RecentProjects />, {
      path: '/app/recents?modal=share&pid=nope',
    });
    expect(await screen.findByText('Ese proyecto no está entre los suyos.')).toBeTruthy();
  });

  it('publishes to an external environment with the token the console holds for it', async () => {
    const provider = fakeProjectsProvider();
    renderProjects(provider, <RecentProjects />);
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar Demo' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(
      await within(dialog).findByRole('combobox', { name: 'Entorno de destino' }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Pruebas (externo)' }));
    const publish = within(dialog).getByRole('button', { name: 'Publicar' });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(publish);
    expect(
      await within(dialog).findByText('Publicado en «Pruebas» como proyecto nº 11.'),
    ).toBeTruthy();
    expect(provider.publishProject).toHaveBeenCalledWith(7, 2, 'token-of-2');
  });

  it('asks to sign in to an external environment the console holds no token for', async () => {
    const provider = fakeProjectsProvider({
      environments: async () => ({
        data: [
          environmentEntry(),
          environmentEntry({ id: 3, title: 'Cliente', external: true, system: false }),
        ],
        total: 2,
      }),
    });
    renderProjects(provider, <RecentProjects />);
    fireEvent.click(await screen.findByRole('button', { name: 'Publicar Demo' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(
      await within(dialog).findByRole('combobox', { name: 'Entorno de destino' }),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Cliente (externo)' }));
    expect(await within(dialog).findByText(/Inicie sesión en este entorno/)).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Publicar' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('shared projects', () => {
  it('reads the project type from the address and shows owner and permissions', async () => {
    const provider = fakeProjectsProvider();
    renderProjects(provider, <SharedProjects />, { path: '/app/shareds?projectType=kiosk' });
    const row = (await screen.findByRole('link', { name: 'Abrir Almacén' })).closest('tr')!;
    expect(within(row).getByText('Descargar · Solo lectura', { selector: 'td' })).toBeTruthy();
    expect(within(row).getByText('lucia', { selector: 'td' })).toBeTruthy();
    expect(provider.shareds).toHaveBeenCalledWith(
      { datatable: { start: 0, length: 100, orderDir: 'asc' }, projectType: 'kiosk' },
      expect.anything(),
    );
  });

  it('lists another type when it is chosen', async () => {
    const provider = fakeProjectsProvider();
    renderProjects(provider, <SharedProjects />, { path: '/app/shareds' });
    await screen.findByRole('link', { name: 'Abrir Almacén' });
    expect(provider.shareds).toHaveBeenCalledWith(
      { datatable: { start: 0, length: 100, orderDir: 'asc' } },
      expect.anything(),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de proyecto' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MDM' }));
    await waitFor(() =>
      expect(provider.shareds).toHaveBeenLastCalledWith(
        { datatable: { start: 0, length: 100, orderDir: 'asc' }, projectType: 'mdm' },
        expect.anything(),
      ),
    );
  });
});
