import { UserManager } from 'oidc-client-ts';
import { callbackUrl } from './authProvider/oidcSettings';

/**
 * The page the identity provider answers a silent sign-in to, inside a hidden iframe: it only
 * hands the answer to the console page, which completes the sign-in with its own UserManager.
 * The settings are required by the constructor but no request is made with them.
 */
const origin = window.location.origin;
new UserManager({
  authority: `${origin}/oidc`,
  client_id: 'console',
  redirect_uri: callbackUrl(origin),
  automaticSilentRenew: false,
})
  .signinSilentCallback()
  .catch((error: unknown) => console.error('silent sign-in callback failed', error));
