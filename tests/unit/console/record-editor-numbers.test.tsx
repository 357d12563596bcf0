// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider } from 'react-admin';
import type { TableColumn } from '../../../protocol/table-data';
import { i18nProvider, loadLaterMessages } from '../../../src/i18n/i18nProvider';
import { RecordEditor } from '../../../src/custom/tables/RecordEditor';

const column = (name: string, type: string, key = false): TableColumn => ({
  COLUMN_NAME: name,
  ORDINAL_POSITION: 1,
  COLUMN_DEFAULT: null,
  IS_NULLABLE: 'YES',
  DATA_TYPE: type,
  CHARACTER_MAXIMUM_LENGTH: null,
  PRIMARY_KEY: key,
  GENERATED: false,
});
const COLUMNS = [
  column('CODE', 'text', true),
  column('PRICE', 'numeric'),
  column('UNITS', 'bigint'),
];
const ROW = { CODE: 'A', PRICE: '3.10', UNITS: 7 };

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  canAccess: async () => true,
};

function renderEditor(language: 'es' | 'en') {
  const updateTableData = vi.fn(async () => ({ statement: 'UPDATE', affected: 1 }));
  const dataProvider = { updateTableData } as never;
  render(
    <AdminContext dataProvider={dataProvider} authProvider={auth} i18nProvider={i18nProvider}>
      <RecordEditor
        database={1}
        table="prices"
        columns={COLUMNS}
        target={{ action: 'edit', row: ROW }}
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    </AdminContext>,
  );
  return { updateTableData, language };
}

beforeAll(() => loadLaterMessages());
afterEach(async () => {
  cleanup();
  await i18nProvider.changeLocale('es');
});

const sentChanges = (call: ReturnType<typeof vi.fn>) =>
  (call.mock.calls[0] as unknown as [number, { changes: Record<string, unknown> }])[1].changes;

describe('the record editor reads numbers in the console language', () => {
  it('shows the stored value with the decimal comma and sends 3.25 for "3,25" in Spanish', async () => {
    const { updateTableData } = renderEditor('es');
    const price = (await screen.findByLabelText('PRICE')) as HTMLInputElement;
    expect(price.value).toBe('3,10');
    fireEvent.change(price, { target: { value: '3,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updateTableData).toHaveBeenCalledTimes(1));
    expect(sentChanges(updateTableData)).toEqual({ PRICE: 3.25 });
  });

  it('sends 3.25 for "3.25" in English', async () => {
    await i18nProvider.changeLocale('en');
    const { updateTableData } = renderEditor('en');
    const price = (await screen.findByLabelText('PRICE')) as HTMLInputElement;
    expect(price.value).toBe('3.10');
    fireEvent.change(price, { target: { value: '3.25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateTableData).toHaveBeenCalledTimes(1));
    expect(sentChanges(updateTableData)).toEqual({ PRICE: 3.25 });
  });

  it('keeps every digit of a big integer and sends it as text', async () => {
    const { updateTableData } = renderEditor('es');
    const units = await screen.findByLabelText('UNITS');
    fireEvent.change(units, { target: { value: '9007199254740993' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updateTableData).toHaveBeenCalledTimes(1));
    expect(sentChanges(updateTableData)).toEqual({ UNITS: '9007199254740993' });
  });

  it('refuses what it cannot read, with the reason, and sends nothing', async () => {
    const { updateTableData } = renderEditor('es');
    const price = await screen.findByLabelText('PRICE');
    fireEvent.change(price, { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/«1\.234» puede ser un número con decimales/)).toBeTruthy();
    fireEvent.change(price, { target: { value: '3 kilos' } });
    expect(await screen.findByText(/«3 kilos» no es un número/)).toBeTruthy();
    expect(updateTableData).not.toHaveBeenCalled();
  });

  it('refuses a decimal comma in English', async () => {
    await i18nProvider.changeLocale('en');
    const { updateTableData } = renderEditor('en');
    const price = await screen.findByLabelText('PRICE');
    fireEvent.change(price, { target: { value: '3,25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/“3,25” has a thousands separator out of place/)).toBeTruthy();
    expect(updateTableData).not.toHaveBeenCalled();
  });
});
