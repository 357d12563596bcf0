// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, type AuthProvider } from 'react-admin';
import { ACTIONS } from '../../../protocol/resources/actions';
import { COMPANIES } from '../../../protocol/resources/companies';
import { field } from '../../../protocol/resource-schema';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { cellText } from '../../../src/resources/factory/cellText';
import { DefinitionList } from '../../../src/resources/factory/DefinitionList';
import { WithSlots } from './slots.fixtures';

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ profile: { role: 'FLOTA', rights: 'ADMINISTRADOR' }, menu: [] }),
  canAccess: async () => true,
};

function renderList(definition: typeof ACTIONS, rows: Record<string, unknown>[]) {
  const callService = vi.fn(async () => ({ data: rows, total: rows.length }));
  render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      authProvider={admin}
      i18nProvider={i18nProvider}
    >
      <WithSlots>
        <ResourceContextProvider value={definition.name}>
          <DefinitionList definition={definition} owner="Demo" />
        </ResourceContextProvider>
      </WithSlots>
    </AdminContext>,
  );
  return callService;
}

afterEach(cleanup);

describe('definition → columns', () => {
  it('shows a choice by its label, never its code, and JSON as readable text', async () => {
    renderList(ACTIONS, [
      {
        id: 1,
        at: '2026-11-20T10:00:00Z',
        login: 'ana',
        action: 'signin',
        detail: { ip: '::1', project: 3 },
      },
    ]);
    expect(await screen.findByText('Inicio de sesión', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('signin')).toBeNull();
    // The detail's keys by their labels, not as the server wrote them.
    expect(screen.getByText('IP: ::1, Proyecto: 3')).toBeTruthy();
  });

  it('offers sorting only on the fields that declare it', async () => {
    renderList(ACTIONS, [{ id: 1, at: '2026-11-20T10:00:00Z', login: 'ana', action: 'signin' }]);
    await screen.findByText('Inicio de sesión');
    const sortLabel = (name: string) =>
      screen
        .getByRole('columnheader', { name: new RegExp(name) })
        .querySelector('.MuiTableSortLabel-root');
    expect(sortLabel('Usuario')).not.toBeNull();
    expect(sortLabel('Detalle')).toBeNull();
  });

  it('asks the list call with the definition default sort and first page size', async () => {
    const callService = renderList(ACTIONS, []);
    await vi.waitFor(() => expect(callService).toHaveBeenCalled());
    expect(callService).toHaveBeenCalledWith(
      'actionsLog',
      {
        datatable: { start: 0, length: 100, orderBy: 'at', orderDir: 'desc' },
        filter: {},
      },
      expect.anything(),
    );
  });

  it('shows a boolean as an icon with a spoken label and the row actions slot last', async () => {
    renderList(COMPANIES, [
      { id: 2, name: 'Demo', tier: 'FLOTA_PRO', users: 3, active: true, created_at: '2026-01-02' },
    ]);
    const row = (await screen.findByText('Demo')).closest('tr')!;
    expect(within(row).getByText('Profesional')).toBeTruthy();
    expect(within(row).getByTitle('Sí')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /Desactivar Demo/ })).toBeTruthy();
  });
});

describe('cellText', () => {
  const at = field('at', 'datetime');
  const day = field('day', 'date');
  const count = field('n', 'int');
  it('writes dates by one rule per language, a date without its time', () => {
    const value = '2026-03-04T10:20:00';
    expect(cellText(day, value, 'es')).toBe('04/03/2026');
    expect(cellText(day, value, 'en')).toBe('03/04/2026');
    expect(cellText(at, value, 'es')).toBe('04/03/2026, 10:20');
  });

  it('writes numbers with the language digits and JSON as key: value pairs', () => {
    expect(cellText(count, 12345, 'es')).toBe('12.345');
    expect(cellText(count, 12345, 'en')).toBe('12,345');
    expect(cellText(field('d', 'json'), { a: 1, b: 'x' }, 'en')).toBe('a: 1, b: x');
  });

  it('writes a list field item by item (a group’s MIDs, its users’ IDs)', () => {
    expect(cellText(field('MIDS', 'text', { multiple: true }), ['A-1', 'B-2'], 'es')).toBe(
      'A-1, B-2',
    );
    expect(cellText(field('Users', 'int', { multiple: true }), [3, 12], 'en')).toBe('3, 12');
    expect(cellText(field('Users', 'int', { multiple: true }), [], 'en')).toBe('');
  });
});
