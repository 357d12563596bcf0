export { createAuthProvider, accessErrorPath, type FlotaAuthProvider } from './authProvider';
export { createUserManager } from './userManager';
export { createOidcSession } from './oidcSession';
export { watchSession } from './sessionWatch';
export type { FlotaPermissions } from './permissions';
