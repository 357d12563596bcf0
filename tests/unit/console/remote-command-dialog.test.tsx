// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommandResultRow } from '../../../protocol/commands';
import { CommandDialog } from '../../../src/resources/devices/remote/CommandDialog';
import { renderRemote } from './remote.fixtures';

afterEach(cleanup);

const result = (device: string, state: CommandResultRow['state'], msg: string | null = null) =>
  ({ device, state, msg, exceptionMessage: null }) as CommandResultRow;

function provider(answer: (devices: string[]) => CommandResultRow[]) {
  return {
    session: async () => ({ profile: null }),
    sendCommand: vi.fn(async (_db: number, _cmd: string, devices: string[]) => ({
      results: answer(devices),
    })),
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

  it('sends wipe only after the explicit yes', async () => {
    const fake = provider((devices) => devices.map((d) => result(d, 'executed')));
    open(fake, 'wipe', ['M1', 'M2']);
    expect(screen.getByText(/Se borrarán todos los datos de 2 dispositivos/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Sí, estoy seguro'));
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(fake.sendCommand).toHaveBeenCalledTimes(2));
  });

  it('shows a chip per device: executed, offline, failed with its message, timeout', async () => {
    const states: Record<string, [CommandResultRow['state'], string | null]> = {
      A: ['executed', null],
      B: ['offline', null],
      C: ['failed', 'Pantalla ya bloqueada'],
      D: ['timeout', null],
      E: ['sent', null],
    };
    const fake = provider((devices) => devices.map((d) => result(d, ...states[d])));
    open(fake, 'lock', Object.keys(states));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const list = await screen.findByRole('list');
    await waitFor(() => expect(within(list).getByText('ejecutado')).toBeTruthy());
    expect(within(list).getByText('no enviado, dispositivo desconectado')).toBeTruthy();
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
