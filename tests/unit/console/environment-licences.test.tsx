// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type DataProvider } from 'react-admin';
import type { ProjectEntry } from '../../../protocol/projects';
import { LicenceDialog } from '../../../src/custom/environments/LicenceDialog';
import { licenceDecision } from '../../../src/custom/environments/licenceDecision';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

const environment = {
  id: 1,
  title: 'Local',
  address: 'http://127.0.0.1',
  authority: 'http://127.0.0.1/oidc',
  external: false,
};
const project = {
  numero: 4,
  pid: 'p-4',
  name: 'Demo',
  dbname: 'demo',
  licences: 10,
  licensesInUse: 6,
  owner: true,
} as ProjectEntry;

function renderDialog(free = 3) {
  const dataProvider = {
    admlicenses: vi.fn(async (request: { licadd: number }) => 10 + request.licadd),
  };
  const onClose = vi.fn();
  render(
    <TestMemoryRouter>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        <LicenceDialog
          scope={{ environment, remoteId: 1 }}
          project={project}
          free={free}
          onClose={onClose}
        />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { dataProvider, onClose };
}

function ask(count: string) {
  fireEvent.change(screen.getByLabelText('Licencias asignadas'), { target: { value: count } });
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
}

afterEach(cleanup);

describe('the licence decision', () => {
  it('reads only whole counts from 0 up', () => {
    for (const typed of ['', '-1', '2.5', 'abc']) {
      expect(licenceDecision({ assigned: 1, typed, inUse: 0, free: 5 })).toEqual({
        kind: 'invalid',
      });
    }
    expect(licenceDecision({ assigned: 1, typed: ' 3 ', inUse: 0, free: 5 })).toEqual({
      kind: 'increase',
      delta: 2,
    });
  });
});

describe('the licence dialog', () => {
  it('does nothing when the count is unchanged', () => {
    const { dataProvider, onClose } = renderDialog();
    ask('10');
    expect(onClose).toHaveBeenCalled();
    expect(dataProvider.admlicenses).not.toHaveBeenCalled();
  });

  it('refuses fewer licences than those in use', () => {
    const { dataProvider } = renderDialog();
    ask('5');
    expect(
      screen.getByText('No puede dejar menos licencias que las que están en uso (6).'),
    ).toBeTruthy();
    expect(dataProvider.admlicenses).not.toHaveBeenCalled();
  });

  it('refuses more than the free licences with the no-more-licences message', () => {
    const { dataProvider } = renderDialog(3);
    ask('14');
    expect(screen.getByText('No hay más licencias libres en el entorno: quedan 3.')).toBeTruthy();
    expect(dataProvider.admlicenses).not.toHaveBeenCalled();
  });

  it('refuses a count that is not a whole number', () => {
    const { dataProvider } = renderDialog();
    ask('-2');
    expect(screen.getByText('Indique un número entero de 0 en adelante.')).toBeTruthy();
    expect(dataProvider.admlicenses).not.toHaveBeenCalled();
  });

  it('asks before an increase, then sends the difference', async () => {
    const { dataProvider, onClose } = renderDialog(3);
    ask('12');
    expect(screen.getByText('¿Añadir 2 licencias al proyecto Demo?')).toBeTruthy();
    expect(dataProvider.admlicenses).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dataProvider.admlicenses).toHaveBeenCalledWith(
      { database: 4, dbname: 'demo', licadd: 2 },
      { environment },
    );
  });

  it('words a decrease as a removal and sends it negative', async () => {
    const { dataProvider, onClose } = renderDialog(0);
    ask('7');
    expect(screen.getByText('¿Quitar 3 licencias del proyecto Demo?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dataProvider.admlicenses).toHaveBeenCalledWith(
      { database: 4, dbname: 'demo', licadd: -3 },
      { environment },
    );
  });
});
