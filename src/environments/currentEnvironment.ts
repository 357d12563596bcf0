import type { EnvironmentRef } from './types';

/**
 * The environment the console works in. Its id is saved on the server with the UI state
 * (`saveState` serverid); this browser keeps the whole reference in localStorage so that the data
 * provider can route every call without asking the server first. Signing out clears localStorage,
 * and with it the choice: the console then works on its own server again.
 */
export const CURRENT_ENVIRONMENT_KEY = 'flota.currentEnvironment';

type Listener = () => void;
const listeners = new Set<Listener>();

function isRef(value: unknown): value is EnvironmentRef {
  const ref = value as EnvironmentRef | null;
  return (
    typeof ref?.id === 'number' &&
    typeof ref.address === 'string' &&
    typeof ref.authority === 'string' &&
    typeof ref.external === 'boolean'
  );
}

export function currentEnvironment(): EnvironmentRef | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CURRENT_ENVIRONMENT_KEY) ?? 'null');
    return isRef(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function setCurrentEnvironment(environment: EnvironmentRef | null): void {
  if (environment) localStorage.setItem(CURRENT_ENVIRONMENT_KEY, JSON.stringify(environment));
  else localStorage.removeItem(CURRENT_ENVIRONMENT_KEY);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: told when this tab changes the current environment. */
export function subscribeCurrentEnvironment(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
