import { PRODUCT } from './product';

/** Saved UI state, kept on the server per user (specification 000 §3). */
export interface SavedUiState {
  state: string | null;
  serverid: string | null;
  currentdb: string | null;
}

export interface LandingInput {
  /** Subscription tier of the user's company; null when it has none. */
  tier: string | null;
  companyActive: boolean;
  saved: SavedUiState | null;
}

export const HOME_PATH = '/app/home';
export const PRICING_PATH = '/app/pricing';

/** Where a user lands after sign-in (specification 000 §4). */
export function landingPath({ tier, companyActive, saved }: LandingInput): string {
  if (!tier) return PRICING_PATH;
  if (!companyActive) return HOME_PATH;
  const state = saved?.state;
  if (state && /^\/app\/[\w/-]*(\?[\w=&%.-]*)?$/.test(state)) return state;
  return HOME_PATH;
}

export type SessionAction = 'renew' | 'forbidden' | 'timeout' | 'none';

/** What the console does with a failed call (specification 000 §8). */
export function sessionActionFor(status: number, message = ''): SessionAction {
  if (status === 401 || message.includes(`${PRODUCT}403`)) return 'renew';
  if (status === 403) return 'forbidden';
  if (status === 419 || status === 440) return 'timeout';
  return 'none';
}

/** Timing constants of the session (specification 000 §9). */
export const SESSION = {
  renewBeforeExpirySeconds: 30,
  silentRequestTimeoutSeconds: 5,
  silentRenewRetries: 5,
  clockSkewSeconds: 1800,
  newVersionCheckMs: 60_000,
  newVersionDialogMs: 10_000,
} as const;
