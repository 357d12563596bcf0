import { usePermissions } from 'react-admin';
import { canAccess, type AccessNode, type AccessNodeId } from '../../../protocol/access-tree';
import type {
  ResourceDefinition,
  Verb,
  VerbPermission,
} from '../../../protocol/resource-definition';
import { isAdmin, isTopAdmin, type UserProfile } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider/permissions';
import { useProjectAccess } from '../../project/useProjectAccess';

type Profile = Pick<UserProfile, 'role' | 'rights'>;

/**
 * The console's mirror of a verb's permission, to offer only what the caller may do. A role is
 * checked as the server does; a project node ({node, mode}) by the caller's access tree of the
 * project (`projectAccess`), and let through while there is none to read (a company screen, an
 * older server): the server checks it anyway and refuses with its envelope.
 */
export function allows(permission: VerbPermission, profile: Profile, tree?: AccessNode[]): boolean {
  if (!('role' in permission)) {
    return tree ? canAccess(tree, permission.node as AccessNodeId, permission.mode) : true;
  }
  if (permission.role === 'topadmin') return isTopAdmin(profile);
  if (permission.role === 'admin') return isAdmin(profile);
  return true;
}

/** A verb the definition offers (it has a call) and the caller is allowed. */
export function verbAllowed(
  definition: ResourceDefinition,
  verb: string,
  profile: Profile,
  tree?: AccessNode[],
) {
  const declared = definition.verbs[verb as Verb];
  return Boolean(declared?.call) && allows(declared!.permission, profile, tree);
}

/**
 * The verbs and bulk actions the signed-in caller may use on a definition; for a project
 * resource, in that project (`database`).
 */
export function useDefinitionAccess(definition: ResourceDefinition, database?: number | null) {
  const { permissions } = usePermissions<FlotaPermissions>();
  const profile = permissions?.profile;
  const access = useProjectAccess(definition.scope === 'project' ? database : null);
  const tree = access.data?.jsonAccess;
  return {
    can: (verb: Verb) => (profile ? verbAllowed(definition, verb, profile, tree) : false),
    bulk: profile
      ? definition.bulk.filter((action) => allows(action.permission, profile, tree))
      : [],
  };
}
