import type { Flavour } from '../protocol/menu';

/** What `GET /api/config` tells the console before it can sign anyone in. */
export interface ConsoleConfig {
  issuer: string;
  clientId: string;
  flavour: Flavour;
  version: string;
  scope: string;
}

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ConsoleConfig> {
  const response = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return (await response.json()) as ConsoleConfig;
}
