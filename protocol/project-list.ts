import type { AccessNode } from './access-tree';
import {
  SHARE_GENERAL,
  type ProjectEntry,
  type ShareGeneralPermission,
  type ShareGeneralPermissions,
} from './projects';

/**
 * A row of the recent and shared project lists (protocol/resources/recent-projects.ts and
 * shared-projects.ts): the project as the caller sees it, with what the caller is to it, its
 * access tree in one word, and each general permission as a field of its own, so that every one
 * is a declared field shown by its label.
 */

/** How the caller reaches a project: owns it, administers the company, or it is shared. */
export const PROJECT_ROLES = ['owner', 'admin', 'shared'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** An access tree in one word (`accessLevel`). */
export const ACCESS_LEVELS = ['full', 'read', 'partial', 'none'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The field of a general permission: `download` → `mayDownload`. */
export type MayField = `may${Capitalize<ShareGeneralPermission>}`;
export const mayField = (permission: ShareGeneralPermission) =>
  `may${permission[0].toUpperCase()}${permission.slice(1)}` as MayField;

export type ProjectListRow = ProjectEntry & {
  role: ProjectRole;
  access: AccessLevel;
} & Record<MayField, boolean>;

function flatten(tree: readonly AccessNode[]): AccessNode[] {
  return tree.flatMap((node) => [node, ...flatten(node.nodes ?? [])]);
}

/** An access tree in one word: every node writable, every node read-only, none shown, or mixed. */
export function accessLevel(tree: readonly AccessNode[]): AccessLevel {
  const nodes = flatten(tree);
  if (nodes.length === 0 || nodes.every((node) => node.write)) return 'full';
  if (nodes.every((node) => !node.show)) return 'none';
  if (nodes.every((node) => node.show && !node.write)) return 'read';
  return 'partial';
}

/** The caller's role: the owner, else a company administrator, else a user it is shared with. */
export function projectRole(entry: Pick<ProjectEntry, 'owner'>, admin: boolean): ProjectRole {
  return entry.owner ? 'owner' : admin ? 'admin' : 'shared';
}

function mayFields(permissions: ShareGeneralPermissions): Record<MayField, boolean> {
  return Object.fromEntries(
    SHARE_GENERAL.map((permission) => [mayField(permission), permissions[permission]]),
  ) as Record<MayField, boolean>;
}

/** A project entry as the two lists answer it; `admin`: the caller administers the company. */
export function projectListRow(entry: ProjectEntry, admin: boolean): ProjectListRow {
  return {
    ...entry,
    role: projectRole(entry, admin),
    access: accessLevel(entry.jsonAccess),
    ...mayFields(entry.permissions),
  };
}
