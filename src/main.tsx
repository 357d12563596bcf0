import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Alert } from '@mui/material';
import { App } from './App';
import {
  createAuthProvider,
  createOidcSession,
  createUserManager,
  watchSession,
} from './authProvider';
import { loadConfig, type ConsoleConfig } from './config';
import { createDataProvider, createServiceClient } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { storedLocale } from './i18n/storedLocale';

const root = createRoot(document.getElementById('root')!);
const getLocale = () => i18nProvider.getLocale();

async function showConfigError(error: unknown) {
  console.error('Could not load /api/config', error);
  await i18nProvider.changeLocale(storedLocale()).catch(() => undefined);
  root.render(
    <Alert severity="error" sx={{ m: 2 }}>
      {i18nProvider.translate('app.config_error')}
    </Alert>,
  );
}

/** The configuration comes first: it names the identity provider the UserManager talks to. */
async function start(known?: ConsoleConfig) {
  const config = known ?? (await loadConfig());
  const userManager = createUserManager(config);
  const session = createOidcSession(userManager, getLocale);
  const callService = createServiceClient(userManager, { getLocale });
  const authProvider = createAuthProvider(userManager, { session, callService });
  watchSession(session);
  const dataProvider = createDataProvider(callService);
  // A browser data router: real paths (/app/home), not react-admin's default hash router.
  const router = createBrowserRouter([
    { path: '*', element: <App authProvider={authProvider} dataProvider={dataProvider} /> },
  ]);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

/**
 * The app, started by the boot script (src/boot/boot.ts) for a browser that holds a session,
 * with the configuration the boot script already loaded.
 */
export function startConsole(config?: ConsoleConfig): Promise<void> {
  return start(config).catch(showConfigError);
}
