import type { AccessNode } from '../../../protocol/access-tree';
import {
  SHARE_GENERAL,
  type ProjectEntry,
  type ShareGeneralPermissions,
} from '../../../protocol/projects';
import { accessLevel } from './projectRights';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ProjectColumnId = 'lastaccess' | 'licences' | 'owner' | 'permissions';

export interface ProjectColumnContext {
  translate: Translate;
  locale: string;
}

/** The last time the caller opened it, or 'Nunca'. */
export function lastAccessText(project: ProjectEntry, { translate, locale }: ProjectColumnContext) {
  return project.lastaccess
    ? new Date(project.lastaccess).toLocaleString(locale, {
        dateStyle: 'short',
        timeStyle: 'short',
      })
    : translate('projects.never');
}

export function ownerText(project: ProjectEntry, { translate }: ProjectColumnContext) {
  return project.owner ? translate('projects.you') : project.username;
}

/** A share's general permissions granted, and its access tree in one word. */
export function grantedText(
  permissions: ShareGeneralPermissions,
  access: readonly AccessNode[],
  translate: Translate,
): string {
  const granted = SHARE_GENERAL.filter((permission) => permissions[permission]);
  const general = granted.length
    ? granted.map((permission) => translate(`projects.permissions.${permission}`)).join(', ')
    : translate('projects.summary.none');
  return `${general} · ${translate(`projects.summary.access.${accessLevel(access)}`)}`;
}

/**
 * What the caller may do with it: the owner has everything (and sees with how many users it is
 * shared); anyone else, the general permissions granted and the access tree in one word.
 */
export function permissionsText(project: ProjectEntry, { translate }: ProjectColumnContext) {
  if (!project.owner) return grantedText(project.permissions, project.jsonAccess, translate);
  const shared = project.shares
    ? ` · ${translate('projects.summary.shared_with', { smart_count: project.shares })}`
    : '';
  return translate('projects.summary.owner') + shared;
}

/** The columns besides the name and the actions, each as a header key and a cell. */
export const PROJECT_COLUMNS: Record<
  ProjectColumnId,
  (project: ProjectEntry, context: ProjectColumnContext) => string
> = {
  lastaccess: lastAccessText,
  licences: (project, { translate }) =>
    translate('projects.licences_value', {
      used: project.licensesInUse,
      total: project.licences,
    }),
  owner: ownerText,
  permissions: permissionsText,
};

/** Shown from the `sm` breakpoint up (600 px); on phones the name cell sums the row up. */
export const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Shown below the `sm` breakpoint only. */
export const phoneOnly = { display: { xs: 'block', sm: 'none' } } as const;
