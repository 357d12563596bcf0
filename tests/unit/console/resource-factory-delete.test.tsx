// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { DeleteConfirm } from '../../../src/resources/factory/DeleteConfirm';

const rows = [
  { id: 1, title: 'Sede central' },
  { id: 2, title: 'Almacén' },
];

function renderConfirm(
  records: (typeof rows)[number][] | Record<string, unknown>[],
  callService = vi.fn(async () => true),
) {
  render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      i18nProvider={i18nProvider}
    >
      <DeleteConfirm
        definition={ENVIRONMENTS}
        records={records}
        ids={records.map((r) => r.id as number)}
        open
        onClose={() => undefined}
      />
    </AdminContext>,
  );
  return callService;
}

afterEach(cleanup);

describe('delete confirmation', () => {
  it('names one record by its label field', async () => {
    renderConfirm(rows.slice(0, 1));
    expect(
      await screen.findByText('¿Quiere borrar «Sede central»? No se puede deshacer.'),
    ).toBeTruthy();
    expect(screen.getByText('Borrar entorno')).toBeTruthy();
  });

  it('counts several, and deletes each through the delete call', async () => {
    const callService = renderConfirm(rows);
    expect(
      await screen.findByText('¿Quiere borrar 2 entornos? No se puede deshacer.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Borrar|Eliminar/ }));
    await vi.waitFor(() => expect(callService).toHaveBeenCalledTimes(2));
    expect(callService).toHaveBeenCalledWith('environmentsDelete', { id: 2 });
  });

  it('leaves out an undeletable record (the system environment) and names it', async () => {
    const callService = renderConfirm([
      { id: 1, title: 'Local', system: true },
      ...rows.slice(1).map((row) => ({ ...row, system: false })),
    ]);
    expect(
      await screen.findByText(
        '¿Quiere borrar «Almacén»? No se puede deshacer. «Local» no se puede borrar: se queda.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Borrar|Eliminar/ }));
    await vi.waitFor(() => expect(callService).toHaveBeenCalledTimes(1));
    expect(callService).toHaveBeenCalledWith('environmentsDelete', { id: 2 });
  });
});
