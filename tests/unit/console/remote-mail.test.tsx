// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { MailDialog, splitAddresses } from '../../../src/custom/devices/remote/MailDialog';
import { renderRemote } from './remote.fixtures';

afterEach(cleanup);

function fill() {
  fireEvent.change(screen.getByLabelText(/Asunto/), { target: { value: 'Aviso' } });
  fireEvent.change(screen.getByLabelText(/Mensaje/), { target: { value: 'Hola' } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
}

describe('the mail dialog', () => {
  it('sends to the selected devices and answers with the specification text', async () => {
    const mailDevices = vi.fn(async () => ({
      message: 'EMail enviado OK',
      sent: 1,
      skipped: ['x@'],
    }));
    renderRemote(
      { mailDevices },
      <MailDialog
        database={5}
        target={{ devices: ['M1', 'M2'] }}
        canMailUsers={false}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('Enviar correo a 2 dispositivos')).toBeTruthy();
    fill();
    expect(await screen.findByText('EMail enviado OK')).toBeTruthy();
    expect(screen.getByText('Direcciones no válidas omitidas: x@')).toBeTruthy();
    expect(mailDevices).toHaveBeenCalledWith(5, ['M1', 'M2'], 'Aviso', 'Hola');
  });

  it('shows the failure text when the server refuses', async () => {
    const mailAllDevices = vi.fn(async () => {
      throw new HttpError('Problemas al enviar el correo.', 200);
    });
    renderRemote(
      { mailAllDevices },
      <MailDialog database={5} target="all" canMailUsers={false} onClose={() => {}} />,
    );
    fill();
    expect(await screen.findByText(/^Problemas al enviar el correo./)).toBeTruthy();
  });

  it('lets an administrator write to a list of addresses', async () => {
    const mailUsers = vi.fn(async () => ({ message: 'EMail enviado OK', sent: 2, skipped: [] }));
    renderRemote(
      { mailUsers },
      <MailDialog database={5} target="all" canMailUsers onClose={() => {}} />,
    );
    fireEvent.click(screen.getByLabelText('Enviar a una lista de direcciones'));
    fireEvent.change(screen.getByLabelText(/Direcciones/), {
      target: { value: 'a@example.com, b@example.com' },
    });
    fill();
    expect(await screen.findByText('EMail enviado OK')).toBeTruthy();
    expect(mailUsers).toHaveBeenCalledWith(['a@example.com', 'b@example.com'], 'Aviso', 'Hola');
  });

  it('splits typed addresses on commas, semicolons, spaces and lines', () => {
    expect(splitAddresses('a@x.es;b@x.es\n c@x.es ,')).toEqual(['a@x.es', 'b@x.es', 'c@x.es']);
  });
});
