// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { projectListRow } from '../../../protocol/project-list';
import type { ProjectEntry } from '../../../protocol/projects';
import { RECENT_PROJECTS } from '../../../protocol/resources/recent-projects';
import { SHARED_PROJECTS } from '../../../protocol/resources/shared-projects';
import type { CallService } from '../../../src/dataProvider/callService';
import { definitionCalls } from '../../../src/dataProvider/definitionCalls';
import { definitionScreens } from '../../../src/resources/factory';
import {
  environmentEntry,
  fakeProjectsProvider,
  projectEntry,
  renderProjects,
  sharedEntry,
} from './projects.fixtures';

// The console holds a token for external environment 2 only.
vi.mock('../../../src/environments/externalSessions', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  externalAccessToken: async (environment: { id: number }) =>
    environment.id === 2 ? 'token-of-2' : null,
}));

afterEach(cleanup);
// The first test loads the factory's screen (lazy); dialogs fade in and out.
vi.setConfig({ testTimeout: 20_000 });

const rows = (entries: ProjectEntry[]) => ({
  data: entries.map((entry) => projectListRow(entry, false)),
  total: entries.length,
});

/** The projects area's fake provider, whose recents and shareds also answer the lists' calls. */
function listsProvider(overrides: Record<string, unknown> = {}) {
  const provider = fakeProjectsProvider({
    recents: vi.fn(async () => rows([projectEntry(), sharedEntry()])),
    shareds: vi.fn(async () => rows([sharedEntry()])),
    effectiveOverrides: async () => ({}),
    session: async () => ({ company: { name: 'Demo' } }),
    ...overrides,
  });
  const operations = provider as unknown as Record<string, (p: unknown) => Promise<unknown>>;
  const callService = (operation: string, parameter: unknown) => operations[operation](parameter);
  return Object.assign(provider, definitionCalls(callService as CallService));
}

function renderList(
  provider: ReturnType<typeof listsProvider>,
  shared = false,
  options: { path?: string; admin?: boolean } = {},
) {
  const definition = shared ? SHARED_PROJECTS : RECENT_PROJECTS;
  return renderProjects(
    { ...provider },
    <Suspense fallback={null}>{definitionScreens(definition)}</Suspense>,
    { path: definition.path, ...options },
  );
}

const open = (name: string) =>
  screen.findByRole('link', { name: `Abrir ${name}` }, { timeout: 5000 });
const rowOf = (name: string) => screen.getByRole('link', { name: `Abrir ${name}` }).closest('tr')!;

describe('recent projects, a declared list', () => {
  it('asks the last opened first, 100 a page, and shows codes by their labels', async () => {
    const provider = listsProvider();
    renderList(provider);
    expect((await open('Demo')).getAttribute('href')).toBe('/app/devicelist?database=7');
    expect(provider.recents).toHaveBeenCalledWith({
      datatable: { start: 0, length: 100, orderBy: 'lastaccess', orderDir: 'desc' },
      filter: {},
    });
    const demo = within(rowOf('Demo'));
    for (const text of ['Demo', 'MAM', '12', '50', 'admin', 'Propietario']) {
      expect(demo.getByText(text, { selector: 'td, td *' }), text).toBeTruthy();
    }
    const almacen = within(rowOf('Almacén'));
    expect(almacen.getByText('Compartido con usted')).toBeTruthy();
    expect(almacen.getByText('lucia')).toBeTruthy();
    expect(screen.queryByText('owner')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Último acceso/ })).toBeTruthy();
  });

  it('sends the search box as q', async () => {
    const provider = listsProvider();
    renderList(provider);
    await open('Demo');
    fireEvent.change(screen.getByPlaceholderText('Buscar proyectos'), {
      target: { value: 'alm' },
    });
    await waitFor(
      () =>
        expect(provider.recents).toHaveBeenLastCalledWith(
          expect.objectContaining({ filter: { q: 'alm' } }),
        ),
      { timeout: 3000 },
    );
  });

  it('offers sharing and publishing only where the caller may', async () => {
    renderList(listsProvider());
    await open('Demo');
    expect(screen.getByRole('button', { name: 'Compartir Demo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publicar Demo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Compartir Almacén' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publicar Almacén' })).toBeNull();
  });

  it('lets an administrator share any project', async () => {
    renderList(listsProvider(), false, { admin: true });
    expect(
      await screen.findByRole('button', { name: 'Compartir Almacén' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('opens the share dialog from a row, and reads the list again when it closes', async () => {
    const provider = listsProvider();
    renderList(provider);
    await open('Demo');
    fireEvent.click(screen.getByRole('button', { name: 'Compartir Demo' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Compartir «Demo»')).toBeTruthy();
    const calls = provider.recents.mock.calls.length;
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(provider.recents.mock.calls.length).toBeGreaterThan(calls));
  });

  it('opens the share dialog named by the address', async () => {
    renderList(listsProvider(), false, { path: '/app/recents?modal=share&pid=pid-demo' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText('Compartir «Demo»')).toBeTruthy();
  });

  it('says so when the address names a project the caller cannot reach', async () => {
    renderList(listsProvider(), false, { path: '/app/recents?modal=share&pid=nope' });
    expect(
      await screen.findByText('Ese proyecto no está entre los suyos.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('publishes to an external environment with the token the console holds for it', async () => {
    const provider = listsProvider();
    renderList(provider);
    await open('Demo');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar Demo' }));
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

  it('offers only the environments the server would publish to, and says why not the others', async () => {
    const reason =
      'No puede publicar el proyecto 7 en el entorno «Pruebas»: su acceso compartido no lo permite en ese entorno.';
    const provider = listsProvider({
      publishTargets: vi.fn(async () => [{ id: 2, allowed: false, reason }]),
    });
    renderList(provider);
    await open('Demo');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar Demo' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/No puede publicar en ningún otro entorno/),
    ).toBeTruthy();
    fireEvent.mouseDown(
      await within(dialog).findByRole('combobox', { name: 'Entorno de destino' }),
    );
    const option = await screen.findByRole('option', { name: /Pruebas \(externo\)/ });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(within(option).getByText(reason)).toBeTruthy();
  });

  it('asks to sign in to an external environment the console holds no token for', async () => {
    const provider = listsProvider({
      environments: async () => ({
        data: [
          environmentEntry(),
          environmentEntry({ id: 3, title: 'Cliente', external: true, system: false }),
        ],
        total: 2,
      }),
    });
    renderList(provider);
    await open('Demo');
    fireEvent.click(screen.getByRole('button', { name: 'Publicar Demo' }));
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

describe('shared projects, a declared list', () => {
  it('takes the project type of the address as its filter, and shows access and owner', async () => {
    const provider = listsProvider();
    renderList(provider, true, { path: '/app/shareds?projectType=kiosk' });
    await open('Almacén');
    await waitFor(() =>
      expect(provider.shareds).toHaveBeenLastCalledWith({
        datatable: { start: 0, length: 100, orderBy: 'name', orderDir: 'asc' },
        filter: { projectType: 'kiosk' },
      }),
    );
    const row = within(rowOf('Almacén'));
    expect(row.getByText('Solo lectura')).toBeTruthy();
    expect(row.getByText('lucia')).toBeTruthy();
    expect(row.getByText('Compartido con usted')).toBeTruthy();
  });

  it('lists another type when it is chosen beside the search box', async () => {
    const provider = listsProvider();
    renderList(provider, true);
    await open('Almacén');
    expect(provider.shareds).toHaveBeenCalledWith(expect.objectContaining({ filter: {} }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de proyecto' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MDM' }));
    await waitFor(() =>
      expect(provider.shareds).toHaveBeenLastCalledWith(
        expect.objectContaining({ filter: { projectType: 'mdm' } }),
      ),
    );
  });

  it('sorts by a column in the server', async () => {
    const provider = listsProvider();
    renderList(provider, true);
    await open('Almacén');
    fireEvent.click(screen.getByRole('button', { name: /Propietario/ }));
    await waitFor(() =>
      expect(provider.shareds).toHaveBeenLastCalledWith(
        expect.objectContaining({
          datatable: { start: 0, length: 100, orderBy: 'username', orderDir: 'asc' },
        }),
      ),
    );
  });
});
