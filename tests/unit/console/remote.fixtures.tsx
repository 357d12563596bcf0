import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  AdminContext,
  memoryStore,
  Notification,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { createDataProvider } from '../../../src/dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

/** Renders remote console parts with a fake data provider, in Spanish, with toasts. */
export function renderRemote(provider: Record<string, unknown>, ui: ReactNode) {
  return render(
    <AdminContext dataProvider={provider as unknown as DataProvider} i18nProvider={i18nProvider}>
      {ui}
      <Notification />
    </AdminContext>,
  );
}

/** A fake services call: the operation and its parameter in, the answer out. */
export type FakeService = (operation: string, parameter: Record<string, unknown>) => unknown;

/** A company administrator, as the console's auth provider answers its permissions. */
const administrator: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({
    profile: { role: 'EMPRESA', rights: 'ADMINISTRADOR' },
    menu: [],
  }),
  canAccess: async () => true,
};

/**
 * Renders parts that hold declared lists (the device dialog's tabs) over the real data
 * provider, whose calls a fake services call answers; signed in as a company administrator.
 */
export function renderWithServices(service: FakeService, ui: ReactNode) {
  const callService = async (operation: string, parameter: unknown) =>
    service(operation, (parameter ?? {}) as Record<string, unknown>);
  return render(
    <AdminContext
      dataProvider={createDataProvider(callService as never)}
      authProvider={administrator}
      i18nProvider={i18nProvider}
      store={memoryStore()}
    >
      {ui}
      <Notification />
    </AdminContext>,
  );
}
