// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { EnvironmentEntry } from '../../../protocol/projects';
import EnvironmentsDashboard from '../../../src/custom/environments/EnvironmentsDashboard';
import { dashboardRedirect, redirectPath } from '../../../src/custom/environments/connectRules';
import { gaugeTone } from '../../../src/custom/environments/LicenceGauges';
import { installRequestOf } from '../../../src/custom/environments/installRequest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { environmentUserManager } from '../../../src/environments/externalSessions';

function environment(id: number, changes: Partial<EnvironmentEntry> = {}): EnvironmentEntry {
  return {
    id,
    title: `Entorno ${id}`,
    address: `https://env${id}.example.com`,
    authority: `https://env${id}.example.com/oidc`,
    port: 443,
    system: true,
    external: false,
    maxLicences: 100,
    assignedLicences: 80,
    usedLicences: 10,
    freeLicences: 20,
    projects: 2,
    datemask: 'dd/mm/yyyy',
    graph: [
      { id: 'assigned', title: 'assigned', current: 80, max: 100 },
      { id: 'used', title: 'used', current: 10, max: 100 },
      { id: 'free', title: 'free', current: 20, max: 100 },
    ],
    ...changes,
  };
}

function renderDashboard(rows: EnvironmentEntry[], entry = '/app/mam') {
  const locations: string[] = [];
  const dataProvider = { environments: vi.fn(async () => ({ data: rows, total: rows.length })) };
  render(
    <TestMemoryRouter
      initialEntries={[entry]}
      locationCallback={(location) => locations.push(location.pathname + location.search)}
    >
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <EnvironmentsDashboard />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return locations;
}

const none = { redirect: null, serverid: null, database: null };

beforeEach(() => {
  // The external environment does not answer; the system one does.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('https://env2')) throw new TypeError('Failed to fetch');
      return new Response('{"version":"1"}', { status: 200 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard redirect rule (000 §2)', () => {
  it('goes straight to the connect screen of the only environment when no redirect is given', () => {
    expect(dashboardRedirect(none, [7])).toBe('/app/serverconnect?server=7');
    expect(dashboardRedirect(none, [7, 8])).toBeNull();
    expect(dashboardRedirect(none, undefined)).toBeNull();
  });

  it('stays on the dashboard when the redirect names it', () => {
    expect(dashboardRedirect({ ...none, redirect: 'app.mam' }, [7])).toBeNull();
  });

  it('sends any other redirect to the connect screen for its server and database', () => {
    const params = { redirect: 'app.mamdash', serverid: '8', database: '12' };
    expect(dashboardRedirect(params, [7, 8])).toBe(
      '/app/serverconnect?server=8&database=12&redirect=app.mamdash',
    );
    expect(dashboardRedirect(params, undefined)).toBe(
      '/app/serverconnect?server=8&database=12&redirect=app.mamdash',
    );
  });

  it('opens the database on the screen the redirect names, when this console has it', () => {
    expect(redirectPath('app.mamdash')).toBe('/app/mamdash');
    expect(redirectPath('app.mam')).toBeNull();
    expect(redirectPath('app.unknown')).toBeNull();
    expect(redirectPath('https://evil.example.com')).toBeNull();
  });
});

describe('the environments dashboard', () => {
  it('navigates to the connect screen when the company has one environment', async () => {
    const locations = renderDashboard([environment(7)]);
    await vi.waitFor(() => expect(locations.at(-1)).toBe('/app/serverconnect?server=7'));
  });

  it('shows each environment with its gauges, login flag and offline badge', async () => {
    renderDashboard([
      environment(1),
      environment(2, { system: false, external: true, title: 'Remoto', freeLicences: 70 }),
    ]);
    const local = await screen.findByRole('region', { name: 'Entorno 1' });
    const remote = screen.getByRole('region', { name: 'Remoto' });
    expect(within(local).getByText('Sistema')).toBeTruthy();
    expect(within(local).getByText('20 licencias libres de 100')).toBeTruthy();
    expect(within(local).getByRole('progressbar', { name: 'Asignadas' })).toBeTruthy();
    expect(within(remote).getByText('Externo')).toBeTruthy();
    expect(within(remote).getByText('Usuario: No conectado')).toBeTruthy();
    expect(await within(remote).findByText('Sin conexión')).toBeTruthy();
    expect(within(remote).queryByRole('button', { name: 'Conectar' })).toBeNull();
    // The login flag's client loads late: let it finish while this test's window still exists.
    const manager = await environmentUserManager({
      id: 2,
      authority: 'https://env2.example.com/oidc',
    });
    await manager.getUser();
  });
});

describe('licence colours (000 §9) and the install request', () => {
  it('colours assigned and used by usedTone, free by freeTone', () => {
    expect(gaugeTone({ id: 'assigned', title: '', current: 80, max: 100 })).toBe('error');
    expect(gaugeTone({ id: 'used', title: '', current: 10, max: 100 })).toBe('success');
    expect(gaugeTone({ id: 'free', title: '', current: 20, max: 100 })).toBe('error');
    expect(gaugeTone({ id: 'free', title: '', current: 61, max: 100 })).toBe('success');
  });

  it('reads oper=install&url=<manager>|<authority>', () => {
    const params = new URLSearchParams(
      'oper=install&url=https://b.example.com/|https://b.example.com/oidc',
    );
    expect(installRequestOf(params)).toEqual({
      manager: 'https://b.example.com',
      authority: 'https://b.example.com/oidc',
    });
    expect(installRequestOf(new URLSearchParams('oper=install&url=ftp://x|y'))).toBe('invalid');
    expect(installRequestOf(new URLSearchParams('url=https://a|https://b'))).toBeNull();
  });
});
