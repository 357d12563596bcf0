// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { markShow, uniformTree } from '../../../protocol/access-tree';
import { ShareDialog } from '../../../src/custom/projects/ShareDialog';
import {
  existingShare,
  fakeProjectsProvider,
  projectEntry,
  renderProjects,
} from './projects.fixtures';

afterEach(cleanup);

const NONE = {
  download: false,
  delete: false,
  publish: false,
  edit: false,
  share: false,
  restore: false,
};

function openDialog(provider: Record<string, unknown>, allowed = true) {
  return renderProjects(
    provider,
    <ShareDialog project={projectEntry()} allowed={allowed} onClose={() => {}} />,
  );
}

async function pickUser(login: string) {
  const picker = screen.getByRole('combobox', { name: 'Usuario' });
  fireEvent.mouseDown(picker);
  fireEvent.change(picker, { target: { value: login.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${login}`) }));
}

describe('the share dialog', () => {
  it('submits the user, the ticked permissions, the environment ticks and the tree', async () => {
    const provider = fakeProjectsProvider();
    openDialog(provider);
    expect(await screen.findByText('Todavía no está compartido con nadie.')).toBeTruthy();
    await pickUser('usuario');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Descargar' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Pruebas: Generar' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ver: Dispositivos' }));
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));

    await waitFor(() => expect(provider.shareProject).toHaveBeenCalledTimes(1));
    expect(provider.shareProject).toHaveBeenCalledWith(7, {
      userId: 3,
      permissions: { ...NONE, download: true },
      envPermissions: { '2': { generate: true, download: false, publish: false } },
      access: markShow(uniformTree(false, false), 'devices', true),
    });
    expect(await screen.findByText('Proyecto compartido con usuario')).toBeTruthy();
    // The lists are read again, and the form is ready for another user.
    await waitFor(() => expect(provider.projectShares).toHaveBeenCalledTimes(2));
    expect((screen.getByRole('checkbox', { name: 'Descargar' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('cannot share before a user is chosen', async () => {
    openDialog(fakeProjectsProvider());
    await screen.findByText('Todavía no está compartido con nadie.');
    expect((screen.getByRole('button', { name: 'Compartir' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('edits an existing share and sends it whole', async () => {
    const provider = fakeProjectsProvider({ projectShares: async () => [existingShare()] });
    openDialog(provider);
    const list = await screen.findByRole('list', { name: 'Compartido con' });
    expect(within(list).getByText('Descargar · Solo lectura')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar los permisos de usuario' }));
    expect(screen.getByText('Permisos de usuario')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Ver: Informes' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Publicar' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Modificar: Activar y desactivar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(provider.shareProject).toHaveBeenCalledTimes(1));
    const [database, request] = provider.shareProject.mock.calls[0] as unknown as [
      number,
      Record<string, unknown>,
    ];
    expect(database).toBe(7);
    expect(request.userId).toBe(3);
    expect(request.permissions).toEqual({ ...NONE, download: true, publish: true });
    const devices = (
      request.access as { id: string; write: boolean; nodes?: { id: string; write: boolean }[] }[]
    ).find((node) => node.id === 'devices')!;
    expect(devices.write).toBe(true);
    expect(devices.nodes!.find((node) => node.id === 'devices.status')!.write).toBe(true);
    expect(devices.nodes!.find((node) => node.id === 'devices.add')!.write).toBe(false);
  });

  it('choosing a user it is already shared with edits their share', async () => {
    const provider = fakeProjectsProvider({ projectShares: async () => [existingShare()] });
    openDialog(provider);
    await screen.findByRole('list', { name: 'Compartido con' });
    await pickUser('usuario');
    expect(screen.getByText('Permisos de usuario')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Descargar' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('stops sharing after a confirmation', async () => {
    const provider = fakeProjectsProvider({ projectShares: async () => [existingShare()] });
    openDialog(provider);
    await screen.findByRole('list', { name: 'Compartido con' });
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de compartir con usuario' }));
    expect(await screen.findByText('usuario dejará de tener acceso a «Demo».')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de compartir' }));
    await waitFor(() => expect(provider.unshareProject).toHaveBeenCalledWith(7, 3));
    expect(await screen.findByText('usuario ya no tiene acceso al proyecto')).toBeTruthy();
  });

  it('tells a user without the share permission that they cannot share', async () => {
    const provider = fakeProjectsProvider();
    openDialog(provider, false);
    expect(await screen.findByText(/Solo el propietario, un administrador/)).toBeTruthy();
    expect(provider.projectShares).not.toHaveBeenCalled();
  });
});
