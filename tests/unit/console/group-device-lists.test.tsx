// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import type { GroupDevice } from '../../../protocol/groups';
import { GroupDevices } from '../../../src/custom/settings/groups/GroupDevices';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { WithSlots } from './slots.fixtures';

const admin: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ profile: { role: 'ADMIN', rights: 'ADMINISTRADOR' }, menu: [] }),
  canAccess: async () => true,
};

afterEach(cleanup);

const devices: GroupDevice[] = Array.from({ length: 12 }, (_, i) => ({
  IDGROUP: 1,
  IDDEVICE: 100 + i,
  PIN: null,
  OWNER: `Persona ${i}`,
  EMAIL: null,
  PLATFORM: 'ANDROID',
  // Out of order: the list sorts them by MID.
  MID: `mid-${String((i * 7) % 12).padStart(2, '0')}`,
}));

function renderDevices(readOnly: boolean, onRemove = vi.fn()) {
  // Nothing is fetched: the rows are the editor's.
  const callService = vi.fn(async (_operation: string) => ({}));
  render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      authProvider={admin}
      i18nProvider={i18nProvider}
    >
      <WithSlots>
        <GroupDevices database={3} devices={devices} readOnly={readOnly} onRemove={onRemove} />
      </WithSlots>
    </AdminContext>,
  );
  return { callService, onRemove };
}

describe("the group editor's devices (group-devices, from memory)", () => {
  it('lists the held devices by MID, 10 a page, each with its remove button', async () => {
    const { callService, onRemove } = renderDevices(false);
    const table = await screen.findByRole('table', { name: 'Dispositivos del grupo (12)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0].textContent).toContain('mid-00');
    expect(rows[9].textContent).toContain('mid-09');
    expect(rows[0].textContent).toContain('Android');
    fireEvent.click(within(table).getByRole('button', { name: 'Quitar mid-01' }));
    // mid-01 is the device i = 7 ((7 * 7) % 12 = 1).
    expect(onRemove).toHaveBeenCalledWith(107);
    expect(callService.mock.calls.map(([operation]) => operation)).not.toContain(
      'devicesWithPages',
    );
  });

  it('offers no remove button in read-only mode', async () => {
    renderDevices(true);
    const table = await screen.findByRole('table', { name: 'Dispositivos del grupo (12)' });
    expect(within(table).queryByRole('button', { name: /^Quitar / })).toBeNull();
  });
});
