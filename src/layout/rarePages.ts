/**
 * react-admin's pages that few visits show (the sign-in callback, not found, an authentication
 * error): one lazy chunk, loaded when shown (FlotaAdmin.tsx).
 */
export { AuthCallback, AuthenticationError, NotFound } from 'react-admin';
