// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { FleetSummaryResponse } from '../../../protocol/fleet';
import { FleetSection } from '../../../src/custom/home/FleetSection';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

const EMPTY: FleetSummaryResponse = {
  database: 7,
  name: 'Almacén',
  total: 0,
  online: 0,
  lowBattery: 0,
  notSyncedToday: 0,
  platforms: [],
  recentErrors: [],
  recentCommands: [],
};

const FLEET: FleetSummaryResponse = {
  ...EMPTY,
  name: 'Reparto',
  total: 12400,
  online: 3100,
  lowBattery: 12,
  notSyncedToday: 840,
  platforms: [
    { platform: 'ANDROID', devices: 9000 },
    { platform: 'WINDOWS32', devices: 3400 },
  ],
  recentErrors: [
    { ID: 5, MID: 'TAB-9', TIMESTAMP: '2026-11-25T09:00:00Z', DESCRIPTION: 'disk full' },
  ],
  recentCommands: [
    { ID: 3, MID: 'TAB-1', CMD: 'toast', STATE: 'timeout', CREATED: '2026-11-25T09:01:00Z' },
  ],
};

function renderFleet(
  projects: { numero: number; name: string }[],
  summary: () => Promise<FleetSummaryResponse>,
) {
  const dataProvider = {
    session: async () => ({ saved: null }),
    projects: async () => ({ data: projects, total: projects.length }),
    fleetSummary: vi.fn(summary),
  };
  render(
    <TestMemoryRouter initialEntries={['/app/home']}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <FleetSection />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return dataProvider;
}

afterEach(cleanup);

describe("the home page's fleet", () => {
  it('links each figure to the device list narrowed to it, platforms by name', async () => {
    renderFleet([{ numero: 7, name: 'Reparto' }], async () => FLEET);
    const online = await screen.findByRole('link', { name: /3100 En línea ahora/ });
    const filter = (link: HTMLElement) =>
      JSON.parse(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!);
    expect(filter(online)).toEqual({ connection: 'online' });
    expect(filter(screen.getByRole('link', { name: /12 Batería baja/ }))).toEqual({
      fleet: 'lowBattery',
    });
    expect(filter(screen.getByRole('link', { name: /840 Sin sincronizar hoy/ }))).toEqual({
      status: 1,
    });
    const platforms = screen.getByRole('region', { name: 'Por plataforma' });
    expect(within(platforms).getByRole('link', { name: 'Windows (32 bits): 3400' })).toBeTruthy();
    expect(platforms.textContent).not.toMatch(/WINDOWS32|ANDROID/);
    const commands = screen.getByRole('region', { name: 'Comandos recientes' });
    expect(commands.textContent).toContain('Mensaje breve · sin respuesta (tiempo agotado)');
    const device = within(screen.getByRole('region', { name: 'Errores recientes' })).getByRole(
      'link',
      { name: 'TAB-9' },
    );
    expect(filter(device)).toEqual({ rowfilter: { MID: 'TAB-9' }, rowfilteroper: { MID: 5 } });
  });

  it('says so when the project has no devices yet, with the way to its list', async () => {
    renderFleet([{ numero: 7, name: 'Almacén' }], async () => EMPTY);
    expect(await screen.findByText(/El proyecto Almacén aún no tiene dispositivos/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /En línea ahora/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver dispositivos' }).getAttribute('href')).toBe(
      '/app/devicelist?database=7',
    );
  });

  it('says so when the caller has no projects, without asking for figures', async () => {
    const dataProvider = renderFleet([], async () => EMPTY);
    expect(await screen.findByText(/Aún no tiene proyectos/)).toBeTruthy();
    expect(dataProvider.fleetSummary).not.toHaveBeenCalled();
  });

  it('offers a project picker when the caller reaches several', async () => {
    renderFleet(
      [
        { numero: 7, name: 'Reparto' },
        { numero: 8, name: 'Almacén' },
      ],
      async () => FLEET,
    );
    expect(await screen.findByRole('combobox', { name: 'Proyecto' })).toBeTruthy();
  });
});
