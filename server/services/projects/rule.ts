import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import {
  canAccess,
  normaliseTree,
  uniformTree,
  type AccessMode,
  type AccessNode,
  type AccessNodeId,
} from '../../../protocol/access-tree';
import { SHARE_GENERAL, type ShareGeneralPermissions } from '../../../protocol/projects';
import { FREE_ROLE, isAdmin } from '../../../protocol/roles';
import type { SessionUser } from '../../auth';
import type { Database, ProjectTable } from '../../db/schema';

/**
 * Who may reach a project and what they may do there (docs/decisions.md, "Projects, sharing and
 * access trees"): the owner and the company's administrators have full access; a user the
 * project is shared with has the share's tree; anyone else cannot reach it.
 */

/** The owner's and administrators' tree. */
export const FULL_TREE: readonly AccessNode[] = uniformTree(true, true);

/** What the rule needs of a project row, and of the caller's share of it (null: none). */
export interface ProjectForRule {
  numero: number;
  owner_id: number;
  company_id: number;
  /** The stored access tree of the caller's share, or null when it is not shared with them. */
  share_access: unknown;
}

/**
 * The company whose projects the caller may reach: theirs, unless the caller has none or is a
 * FREE account (000 §6: FREE sees no projects or environments anywhere).
 */
export function projectCompany(user: SessionUser): number | null {
  return user.profile.role.toUpperCase() === FREE_ROLE ? null : user.companyId;
}

/**
 * The token's identity client is bound to another project (002 §3 Client: dbid, pid): this one
 * is out of its reach whatever its creator may do (docs/identity.md, "Clients bound to a project").
 */
export function outsideBinding(user: SessionUser, numero: number): boolean {
  return user.boundProject !== undefined && user.boundProject.numero !== numero;
}

/** The project is the caller's to manage: its owner, or an administrator of its company. */
export function managesProject(
  user: SessionUser,
  project: Pick<ProjectForRule, 'numero' | 'owner_id' | 'company_id'>,
): boolean {
  if (projectCompany(user) === null || project.company_id !== user.companyId) return false;
  if (outsideBinding(user, project.numero)) return false;
  return project.owner_id === user.id || isAdmin(user.profile);
}

/** The caller's access tree of a project, or null when the caller cannot reach it. */
export function accessTree(user: SessionUser, project: ProjectForRule): AccessNode[] | null {
  if (projectCompany(user) === null || project.company_id !== user.companyId) return null;
  if (outsideBinding(user, project.numero)) return null;
  if (managesProject(user, project)) return FULL_TREE as AccessNode[];
  if (project.share_access === null || project.share_access === undefined) return null;
  return normaliseTree(project.share_access);
}

/** The rule as a question: may the caller do this on that node? Unreachable answers no. */
export function accessRule(user: SessionUser, project: ProjectForRule) {
  const tree = accessTree(user, project);
  return (node: AccessNodeId, mode: AccessMode) => tree !== null && canAccess(tree, node, mode);
}

const ALL_GENERAL = Object.fromEntries(
  SHARE_GENERAL.map((name) => [name, true]),
) as ShareGeneralPermissions;

/** Only the general permissions, each true or false, from any stored or submitted value. */
export function normaliseGeneral(input: unknown): ShareGeneralPermissions {
  const given = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  return Object.fromEntries(
    SHARE_GENERAL.map((name) => [name, given[name] === true]),
  ) as ShareGeneralPermissions;
}

/** The caller's general permissions: all for the owner and administrators, else the share's. */
export function generalPermissions(
  user: SessionUser,
  project: Pick<ProjectForRule, 'numero' | 'owner_id' | 'company_id'>,
  sharePermissions: unknown,
): ShareGeneralPermissions {
  return managesProject(user, project) ? { ...ALL_GENERAL } : normaliseGeneral(sharePermissions);
}

type ProjectsAs<A extends string> = Database & { [K in A]: ProjectTable };

/**
 * The SQL form of the rule, for lists: the project `p` is of the caller's company and the caller
 * owns it, administers the company, or has a share of it. Deleted projects are not excluded here.
 *
 * @example
 * db.selectFrom('core.projects as p').where(reachableBy(user)).selectAll('p')
 */
export function reachableBy(user: SessionUser) {
  return (eb: ExpressionBuilder<ProjectsAs<'p'>, 'p'>): Expression<SqlBool> => {
    const companyId = projectCompany(user);
    if (companyId === null) return sql<boolean>`false`;
    const company = user.boundProject
      ? eb.and([eb('p.company_id', '=', companyId), eb('p.numero', '=', user.boundProject.numero)])
      : eb('p.company_id', '=', companyId);
    if (isAdmin(user.profile)) return company;
    return eb.and([
      company,
      eb.or([
        eb('p.owner_id', '=', user.id),
        eb.exists(
          eb
            .selectFrom('core.project_shares as rs')
            .select('rs.numero')
            .whereRef('rs.numero', '=', 'p.numero')
            .where('rs.user_id', '=', user.id),
        ),
      ]),
    ]);
  };
}
