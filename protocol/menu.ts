import { isAdmin, isTopAdmin, type UserProfile } from './roles';

/** Who sees a menu entry (specification 000 §6). */
export type MenuAccess = 'public' | 'user' | 'admin' | 'topadmin';
export type Flavour = 'cloud' | 'manager';

export interface MenuEntry {
  id: string;
  path: string;
  /** i18n key of the label, under `menu.` */
  label: string;
  icon: string;
  access: MenuAccess;
  /** Hidden while the user's company has no subscription. */
  needsSubscription?: boolean;
  /** i18n key of the group heading the entry sits under, if any. */
  group?: string;
  /** The label itself, in both languages: a declared resource's entry (its title), not a key. */
  title?: { es: string; en: string };
}

const home: MenuEntry = {
  id: 'home',
  path: '/app/home',
  label: 'menu.home',
  icon: 'home',
  access: 'public',
};
const actions: MenuEntry = {
  id: 'actions',
  path: '/app/actions',
  label: 'menu.actions',
  // Not the recent projects' clock (issue 17, defect 6).
  icon: 'actions',
  access: 'admin',
  group: 'menu.groups.administration',
};
const companies: MenuEntry = {
  id: 'companies',
  path: '/app/xonecias',
  label: 'menu.companies',
  icon: 'business',
  access: 'topadmin',
  group: 'menu.groups.administration',
};
/** The top administrator's company management and users of every company (000 §2). */
const companyManagement: MenuEntry = {
  id: 'company-management',
  path: '/app/xoneges',
  label: 'menu.company-management',
  icon: 'domain',
  access: 'topadmin',
  group: 'menu.groups.administration',
};
const allUsers: MenuEntry = {
  id: 'all-users',
  path: '/app/xoneadmin',
  label: 'menu.all-users',
  icon: 'admin',
  access: 'admin',
  group: 'menu.groups.administration',
};
/** The server's own log of the company's projects, and the administrator's tools (000 §2). */
const logs: MenuEntry = {
  id: 'logs',
  path: '/app/logs',
  label: 'menu.logs',
  icon: 'logs',
  access: 'admin',
  group: 'menu.groups.administration',
};
const tools: MenuEntry = {
  id: 'tools',
  path: '/app/tools',
  label: 'menu.tools',
  icon: 'tools',
  access: 'admin',
  group: 'menu.groups.administration',
};
/** The company's users (001 §2, /app/users): company administrators. */
const users: MenuEntry = {
  id: 'users',
  path: '/app/users',
  label: 'menu.users',
  icon: 'group',
  access: 'admin',
  group: 'menu.groups.administration',
};
/**
 * The company's data, the companies it shares projects with, its certificates (002 §2); hidden
 * while the company has no subscription (issue 38).
 */
const organization: MenuEntry = {
  id: 'organization',
  path: '/app/organization',
  label: 'menu.organization',
  icon: 'organization',
  access: 'user',
  needsSubscription: true,
  group: 'menu.groups.administration',
};
/** Customising the resources' fields live (docs/resources.md): company administrators. */
const resources: MenuEntry = {
  id: 'resources',
  path: '/app/resources',
  label: 'menu.resources',
  icon: 'tune',
  access: 'admin',
  group: 'menu.groups.administration',
};
const pricing: MenuEntry = {
  id: 'pricing',
  path: '/app/pricing',
  label: 'menu.pricing',
  icon: 'pricing',
  access: 'user',
};
const profile: MenuEntry = {
  id: 'profile',
  path: '/app/profile',
  label: 'menu.profile',
  icon: 'profile',
  access: 'public',
};

/** An entry of a menu group for users with a subscription. */
const groupEntry =
  (group: string) =>
  (id: string, path: string, icon: string): MenuEntry => ({
    id,
    path,
    label: `menu.${id}`,
    icon,
    access: 'user',
    needsSubscription: true,
    group,
  });

/** The device area (MAM) of the current project: 000 §2 routes. */
const fleet = groupEntry('menu.groups.devices');
const mamdash = fleet('mamdash', '/app/mamdash', 'dashboard');
const devicelist = fleet('devicelist', '/app/devicelist', 'devices');
/** Live video of the project's devices (002 §2 "Live video monitoring fragment"). */
const monitoring = fleet('monitoring', '/app/monitoring', 'live');
const database = fleet('database', '/app/database', 'chart');
const search = fleet('search', '/app/server/search', 'search');
const databasestat = fleet('databasestat', '/app/databasestat', 'stats');
const setting = fleet('setting', '/app/setting', 'settings');
const updates = fleet('updates', '/app/updates', 'updates');
/** The premium kiosk: profiles, their apps, wifis and devices (002 §2 "Premium kiosk page"). */
const kioskpremium = fleet('kioskpremium', '/app/kioskpremium', 'kiosk');
/** Saved reports with macros (001 §2 "Reports", 000 §2 /app/reports). */
const reports = fleet('reports', '/app/reports', 'reports');
/** The table browser and record editor (001 §2 "Database tables screen", 000 §2 /app/sqltables). */
const sqltables = fleet('sqltables', '/app/sqltables', 'tables');

/** An MDM screen (002 §2): read by every company user, as the MDM lists. */
const mdmEntry = (id: string, icon: string): MenuEntry => ({
  id,
  path: `/app/${id}`,
  label: `menu.${id}`,
  icon,
  access: 'user',
  group: 'menu.groups.devices',
});
/** The managed devices at a glance; the Apple push certificate; the Windows enrolment. */
const mdmdash = mdmEntry('mdmdash', 'mdmdash');
const mdmiosconfig = mdmEntry('mdmiosconfig', 'apple');
const mdmwmconfig = mdmEntry('mdmwmconfig', 'windows');

/** The projects area: environments dashboard, recent and shared projects, environments (000 §2). */
const projectsArea = groupEntry('menu.groups.projects');
const mam = projectsArea('mam', '/app/mam', 'cloud');
const recents = projectsArea('recents', '/app/recents', 'recent');
const shareds = projectsArea('shareds', '/app/shareds', 'shared');
const environments = projectsArea('environments', '/app/environments', 'dns');
/** The company's identity clients (002 §2 /app/security), the declared resource's list. */
const security = projectsArea('identity-clients', '/app/security', 'security');
/** The project's generated apps (002 §2 /app/frameworks, docs/frameworks.md). */
const frameworks = projectsArea('frameworks', '/app/frameworks', 'frameworks');

/**
 * The menus of the two host flavours. Only areas that work are listed; each later area adds
 * its entries here, and the server sends the caller's visible part as its menu settings.
 */
export const MENUS: Record<Flavour, MenuEntry[]> = {
  cloud: [
    home,
    mam,
    recents,
    shareds,
    environments,
    security,
    frameworks,
    mamdash,
    devicelist,
    monitoring,
    database,
    databasestat,
    updates,
    kioskpremium,
    mdmdash,
    mdmiosconfig,
    mdmwmconfig,
    reports,
    sqltables,
    setting,
    search,
    pricing,
    profile,
    users,
    organization,
    actions,
    logs,
    tools,
    resources,
    companies,
    companyManagement,
    allUsers,
  ],
  manager: [
    home,
    mam,
    recents,
    shareds,
    environments,
    mamdash,
    devicelist,
    monitoring,
    database,
    databasestat,
    updates,
    kioskpremium,
    mdmdash,
    mdmiosconfig,
    mdmwmconfig,
    reports,
    sqltables,
    setting,
    search,
    profile,
    users,
    actions,
    logs,
    tools,
    resources,
    companies,
    companyManagement,
    allUsers,
  ],
};

export interface MenuViewer {
  profile: Pick<UserProfile, 'role' | 'rights'>;
  hasSubscription: boolean;
  /**
   * false when the viewer's company is inactive: then only public entries (home, profile) and
   * the top administrator's stay; the rest are secure (000 §6) and answer "Not Authorized".
   */
  companyActive?: boolean;
}

export function canSeeEntry(entry: MenuEntry, viewer: MenuViewer): boolean {
  if (entry.access === 'public') return true;
  if (viewer.companyActive === false && entry.access !== 'topadmin') return false;
  if (entry.needsSubscription && !viewer.hasSubscription) return false;
  if (entry.access === 'admin') return isAdmin(viewer.profile);
  if (entry.access === 'topadmin') return isTopAdmin(viewer.profile);
  return true;
}

export function visibleMenu(entries: MenuEntry[], viewer: MenuViewer): MenuEntry[] {
  return entries.filter((entry) => canSeeEntry(entry, viewer));
}
