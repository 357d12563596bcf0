import { loadConfig, type ConsoleConfig } from '../config';
import { CALLBACK_PATH, OIDC_STORE_PREFIX, storedUserKey } from '../authProvider/oidcSettings';
import { rememberLocation } from '../authProvider/previousLocation';
import { storedLocale } from '../i18n/storedLocale';
import { PATHS } from '../paths';
import { authorizationEndpoint, signInUrl } from './signInRedirect';

/**
 * The console's first script (index.html), a few KB: a browser without a session is sent to
 * the sign-in page from here, before React, react-admin and MUI are fetched. Only a browser
 * holding a session (even an expired one: the app renews it silently), the sign-in callback
 * and the public access error page load the app (src/main.tsx).
 * Nothing here may import React, react-admin, MUI or oidc-client-ts: tests/unit/console/boot.test.ts.
 */
const startApp = (config?: ConsoleConfig) =>
  import('../main').then(({ startConsole }) => startConsole(config));

/** Where the app itself decides: the callback completes a sign-in, the access error page is public. */
const APP_DECIDES = [CALLBACK_PATH, PATHS.accessError];

/** Some user is stored: the app is most likely wanted, so its fetch starts beside the configuration's. */
const someUserStored = () =>
  Object.keys(localStorage).some((key) => key.startsWith(`${OIDC_STORE_PREFIX}user:`));

async function boot(): Promise<void> {
  if (APP_DECIDES.includes(window.location.pathname)) return startApp();
  if (someUserStored()) void import('../main');
  const config = await loadConfig().catch(() => undefined);
  // Without a configuration the app shows its error, in the reader's language.
  if (!config) return startApp();
  if (localStorage.getItem(storedUserKey(config.issuer, config.clientId)) !== null) {
    return startApp(config);
  }
  rememberLocation(window.location);
  try {
    const endpoint = await authorizationEndpoint(config.issuer);
    const { origin } = window.location;
    window.location.assign(await signInUrl(config, { endpoint, origin, locale: storedLocale() }));
  } catch (error) {
    // The provider's discovery failed: the app tries again and shows what went wrong.
    console.error('sign-in redirect failed', error);
    return startApp(config);
  }
}

void boot();
