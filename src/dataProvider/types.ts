import type { MenuEntry, Flavour } from '../../protocol/menu';
import type { UserProfile } from '../../protocol/roles';
import type { SavedUiState } from '../../protocol/session';
import type { ACCOUNT_TIERS } from '../../protocol/product';

/** Result shapes of the services operations the console calls. */
export type Language = 'es' | 'en';

export interface UserRow {
  id: number;
  login: string;
  email: string;
  language: Language;
  twofactor: boolean;
}

export interface CompanyRow {
  id: number;
  name: string;
  tier: string | null;
  active: boolean;
}

export interface SessionResponse {
  profile: UserProfile;
  user: UserRow;
  company: CompanyRow | null;
  /** Where the user lands after sign-in, computed by the server with landingPath. */
  landing: string;
  saved: SavedUiState | null;
}

export interface MenuResponse {
  flavour: Flavour;
  entries: MenuEntry[];
}

export interface NotificationRow {
  id: number;
  title: string;
  body: string;
  created_at: string;
  read: boolean;
}

export interface PricingResponse {
  tiers: typeof ACCOUNT_TIERS;
  current: string | null;
  canSubscribe: boolean;
}

export interface ActionRow {
  id: number;
  at: string;
  login: string;
  action: string;
  /** Free text or a small JSON object, as the server logged it. */
  detail: unknown;
}

export interface CompanyListRow extends CompanyRow {
  created_at: string;
  users: number;
}

export interface ProfileUpdate {
  language?: Language;
  twofactor?: boolean;
}
