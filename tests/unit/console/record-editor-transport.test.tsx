// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError, type AuthProvider } from 'react-admin';
import type { TableColumn } from '../../../protocol/table-data';
import { i18nProvider, loadLaterMessages } from '../../../src/i18n/i18nProvider';
import { RecordEditor } from '../../../src/custom/tables/RecordEditor';

const COLUMNS: TableColumn[] = [
  {
    COLUMN_NAME: 'CODE',
    ORDINAL_POSITION: 1,
    COLUMN_DEFAULT: null,
    IS_NULLABLE: 'YES',
    DATA_TYPE: 'text',
    CHARACTER_MAXIMUM_LENGTH: null,
    PRIMARY_KEY: true,
    GENERATED: false,
  },
];

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  canAccess: async () => true,
};

function renderEditor(failure: Error) {
  const onClose = vi.fn();
  const updateTableData = vi.fn(async () => {
    throw failure;
  });
  render(
    <AdminContext
      dataProvider={{ updateTableData } as never}
      authProvider={auth}
      i18nProvider={i18nProvider}
    >
      <RecordEditor
        database={1}
        table="codes"
        columns={COLUMNS}
        target={{ action: 'edit', row: { CODE: 'A' } }}
        onClose={onClose}
        onSaved={() => undefined}
      />
    </AdminContext>,
  );
  return { onClose, updateTableData };
}

beforeAll(() => loadLaterMessages());
afterEach(() => cleanup());

describe('the record editor when saving fails (001 §8)', () => {
  it('closes on a transport failure (no answer from the server)', async () => {
    const { onClose } = renderEditor(new TypeError('Failed to fetch'));
    fireEvent.change(await screen.findByLabelText('CODE'), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('stays open with the server’s refusal in it', async () => {
    const { onClose, updateTableData } = renderEditor(
      new HttpError('La columna CODE no admite ese valor.', 200),
    );
    fireEvent.change(await screen.findByLabelText('CODE'), { target: { value: 'B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updateTableData).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('La columna CODE no admite ese valor.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
