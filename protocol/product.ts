/** The product's name where the specification writes `{product}`. */
export const PRODUCT = 'FLOTA';

/** Account tiers a company can subscribe to; the tier name carries the product prefix. */
export const ACCOUNT_TIERS = [
  { id: `${PRODUCT}_FREE`, devices: 10, projects: 1, environments: 1, users: 1, monthlyEuros: 0 },
  {
    id: `${PRODUCT}_BASIC`,
    devices: 500,
    projects: 5,
    environments: 2,
    users: 5,
    monthlyEuros: 49,
  },
  {
    id: `${PRODUCT}_PRO`,
    devices: 10000,
    projects: 50,
    environments: 5,
    users: 50,
    monthlyEuros: 390,
  },
  {
    id: `${PRODUCT}_ENTERPRISE`,
    devices: null,
    projects: null,
    environments: null,
    users: null,
    monthlyEuros: null,
  },
] as const;

export type AccountTier = (typeof ACCOUNT_TIERS)[number]['id'];
export const TIER_IDS = ACCOUNT_TIERS.map((tier) => tier.id) as [AccountTier, ...AccountTier[]];
