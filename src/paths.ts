import { HOME_PATH, PRICING_PATH } from '../protocol/session';

/** The console's routes (specification 000 §2) that this build serves. */
export const PATHS = {
  home: HOME_PATH,
  profile: '/app/profile',
  pricing: PRICING_PATH,
  actions: '/app/actions',
  companies: '/app/xonecias',
  notifications: '/app/notifications',
  resources: '/app/resources',
  users: '/app/users',
  tools: '/app/tools',
  organization: '/app/organization',
  security: '/app/security',
  frameworks: '/app/frameworks',
  bots: '/app/bots',
  mamdash: '/app/mamdash',
  devicelist: '/app/devicelist',
  monitoring: '/app/monitoring',
  devicesscreen: '/app/devicesscreen',
  database: '/app/database',
  databasestat: '/app/databasestat',
  setting: '/app/setting',
  updates: '/app/updates',
  kioskpremium: '/app/kioskpremium',
  newUpdate: '/app/updates/new',
  reports: '/app/reports',
  sqltables: '/app/sqltables',
  search: '/app/server/search',
  mam: '/app/mam',
  serverconnect: '/app/serverconnect',
  environments: '/app/environments',
  recents: '/app/recents',
  shareds: '/app/shareds',
  databaseoffline: '/app/databaseoffline',
  mdmpoliciesedit: '/app/mdmpoliciesedit',
  mdmafw: '/app/mdmafw',
  mdmadminedit: '/app/mdmadminedit',
  mdmgeneral: '/app/mdmgeneral',
  mdmdash: '/app/mdmdash',
  mdmiosconfig: '/app/mdmiosconfig',
  mdmwmconfig: '/app/mdmwmconfig',
  accessError: '/access/error',
} as const;

const APP_PATHS: readonly string[] = Object.values(PATHS);

/** A landing path this build can show; anything else (an area not built yet) lands on home. */
export function servedPath(path: string): string {
  return APP_PATHS.includes(path.split('?')[0]) ? path : HOME_PATH;
}
