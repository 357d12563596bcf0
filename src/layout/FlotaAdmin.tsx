import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { CssBaseline } from '@mui/material';
import { CoreAdminUI } from 'ra-core';
import { AdminContext, LoadingPage, type AdminProps } from 'react-admin';
import { DeferredNotification } from './DeferredNotification';
import { RefusalSurfaces } from './RefusalSurfaces';
import type * as RarePages from './rarePages';

type RarePage = keyof typeof RarePages;

/** A page of rarePages.ts, fetched when it is shown. */
function rarePage<Props extends object = object>(name: RarePage) {
  const Page = lazy(() =>
    import('./rarePages').then((pages) => ({ default: pages[name] as ComponentType<Props> })),
  );
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={null}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const AuthCallback = rarePage('AuthCallback');
const AuthenticationError = rarePage('AuthenticationError');
const NotFound = rarePage('NotFound');
/** The page shown when a page fails (also PageErrorBoundary's). */
export const ErrorPage = rarePage<ComponentProps<typeof RarePages.Error>>('Error');

/**
 * react-admin's `<Admin>` (AdminContext + AdminUI) without what its defaults bring into the
 * first chunk and this console never shows: the login page and its form (react-hook-form) —
 * sign-in is the identity provider's page. Rare pages (the error page too) are lazy. Takes
 * `<Admin>`'s props.
 */
export function FlotaAdmin({
  authProvider,
  dataProvider,
  i18nProvider,
  store,
  theme,
  lightTheme,
  darkTheme,
  defaultTheme,
  queryClient,
  basename,
  routerProvider,
  notification: AppNotification = DeferredNotification,
  ...ui
}: AdminProps) {
  return (
    <AdminContext
      {...{ authProvider, dataProvider, i18nProvider, store, theme, lightTheme, darkTheme }}
      {...{ defaultTheme, queryClient, basename, routerProvider }}
    >
      <CssBaseline enableColorScheme>
        <RefusalSurfaces>
          <CoreAdminUI
            authCallbackPage={AuthCallback}
            authenticationError={AuthenticationError}
            catchAll={NotFound}
            error={ErrorPage}
            loading={LoadingPage}
            loginPage={false}
            {...ui}
          />
          <AppNotification />
        </RefusalSurfaces>
      </CssBaseline>
    </AdminContext>
  );
}
