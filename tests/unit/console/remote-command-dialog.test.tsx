// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommandResultRow } from '../../../protocol/commands';
import { CommandDialog } from '../../../src/custom/devices/remote/CommandDialog';
import { renderRemote } from './remote.fixtures';

afterEach(cleanup);

const result = (device: string, state: CommandResultRow['state'], msg: string | null = null) =>
  ({ device, state, msg, exceptionMessage: null }) as CommandResultRow;

function provider(answer: (devices: string[]) => CommandResultRow[]) {
  return {
    session: async () => ({ profile: null }),
    sendCommand: vi.fn(
      async (_db: number, _cmd: string, devices: string[], ..._rest: unknown[]) => ({
        results: answer(devices),
      }),
    ),
  };
}

const open = (fake: ReturnType<typeof provider>, cmd: string, devices: string[]) =>
  renderRemote(
    fake,
    <CommandDialog database={5} request={{ cmd: cmd as never, devices }} onClose={() => {}} />,
  );

describe('the command dialog', () => {
  it('refuses a password of 3 digits or with letters, and sends an empty one', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'executed')));
    open(fake, 'password', ['M1']);
    const input = screen.getByLabelText('Contraseña', { selector: 'input' });
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('La contraseña debe tener al menos 4 dígitos')).toBeTruthy();
    fireEvent.change(input, { target: { value: '12a4' } });
    expect(screen.getByText('La contraseña solo puede ser numérica')).toBeTruthy();
    expect(fake.sendCommand).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(fake.sendCommand).toHaveBeenCalled());
    expect(fake.sendCommand.mock.calls[0].slice(1, 4)).toEqual([
      'password',
      ['M1'],
      { password: '' },
    ]);
  });

  it('sends wipe to several devices only once their number is typed', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'executed')));
    open(fake, 'wipe', ['M1', 'M2']);
    expect(screen.getByText(/Se borrarán todos los datos de 2 dispositivos/)).toBeTruthy();
    expect(screen.getByText(/se restablecerá a fábrica/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const typed = screen.getByTestId('typed-confirmation');
    expect(screen.getByText('Para confirmar, escriba el número de dispositivos: 2')).toBeTruthy();
    fireEvent.change(typed, { target: { value: 'M1' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(typed, { target: { value: '2' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(fake.sendCommand).toHaveBeenCalledTimes(2));
  });

  it('locks one device once its MID is typed, with the expiry chosen', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'pending')));
    open(fake, 'lock', ['SIM-7']);
    const send = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText('Para confirmar, escriba el MID del dispositivo: SIM-7')).toBeTruthy();
    fireEvent.change(screen.getByTestId('typed-confirmation'), { target: { value: 'sim-7' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Si está desconectado, esperar' }));
    fireEvent.click(await screen.findByRole('option', { name: '1 día' }));
    fireEvent.click(send);
    await waitFor(() => expect(fake.sendCommand).toHaveBeenCalled());
    expect(fake.sendCommand.mock.calls[0][5]).toBe(24);
    expect(
      await screen.findByText(
        'SIM-7 está desconectado: Bloquear queda en cola y se entregará cuando se conecte',
      ),
    ).toBeTruthy();
  });

  it('sends with the default expiry, 7 days', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'executed')));
    open(fake, 'ping', ['SIM-8']);
    expect(
      screen.getByRole('combobox', { name: 'Si está desconectado, esperar' }).textContent,
    ).toBe('7 días');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(fake.sendCommand).toHaveBeenCalled());
    expect(fake.sendCommand.mock.calls[0][5]).toBe(168);
  });

  it('shows a toggle’s state as the device reported it, and offers the change', async () => {
    const fake = {
      ...provider((devices) => devices.map((d) => result(d, 'executed'))),
      deviceControls: async () => ({
        toggles: { camera: { enabled: false, at: '2026-11-28T10:00:00.000Z' } },
      }),
    };
    open(fake, 'camera', ['SIM-9']);
    expect((await screen.findByTestId('toggle-current')).textContent).toMatch(
      /^Estado actual: desactivado \(informado /,
    );
    const toggle = screen.getByLabelText('Activado') as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('shows a chip per device: executed, queued, failed with its message, timeout', async () => {
    const states: Record<string, [CommandResultRow['state'], string | null]> = {
      A: ['executed', null],
      B: ['pending', null],
      C: ['failed', 'Pantalla ya bloqueada'],
      D: ['timeout', null],
      E: ['sent', null],
    };
    const fake = provider((devices) => devices.map((d) => result(d, ...states[d])));
    open(fake, 'ping', Object.keys(states));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getByText('ejecutado')).toBeTruthy());
    expect(within(list).getByText('en cola, a la espera del dispositivo')).toBeTruthy();
    expect(within(list).getByText('falló: Pantalla ya bloqueada')).toBeTruthy();
    expect(within(list).getByText('sin respuesta (tiempo agotado)')).toBeTruthy();
    expect(within(list).getByText('enviado al dispositivo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('names the device and the command in a toast for one device', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'failed', 'sin permiso')));
    open(fake, 'camera', ['SIM-1']);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Error al ejecutar Cámara en SIM-1: sin permiso')).toBeTruthy();
  });

  it('says nothing was sent to an offline device', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'offline')));
    open(fake, 'ping', ['SIM-2']);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('SIM-2 está desconectado: no se ha enviado Ping')).toBeTruthy();
  });
});
