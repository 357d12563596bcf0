// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { UserManager } from 'oidc-client-ts';
import { useEffect } from 'react';
import { AdminContext, useNotificationContext, useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServiceClient } from '../../../src/dataProvider';
import {
  announceEmptyDownload,
  rememberRefusal,
  surfaceOf,
  takeRefusal,
} from '../../../src/dataProvider/surfaces';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { RefusalSurfaces } from '../../../src/layout/RefusalSurfaces';

const userManager = { getUser: async () => ({ access_token: 'abc' }) } as unknown as UserManager;
const refusing = (code: string, description: string) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ error: { code, description }, result: null }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

afterEach(() => cleanup());

describe('how a refusal is shown (002 §8, 001 §8)', () => {
  it('maps "-1" to an information dialog, "-2" to a warning, the devices listing to Atención!', () => {
    expect(surfaceOf('saveDevice', '-1')).toBe('info');
    expect(surfaceOf('saveDevice', '-2')).toBe('warning');
    expect(surfaceOf('devicesWithPages', '-1')).toBe('attention');
    expect(surfaceOf('devicesWithPages', '-2')).toBe('warning');
    for (const code of ['0', '401', '403', '500', undefined]) {
      expect(surfaceOf('saveDevice', code)).toBeNull();
    }
  });

  it('remembers a refusal by its description, once, for a while', () => {
    rememberRefusal('saveDevice', '-2', 'Cuidado', 1000);
    expect(takeRefusal('Cuidado', 2000)).toBe('warning');
    expect(takeRefusal('Cuidado', 2000)).toBeNull();
    rememberRefusal('saveDevice', '-1', 'Tarde', 1000);
    expect(takeRefusal('Tarde', 1000 + 31_000)).toBeNull();
    rememberRefusal('saveDevice', '-1', 'Sin permiso.', 1000);
    expect(takeRefusal('Operación fallida: Sin permiso.', 1000)).toBe('info');
    rememberRefusal('saveDevice', '500', 'Interno', 1000);
    expect(takeRefusal('Interno', 1000)).toBeNull();
  });

  it.each([
    ['-1', 'Información', 'El proyecto no tiene grupos.'],
    ['-2', 'Aviso', 'La licencia caduca mañana.'],
  ])('code %s notified by a screen opens the %s dialog, not a toast', async (code, title, text) => {
    const callService = createServiceClient(userManager, { fetch: refusing(code, text) });
    function Screen() {
      const notify = useNotify();
      useEffect(() => {
        callService('saveDevice', {}).catch((error: Error) =>
          notify(error.message, { type: 'error' }),
        );
      }, [notify]);
      return <Queue />;
    }
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RefusalSurfaces>
          <Screen />
        </RefusalSurfaces>
      </AdminContext>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(within(dialog).getByText(text)).toBeTruthy();
    expect(screen.getByTestId('queue').textContent).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
  });

  it('says Atención! and what to create when the devices listing answers "-1"', async () => {
    const callService = createServiceClient(userManager, {
      fetch: refusing('-1', 'No existe la tabla de usuarios.'),
    });
    function Screen() {
      const notify = useNotify();
      useEffect(() => {
        callService('devicesWithPages', {}).catch((error: Error) => notify(error.message));
      }, [notify]);
      return null;
    }
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RefusalSurfaces>
          <Screen />
        </RefusalSurfaces>
      </AdminContext>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Atención!' });
    expect(
      within(dialog).getByText(
        'Debe crear la tabla de usuarios y compañías para empezar a trabajar.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('No existe la tabla de usuarios.')).toBeTruthy();
  });

  it('leaves other notifications as toasts, and warns of an empty download', async () => {
    function Screen() {
      const notify = useNotify();
      useEffect(() => {
        notify('Otro fallo', { type: 'error' });
      }, [notify]);
      return <Queue />;
    }
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RefusalSurfaces>
          <Screen />
        </RefusalSurfaces>
      </AdminContext>,
    );
    act(() => announceEmptyDownload());
    expect((await screen.findByTestId('queue')).textContent).toBe('Otro fallo|app.empty_download');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(i18nProvider.translate('app.empty_download')).toBe('El fichero descargado está vacío.');
  });
});

/** The toasts waiting to be shown. */
function Queue() {
  const { notifications } = useNotificationContext();
  return <span data-testid="queue">{notifications.map((n) => String(n.message)).join('|')}</span>;
}
