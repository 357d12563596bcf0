import type { EnvironmentRef } from './types';

/** How long an environment has to answer `GET /api/version` before it is shown offline. */
export const PROBE_TIMEOUT_MS = 3000;

/**
 * Whether an environment's server answers. An external environment is asked at its own address;
 * a system environment is this console's server, asked at the same origin (its configured address
 * may name another host of the same server, which CORS would not let this page read).
 */
export async function isOnline(
  environment: Pick<EnvironmentRef, 'address' | 'external'>,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<boolean> {
  const base = environment.external ? environment.address.replace(/\/+$/, '') : '';
  try {
    const response = await fetchImpl(`${base}/api/version`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
