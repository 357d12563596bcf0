/**
 * react-admin's pages that few visits show (the sign-in callback, not found, an authentication
 * error, a page that failed): one lazy chunk, loaded when shown (FlotaAdmin.tsx).
 */
export { AuthCallback, AuthenticationError, Error, NotFound } from 'react-admin';
