// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { ACTIONS } from '../../../protocol/resources/actions';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DefinitionList } from '../../../src/resources/factory/DefinitionList';

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ profile: { role: 'ADMIN', rights: 'ADMINISTRADOR' }, menu: [] }),
  canAccess: async () => true,
};

afterEach(cleanup);

describe('definition → show', () => {
  it('opens a row the caller may not edit as a read-only view of every field', async () => {
    const row = {
      id: '7',
      at: '2026-11-25T10:00:00Z',
      login: 'admin',
      action: 'user_created',
      detail: { user: 'lucia', rights: 'USUARIO' },
      company: 'Demo',
    };
    const callService = vi.fn(async () => ({ data: [row], total: 1 }));
    render(
      <AdminContext
        dataProvider={createDataProvider(callService as never)}
        authProvider={admin}
        i18nProvider={i18nProvider}
      >
        <ResourceContextProvider value={ACTIONS.name}>
          <DefinitionList definition={ACTIONS} owner="Demo" />
        </ResourceContextProvider>
      </AdminContext>,
    );
    fireEvent.click(await screen.findByText('Usuario creado'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Acción · /)).toBeTruthy();
    expect(within(dialog).getByText('Acción', { selector: 'dt' })).toBeTruthy();
    expect(within(dialog).getByText('Usuario creado', { selector: 'dd' })).toBeTruthy();
    // JSON whole, a pair a line.
    expect(within(dialog).getByText(/user: lucia\s+rights: USUARIO/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
  });
});
