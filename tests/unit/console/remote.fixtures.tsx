import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, Notification, type DataProvider } from 'react-admin';
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
