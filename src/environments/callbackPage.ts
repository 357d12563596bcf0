import { UserManager } from 'oidc-client-ts';
import { EXTERNAL_CLIENT_ID } from '../../protocol/projects';

/**
 * The page another Flota server's provider answers the environment sign-in popup to: it only
 * hands the answer to the console window that opened the popup, whose UserManager for that
 * environment completes the sign-in. The settings are required by the constructor but no
 * request is made with them.
 */
const origin = window.location.origin;
new UserManager({
  authority: origin,
  client_id: EXTERNAL_CLIENT_ID,
  redirect_uri: `${origin}/environment-callback.html`,
  automaticSilentRenew: false,
})
  .signinPopupCallback()
  .catch((error: unknown) => console.error('environment sign-in callback failed', error));
