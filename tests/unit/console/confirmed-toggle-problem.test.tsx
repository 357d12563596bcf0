// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { ConfirmedToggle } from '../../../src/resources/ConfirmedToggle';

const TEXTS = {
  verb: 'users.lock',
  title: 'users.lock_title',
  content: 'users.lock_content',
  done: 'users.locked',
};

afterEach(() => cleanup());

describe('a user’s lock failure (001 §8)', () => {
  it('is a problem dialog saying "Operación fallida" with the server’s description', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ConfirmedToggle
          on
          name="ana"
          turnOff={TEXTS}
          turnOn={TEXTS}
          toggle={() => Promise.reject(new Error('No puede bloquear al último administrador.'))}
          problem={{ title: 'users.problem', text: 'users.operation_failed' }}
        />
      </AdminContext>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bloquear ana' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: /Bloquear/ }));
    const problem = await screen.findByRole('alertdialog', { name: 'Problema' });
    expect(
      within(problem).getByText('Operación fallida: No puede bloquear al último administrador.'),
    ).toBeTruthy();
    fireEvent.click(within(problem).getByRole('button', { name: 'Cerrar' }));
  });
});
