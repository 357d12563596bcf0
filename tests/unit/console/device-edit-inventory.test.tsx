// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeProvider, LICENSED_DEVICE, renderDialog } from './device-edit.fixtures';
import { formatBytes, usage } from '../../../src/custom/devices/edit/inventoryFormat';

afterEach(cleanup);

async function openInventory(device = LICENSED_DEVICE) {
  renderDialog(fakeProvider([device]), 7);
  fireEvent.click(await screen.findByRole('tab', { name: 'Inventario' }));
}

describe('the inventory tab of the device edit dialog', () => {
  it('shows the battery level as a percentage bar, charging', async () => {
    await openInventory();
    const battery = await screen.findByRole('progressbar', { name: 'Batería' });
    expect(battery.getAttribute('aria-valuenow')).toBe('80');
    expect(battery.parentElement!.textContent).toContain('80 %');
    expect(screen.getByTitle('Cargando')).toBeTruthy();
  });

  it('shows RAM and internal storage in use over their totals', async () => {
    await openInventory();
    const ram = await screen.findByRole('progressbar', { name: 'Memoria RAM' });
    expect(ram.getAttribute('aria-valuenow')).toBe('75');
    expect(screen.getByText('6 GB usados de 8 GB')).toBeTruthy();
    const storage = screen.getByRole('progressbar', { name: 'Almacenamiento interno' });
    expect(storage.getAttribute('aria-valuenow')).toBe('75');
    // No external card reported: no bar for it.
    expect(screen.queryByRole('progressbar', { name: 'Almacenamiento externo' })).toBeNull();
  });

  it('lists the reported information as field and description rows', async () => {
    await openInventory();
    const table = await screen.findByRole('table', { name: 'Inventario' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('Fabricante').textContent).toContain('Samsung');
    expect(row('Rooteado').textContent).toContain('No');
    expect(row('RAM total').textContent).toContain('8 GB');
    expect(within(table).queryByRole('rowheader', { name: 'IMEI 2' })).toBeNull();
  });

  it('shows when the information and the GPS position last arrived, and the position', async () => {
    await openInventory();
    const after = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    await screen.findByText('Última actualización');
    expect(after('Última actualización')).toBe('05/06/2025, 10:30');
    expect(after('Última posición GPS')).toBe('05/06/2025, 10:31');
    expect(screen.getByText('40,41680')).toBeTruthy();
    expect(screen.getByText('12 m')).toBeTruthy();
  });

  it('says so when the device has not sent its inventory', async () => {
    await openInventory({ ...LICENSED_DEVICE, Inventory: null, Position: null });
    expect(
      await screen.findByText('El dispositivo todavía no ha enviado su inventario.'),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Batería' })).toBeNull();
  });

  it('keeps what was typed in the form while looking at the inventory', async () => {
    renderDialog(fakeProvider([LICENSED_DEVICE]), 7);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const owner = () => screen.getByLabelText('Propietario') as HTMLInputElement;
    await screen.findByRole('button', { name: 'Guardar' });
    fireEvent.change(owner(), { target: { value: 'Pedro' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Inventario' }));
    await screen.findByRole('progressbar', { name: 'Batería' });
    fireEvent.click(screen.getByRole('tab', { name: 'Dispositivo' }));
    expect(owner().value).toBe('Pedro');
  });
});

describe('inventory formatting', () => {
  it('writes sizes in MB below a gigabyte and GB above, in the console language', () => {
    expect(formatBytes(512 * 1024 ** 2, 'es')).toBe('512 MB');
    expect(formatBytes(1.5 * 1024 ** 3, 'es')).toBe('1,5 GB');
    expect(formatBytes(1.5 * 1024 ** 3, 'en')).toBe('1.5 GB');
  });

  it('computes the share in use, and nothing without a total', () => {
    expect(usage(100, 25)).toEqual({ used: 75, total: 100, percent: 75 });
    expect(usage(0, 0)).toBeNull();
    expect(usage(undefined, 10)).toBeNull();
  });
});
