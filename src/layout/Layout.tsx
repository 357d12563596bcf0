import { Suspense, type ReactNode } from 'react';
import { Layout as RaLayout, Loading } from 'react-admin';
import { AppBar } from './AppBar';
import { LocaleTheme } from './LocaleTheme';
import { Menu } from './Menu';
import { NewVersionNotice } from './NewVersionNotice';
import { SessionEffects } from './SessionEffects';

/** react-admin's layout (its sidebar collapses on phones) with the console's app bar and menu. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <LocaleTheme>
      <RaLayout appBar={AppBar} menu={Menu}>
        <SessionEffects />
        <NewVersionNotice />
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </RaLayout>
    </LocaleTheme>
  );
}
