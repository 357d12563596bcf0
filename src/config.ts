import type { Flavour } from '../protocol/menu';

/** What `GET /api/config` tells the console before it can sign anyone in. */
export interface ConsoleConfig {
  issuer: string;
  clientId: string;
  flavour: Flavour;
  version: string;
  scope: string;
  /** Map tiles ({z}/{x}/{y}); empty: maps draw their marker on a plain background. */
  mapTileUrl?: string;
}

/** The configuration loaded at start, for the parts of the console that read it later. */
let loaded: ConsoleConfig | null = null;

export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<ConsoleConfig> {
  const response = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  loaded = (await response.json()) as ConsoleConfig;
  return loaded;
}

/** The identity provider's token endpoint (an API client gets its tokens there), or ''. */
export function tokenEndpoint(): string {
  return loaded?.issuer ? `${loaded.issuer.replace(/\/$/, '')}/token` : '';
}

/** The tile URL of MAP_TILE_URL, or '' when none is configured (or in tests). */
export function mapTileUrl(): string {
  return loaded?.mapTileUrl ?? '';
}
