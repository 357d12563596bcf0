// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import {
  ALL_ALLOWED,
  fakeProvider,
  LICENSED_DEVICE,
  NEW_DEVICE,
  renderDialog,
} from './device-edit.fixtures';

afterEach(cleanup);

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const locked = (element: HTMLInputElement) => element.readOnly || element.disabled;
const combobox = (name: RegExp) => screen.getByRole('combobox', { name });

async function choose(name: RegExp, option: string) {
  fireEvent.mouseDown(combobox(name));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the device edit dialog', () => {
  it('opens a new device as an editable, empty form without the inventory tab', async () => {
    const provider = fakeProvider([NEW_DEVICE]);
    renderDialog(provider, null);
    expect(await screen.findByRole('heading', { name: 'Nuevo dispositivo' })).toBeTruthy();
    const mid = await screen.findByLabelText('MID *');
    expect((mid as HTMLInputElement).value).toBe('');
    expect(locked(mid as HTMLInputElement)).toBe(false);
    expect(input('Propietario').value).toBe('');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Inventario' })).toBeNull();
    expect(screen.getByText('Sin licencia')).toBeTruthy();
    expect(provider.deviceForEdit).toHaveBeenCalledWith(5, null, expect.anything());
  });

  it('asks for the required MID before saving a new device', async () => {
    const provider = fakeProvider([NEW_DEVICE]);
    renderDialog(provider, null);
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El campo MID es obligatorio.')).toBeTruthy();
    expect(provider.saveDevice).not.toHaveBeenCalled();
  });

  it('checks the e-mail and the MID inline, naming them by their labels, before sending (issue 17, defect 1)', async () => {
    const provider = fakeProvider([NEW_DEVICE]);
    renderDialog(provider, null);
    fireEvent.change(await screen.findByLabelText('MID *'), { target: { value: 'NEW 1' } });
    fireEvent.change(input('Correo electrónico'), { target: { value: 'maria@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El campo Correo electrónico no es una dirección de correo válida.'),
    ).toBeTruthy();
    expect(
      screen.getByText('El campo MID no tiene el formato esperado: solo letras, cifras y . _ : -.'),
    ).toBeTruthy();
    expect(provider.saveDevice).not.toHaveBeenCalled();
  });

  it('opens an existing device read-only with its MID and state, then Editar makes it editable', async () => {
    renderDialog(fakeProvider([LICENSED_DEVICE]), 7);
    expect(await screen.findByRole('heading', { name: 'SIM-0007' })).toBeTruthy();
    expect(screen.getByText('Sincronizado hoy')).toBeTruthy();
    expect(screen.getByText('Con licencia')).toBeTruthy();
    expect(screen.getByText('AB12-CD34-EF56-7890')).toBeTruthy();
    const owner = await screen.findByLabelText('Propietario');
    expect((owner as HTMLInputElement).value).toBe('María García');
    expect(locked(owner as HTMLInputElement)).toBe(true);
    // A model the platform does not list is shown as it is.
    expect(input('Modelo').value).toBe('Galaxy Tab X');
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(locked(input('Propietario'))).toBe(false));
    expect(locked(input('MID *'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });

  it('opened by Editar, is editable at once and Cancelar closes it (issue 17, defect 7)', async () => {
    const onClose = renderDialog(fakeProvider([LICENSED_DEVICE]), 7, true);
    await waitFor(() => expect(locked(input('Propietario'))).toBe(false));
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('closes with Escape when nothing is being edited, and leaves an edit first', async () => {
    const onClose = renderDialog(fakeProvider([LICENSED_DEVICE]), 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(locked(input('Propietario'))).toBe(false));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(locked(input('Propietario'))).toBe(true));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('offers no Editar without the saveDevice permission', async () => {
    renderDialog(fakeProvider([LICENSED_DEVICE], { ...ALL_ALLOWED, saveDevice: false }), 7);
    await screen.findByLabelText('Propietario');
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('says so when the caller may not edit devices', async () => {
    renderDialog(fakeProvider([LICENSED_DEVICE], { ...ALL_ALLOWED, editDevice: false }), 7);
    expect(
      await screen.findByText('No tiene permiso para editar dispositivos de este proyecto.'),
    ).toBeTruthy();
  });

  it('asks before changing the user of a licensed ready device, and cancelling restores it', async () => {
    renderDialog(fakeProvider([LICENSED_DEVICE]), 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(combobox(/Usuario/).getAttribute('aria-disabled')).toBeNull());
    expect(combobox(/Usuario/).textContent).toBe('Ana');

    await choose(/Usuario/, 'Luis');
    const confirm = await screen.findByRole('dialog', { name: 'Cambiar el usuario' });
    expect(
      within(confirm).getByText('El dispositivo tiene licencia. ¿Quiere cambiar su usuario?'),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(combobox(/Usuario/).textContent).toBe('Ana'));

    await choose(/Usuario/, 'Luis');
    const again = await screen.findByRole('dialog', { name: 'Cambiar el usuario' });
    fireEvent.click(within(again).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cambiar el usuario' })).toBeNull(),
    );
    expect(combobox(/Usuario/).textContent).toBe('Luis');
  });

  it('does not ask when the device has no licence', async () => {
    renderDialog(fakeProvider([{ ...LICENSED_DEVICE, LIC: null, Licensed: false }]), 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(combobox(/Usuario/).getAttribute('aria-disabled')).toBeNull());
    await choose(/Usuario/, 'Luis');
    expect(combobox(/Usuario/).textContent).toBe('Luis');
    expect(screen.queryByRole('dialog', { name: 'Cambiar el usuario' })).toBeNull();
  });

  it('saves the changed fields, shows the toast, and closing then reports the save', async () => {
    const provider = fakeProvider([LICENSED_DEVICE]);
    const onClose = renderDialog(provider, 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(locked(input('Propietario'))).toBe(false));
    fireEvent.change(input('Propietario'), { target: { value: 'Pedro Ruiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Dispositivo guardado')).toBeTruthy();
    expect(provider.saveDevice).toHaveBeenCalledWith(5, { ID: 7, OWNER: 'Pedro Ruiz' });
    // Back to the read-only view of the saved device.
    expect(await screen.findByRole('button', { name: 'Editar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('closes without a save as not saved', async () => {
    const onClose = renderDialog(fakeProvider([LICENSED_DEVICE]), 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('shows the server refusal (duplicate IMEI) and stays open in the form', async () => {
    const provider = fakeProvider([LICENSED_DEVICE]);
    const refusal =
      'IMEI duplicado: ya existe otro dispositivo con el IMEI 111. No se ha guardado el dispositivo.';
    provider.saveDevice.mockRejectedValueOnce(new HttpError(refusal, 200));
    const onClose = renderDialog(provider, 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(locked(input('IMEI'))).toBe(false));
    fireEvent.change(input('IMEI'), { target: { value: '111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(input('IMEI').value).toBe('111');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('after saving a new device shows the saved device with its ID', async () => {
    const provider = fakeProvider([NEW_DEVICE]);
    const onClose = renderDialog(provider, null);
    fireEvent.change(await screen.findByLabelText('MID *'), { target: { value: 'NEW-0001' } });
    await choose(/Plataforma/, 'iPhone');
    await choose(/Aplicación/, 'Almacén');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Dispositivo guardado')).toBeTruthy();
    expect(provider.saveDevice).toHaveBeenCalledWith(5, {
      MID: 'NEW-0001',
      DEVICE_TYPE: 'IPHONE',
      IDAPPLICATION: 2,
    });
    expect(await screen.findByRole('heading', { name: 'NEW-0001' })).toBeTruthy();
    await waitFor(() => expect(input('ID').value).toBe('42'));
    expect(provider.deviceForEdit).toHaveBeenLastCalledWith(5, 42, expect.anything());
    expect(screen.getByRole('tab', { name: 'Inventario' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('assigns a licence to a ready device without one', async () => {
    const provider = fakeProvider([{ ...LICENSED_DEVICE, LIC: null, Licensed: false }]);
    renderDialog(provider, 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Asignar licencia' }));
    expect(await screen.findByText('Licencia asignada')).toBeTruthy();
    expect(provider.createDeviceLicence).toHaveBeenCalledWith(5, 7);
    expect(await screen.findByText('NEW0-NEW0-NEW0-NEW0')).toBeTruthy();
  });
});
