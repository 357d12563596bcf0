import type { AccessNode } from './access-tree';
import { freeLicences, type LicencePool } from './licences';

/**
 * Wire shapes of the projects, environments and licences area (000 §3 Database, Environment,
 * New project, Environment-project entry; 002 §3 Environment and Login result). The operation
 * names are listed in docs/api.md; the rules are in protocol/licences.ts and access-tree.ts.
 */

/** Project types (the shared-projects screen's `projectType` parameter). */
export const PROJECT_TYPES = ['mam', 'kiosk', 'mdm'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const PROJECT_NAME_MAX = 100;
/**
 * A database name must be a usable schema name: a letter or underscore, then letters, digits or
 * underscores, at most 63 characters, and not `pg_…` (reserved by PostgreSQL).
 */
export const DBNAME_PATTERN = /^(?!pg_)[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** General permissions of a shared project (002 §6). */
export const SHARE_GENERAL = ['download', 'delete', 'publish', 'edit', 'share', 'restore'] as const;
export type ShareGeneralPermission = (typeof SHARE_GENERAL)[number];
export type ShareGeneralPermissions = Record<ShareGeneralPermission, boolean>;

/** Per-environment permissions of a shared project, stored by environment id (002 §6). */
export const SHARE_ENVIRONMENT = ['generate', 'download', 'publish'] as const;
export type ShareEnvironmentPermission = (typeof SHARE_ENVIRONMENT)[number];
export type ShareEnvironmentPermissions = Record<ShareEnvironmentPermission, boolean>;

/** One gauge of an environment (000 §3 Environment: graph list). */
export interface LicenceGauge {
  id: 'assigned' | 'used' | 'free';
  /** i18n key of its title, under `environments.gauges.` */
  title: string;
  current: number;
  max: number;
}

/** The three gauges of a licence pool, each out of the environment's maximum. */
export function licenceGauges(pool: LicencePool): LicenceGauge[] {
  const gauge = (id: LicenceGauge['id'], current: number): LicenceGauge => ({
    id,
    title: id,
    current,
    max: pool.max,
  });
  return [
    gauge('assigned', pool.assigned),
    gauge('used', pool.used),
    gauge('free', freeLicences(pool)),
  ];
}

/** An environment as `environments` lists it (000 §3 Environment, 002 §3). */
export interface EnvironmentEntry {
  id: number;
  title: string;
  /** The environment's server (its manager address), e.g. https://flota.example.com */
  address: string;
  /** Its identity provider (OpenID issuer). */
  authority: string;
  port: number;
  /** System environments use the user's own token; external ones sign in through a popup. */
  system: boolean;
  external: boolean;
  maxLicences: number;
  assignedLicences: number;
  usedLicences: number;
  freeLicences: number;
  /** Projects not marked deleted. */
  projects: number;
  datemask: string;
  graph: LicenceGauge[];
}

/**
 * An environment a project could be published to, as `publishTargets` answers: whether the
 * caller may publish there, and when not, why (the refusal `publishProject` would give).
 */
export interface PublishTarget {
  id: number;
  allowed: boolean;
  reason: string | null;
}

/** A project as the server connect screen, recents and shareds list it (000 §3 Database). */
export interface ProjectEntry {
  numero: number;
  pid: string;
  name: string;
  dbname: string;
  projectType: ProjectType;
  environment: number;
  /** The caller owns it. */
  owner: boolean;
  /** The owner's login. */
  username: string;
  licences: number;
  licensesInUse: number;
  deleted: boolean;
  datedeleted: string | null;
  /** When the caller last opened it (recents); null if never. */
  lastaccess: string | null;
  /** The caller's access tree: full for the owner and administrators. */
  jsonAccess: AccessNode[];
  /** General permissions of the caller (all true for the owner). */
  permissions: ShareGeneralPermissions;
  /** Users it is shared with (for the owner; 0 otherwise). */
  shares: number;
  /** 000 §3 Database: its licences as the specification names them. */
  licensesbyBD: { database: number; usageLicenses: number; maxLicenses: number };
  /** 000 §3 Database: whether it has device groups, and which. */
  hasGroups: boolean;
  groups: ProjectGroup[];
  /** 000 §3 Database: its active platforms. */
  platforms: ProjectPlatform[];
}

/** A device group of a project entry (000 §3 Database: groups with a database number). */
export interface ProjectGroup {
  ID: number;
  NAME: string;
  database: number;
}

/** An active platform of a project entry (000 §3 Platform). */
export interface ProjectPlatform {
  id: number;
  platform: string;
}

/** `createProject` (project conversion, 000 §7): the new project modal's fields (000 §3). */
export interface NewProject {
  projectname: string;
  databasename: string;
  /** The project's data definition: SQL statements run in its new schema. */
  ldata: string;
  /** The environment (licence pool) the project is created in. */
  license: number;
  numlic: number;
  hasGenerateLDATA: boolean;
  projectType?: ProjectType;
}

/** What `createProject` answers: the new project, and the LDATA statements that failed. */
export interface NewProjectResult {
  numero: number;
  pid: string;
  /** 'SQL fallidos': each failed statement with the database's reason. */
  failed: { sql: string; error: string }[];
}

/** A user a project is shared with, and what they may do (`projectShares`, `shareProject`). */
export interface ProjectShare {
  userId: number;
  login: string;
  email: string;
  permissions: ShareGeneralPermissions;
  envPermissions: Record<string, ShareEnvironmentPermissions>;
  access: AccessNode[];
}

/** The project list at login of one server (002 §3 Login result). */
export interface LoginResult {
  Version: string;
  listOfServers: {
    id: number;
    name: string;
    maxLic: number;
    asigLic: number;
    envLic: number;
    serverAddrees: string;
    serverPort: number;
    datemask: string;
    databases: { numero: number; name: string; lastaccess: string | null; access: AccessNode[] }[];
  }[];
}

/** Client id of the console's sign-in to another Flota server's provider (002 §7). */
export const EXTERNAL_CLIENT_ID = 'xmanager';
/** Where that popup sign-in returns, on the console's own origin. */
export const ENVIRONMENT_CALLBACK_PATH = '/environment-callback.html';
/** The sign-in popup's size (000 §9, 002 §9). */
export const POPUP_SIZE = { width: 880, height: 580 } as const;
/** The placeholder user name of a disconnected environment (002 §9). */
export const NOT_CONNECTED = 'No conectado';
