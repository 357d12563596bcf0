// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { MdmDashboardResponse } from '../../../protocol/mdm/dashboard';
import MdmDashboardPage from '../../../src/custom/mdmdash/MdmDashboardPage';
import { i18nProvider, loadLaterMessages } from '../../../src/i18n/i18nProvider';

const FIGURES: MdmDashboardResponse = {
  platforms: [
    { platform: 'android', devices: 1200 },
    { platform: 'ios', devices: 30 },
  ],
  compliance: [
    { compliance: 'compliant', devices: 1100 },
    { compliance: 'noncompliant', devices: 130 },
  ],
  reasons: [{ reason: 'API_LEVEL', devices: 90 }],
  pending: 4,
  commandsInFlight: 7,
  unseen: 12,
  unseenSince: '2026-11-22T10:00:00.000Z',
};

function renderDashboard() {
  const dataProvider = { mdmDashboard: async () => FIGURES };
  return render(
    <TestMemoryRouter initialEntries={['/app/mdmdash']}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <MdmDashboardPage />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const filterOf = (link: HTMLElement) =>
  JSON.parse(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!);

beforeAll(() => loadLaterMessages());
afterEach(cleanup);

describe('the MDM dashboard', () => {
  it('links every figure to the managed-devices list filtered as it counts', async () => {
    renderDashboard();
    const android = await screen.findByRole('link', { name: /^Android\s*1200$/ });
    expect(android.getAttribute('href')).toMatch(/^\/app\/mdmadmin\?filter=/);
    expect(filterOf(android)).toEqual({ state: 'active', platform: 'android' });
    const noncompliant = screen.getByRole('link', { name: /^No cumple\s*130$/ });
    expect(filterOf(noncompliant)).toEqual({ state: 'active', compliance: 'noncompliant' });
    // A reason by its label, not its code.
    const reason = screen.getByRole('link', {
      name: /^Versión del sistema demasiado antigua\s*90$/,
    });
    expect(filterOf(reason)).toEqual({ state: 'active', reasons: 'API_LEVEL' });
    expect(filterOf(screen.getByRole('link', { name: /^Esperan aprobación\s*4$/ }))).toEqual({
      state: 'pending',
    });
    expect(filterOf(screen.getByRole('link', { name: /^Sin contacto en 7 días\s*12$/ }))).toEqual({
      state: 'active',
      lastSeen: '~2026-11-22T10:00:00.000Z',
    });
    // The commands in flight have no list of their own: a figure, not a link.
    expect(screen.getByText('Órdenes en curso')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Órdenes en curso/ })).toBeNull();
    expect(screen.getByText('1230 dispositivos gestionados')).toBeTruthy();
  });
});
