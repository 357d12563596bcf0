/**
 * The console's screens that the sweep over all screens visits (all-screens.spec.ts: text, layout,
 * axe-core, pictures): one list, so a new screen is added once.
 */
export const SCREEN_PATHS = [
  '/app/profile',
  '/app/pricing',
  '/app/actions',
  '/app/xonecias',
  '/app/notifications',
  '/app/environments',
  '/app/recents',
  '/app/shareds',
  '/app/mamdash',
  '/app/devicelist',
  '/app/monitoring',
  '/app/database',
  '/app/databasestat',
  '/app/updates',
  '/app/reports',
  '/app/sqltables',
  '/app/server/search',
  '/app/users',
  '/app/resources',
  '/app/organization',
  '/app/security',
  '/app/managed-apps',
  '/app/revisions',
  '/app/mdmpolicies',
  // Opened with the policy the sweep creates (all-screens.spec.ts, `addressOf`).
  '/app/mdmpoliciesedit',
];
