import { z } from 'zod';
import {
  OVERRIDE_TARGETS,
  overrideTarget,
  type OverrideTarget,
} from '../../protocol/resource-override';
import { isAdmin, isTopAdmin } from '../../protocol/roles';
import { languageOf } from '../messages';
import { databaseSchema, requireProject } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import type { OverrideScope } from './live-overrides';
import { resourceRefusal } from './texts';

/** Who an override is saved for: every company, the caller's company, or one of its projects. */
export const SCOPES = ['default', 'company', 'project'] as const;
export type ScopeName = (typeof SCOPES)[number];

/** The parameter part that names a resource's override: `{resource, scope, database?}`. */
export const scopeParameter = {
  resource: z.string().min(1).max(64),
  scope: z.enum(SCOPES),
  database: databaseSchema.optional(),
};

export interface ScopeRequest {
  resource: string;
  scope: ScopeName;
  database?: number;
}

/** The target and scope row a caller may change, or the refusal that says why not. */
export interface ResolvedScope {
  target: OverrideTarget;
  scope: OverrideScope;
  /** The company whose nodes must forget what they keep (null: every company's). */
  announce: number | null;
}

/** Whether the caller may use a resource's list at all, and so customise it. */
export function mayCustomise(ctx: OperationContext, target: OverrideTarget): boolean {
  const { permission } = target;
  if (!('role' in permission)) return true;
  if (permission.role === 'topadmin') return isTopAdmin(ctx.user.profile);
  if (permission.role === 'admin') return isAdmin(ctx.user.profile);
  return true;
}

/**
 * The scope a request names, checked: the defaults of every company are the top
 * administrator's; a company's are its administrators'; a project's are for the resources that
 * live in a project, changed by those who manage it. An administrator without a company (none in
 * Flota today) has no company scope.
 */
export async function resolveScope(
  ctx: OperationContext,
  { resource, scope, database }: ScopeRequest,
): Promise<ResolvedScope> {
  const target = overrideTarget(resource);
  if (!target || !mayCustomise(ctx, target)) {
    const known = Object.values(OVERRIDE_TARGETS)
      .filter((each) => mayCustomise(ctx, each))
      .map((each) => each.name)
      .join(', ');
    throw resourceRefusal(ctx.user, 'unknownResource', { name: resource, known });
  }
  const title = target.title[languageOf(ctx.user.language)];
  if (scope === 'default') {
    if (!isTopAdmin(ctx.user.profile)) throw resourceRefusal(ctx.user, 'overrideScope');
    return { target, scope: { company: null, numero: null }, announce: null };
  }
  if (scope === 'project') {
    if (target.scope !== 'project' || database === undefined) {
      throw resourceRefusal(ctx.user, 'projectScope', { resource: title });
    }
    const project = await requireProject(ctx, database);
    if (!project.manager) throw resourceRefusal(ctx.user, 'projectManager');
    const company = project.companyId;
    return { target, scope: { company, numero: project.numero }, announce: company };
  }
  const company = ctx.user.companyId;
  if (company === null) throw resourceRefusal(ctx.user, 'noCompany');
  return { target, scope: { company, numero: null }, announce: company };
}
