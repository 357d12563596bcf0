/**
 * oidc-provider prints "Unsupported runtime. Use Node.js v22.x LTS…" on import under Node 20.
 * Flota supports and tests Node 20 (README, "Quick start"), so the warning is one a user cannot
 * act on; it is left out of the start output. Imported first by server/main.ts, before anything
 * imports oidc-provider. Every other warning passes.
 */
const UNSUPPORTED_RUNTIME = 'oidc-provider WARNING: Unsupported runtime.';

const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME)) return;
  warn(...args);
};
