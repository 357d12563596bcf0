// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import MamDashboard from '../../../src/custom/mam/MamDashboard';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

const UNAVAILABLE = ['PendingProv', 'PendingUpdates', 'DevicesPendingSelectividad'];

function fakeDataProvider() {
  return {
    session: async () => ({ saved: null }),
    projects: async () => ({ data: [{ numero: 7, name: 'Demo', owner: true }], total: 1 }),
    activeDevices: vi.fn(async (database: number) => ({
      database,
      Total: 12400,
      Active: 12000,
      Disabled: 400,
      Online: 3100,
      Licensed: 9500,
      MaxLicenses: 20000,
    })),
    activityDevices: vi.fn(async () => ({
      Total: 12400,
      NoReplicate: 17,
      MoreXPendingOps: 2,
      ...Object.fromEntries(UNAVAILABLE.map((name) => [name, 0])),
      DeviceMoreOpersPending: 'DEV-0042',
      ItsOpersPending: 15300,
      QUEUEOpers: 120,
      IQUEUEOpers: 48000,
      SQUEUEOpers: 310000,
      unavailable: UNAVAILABLE,
    })),
  };
}

function renderDashboard(dataProvider: ReturnType<typeof fakeDataProvider>) {
  return render(
    <TestMemoryRouter initialEntries={['/app/mamdash?database=7']}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <MamDashboard />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** The value shown for a figure: the description (dd) that follows its term (dt). */
function figure(region: HTMLElement, term: string) {
  return within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

afterEach(cleanup);

describe('the MAM dashboard', () => {
  it('shows the fleet summary of the chosen project', async () => {
    const dataProvider = fakeDataProvider();
    renderDashboard(dataProvider);
    const fleet = await screen.findByRole('region', { name: 'Flota' });
    expect(await within(fleet).findByText('Activos', { selector: 'dt' })).toBeTruthy();
    // Spanish groups thousands with a dot from five digits on (9500, 12.400).
    expect(figure(fleet, 'Total')).toBe('12.400');
    expect(figure(fleet, 'Activos')).toBe('12.000');
    expect(figure(fleet, 'Desactivados')).toBe('400');
    expect(figure(fleet, 'En línea')).toBe('3100');
    expect(within(fleet).getByText('Licencias usadas de máximas')).toBeTruthy();
    expect(within(fleet).getByText('9500 de 20.000')).toBeTruthy();
    expect(dataProvider.activeDevices).toHaveBeenCalledWith(7, expect.anything());
  });

  it('shows the counted activity figures and names the uncounted ones without a zero', async () => {
    renderDashboard(fakeDataProvider());
    const activity = await screen.findByRole('region', { name: 'Actividad' });
    await within(activity).findByText('Sin replicar nunca', { selector: 'dt' });
    expect(figure(activity, 'Sin replicar nunca')).toBe('17');
    expect(figure(activity, 'Total de dispositivos')).toBe('12.400');
    expect(figure(activity, 'Dispositivo con más operaciones pendientes')).toBe('DEV-0042');
    expect(figure(activity, 'Operaciones pendientes de ese dispositivo')).toBe('15.300');
    expect(figure(activity, 'Operaciones por enviar a los dispositivos')).toBe('310.000');
    expect(figure(activity, 'Con más de 1000 operaciones pendientes')).toBe('2');

    const later = within(activity).getByRole('region', { name: 'Todavía sin contar' });
    const names = within(later)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toHaveLength(UNAVAILABLE.length);
    expect(names).toContain('Actualizaciones pendientes');
    expect(names).toContain('Aprovisionamiento pendiente');
    // An uncounted counter is never shown as a figure (no dt/dd pair, so no false 0).
    expect(
      within(activity).queryByText('Actualizaciones pendientes', { selector: 'dt' }),
    ).toBeNull();
  });

  it('links to the project’s devices and overview', async () => {
    renderDashboard(fakeDataProvider());
    const devices = await screen.findByRole('link', { name: 'Ver dispositivos' });
    expect(devices.getAttribute('href')).toBe('/app/devicelist?database=7');
    expect(screen.getByRole('link', { name: 'Resumen' }).getAttribute('href')).toBe(
      '/app/database?database=7',
    );
  });
});
