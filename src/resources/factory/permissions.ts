import { usePermissions } from 'react-admin';
import type {
  ResourceDefinition,
  Verb,
  VerbPermission,
} from '../../../protocol/resource-definition';
import { isAdmin, isTopAdmin, type UserProfile } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider/permissions';

type Profile = Pick<UserProfile, 'role' | 'rights'>;

/**
 * The console's mirror of a verb's permission, to offer only what the caller may do. A role is
 * checked as the server does; a project node ({node, mode}) is let through here, because the
 * console does not load project permission trees for declared resources yet: the server checks
 * it and refuses with its envelope.
 */
export function allows(permission: VerbPermission, profile: Profile): boolean {
  if (!('role' in permission)) return true;
  if (permission.role === 'topadmin') return isTopAdmin(profile);
  if (permission.role === 'admin') return isAdmin(profile);
  return true;
}

/** A verb the definition offers (it has a call) and the caller is allowed. */
export function verbAllowed(definition: ResourceDefinition, verb: string, profile: Profile) {
  const declared = definition.verbs[verb as Verb];
  return Boolean(declared?.call) && allows(declared!.permission, profile);
}

/** The verbs and bulk actions the signed-in caller may use on a definition. */
export function useDefinitionAccess(definition: ResourceDefinition) {
  const { permissions } = usePermissions<FlotaPermissions>();
  const profile = permissions?.profile;
  return {
    can: (verb: Verb) => (profile ? verbAllowed(definition, verb, profile) : false),
    bulk: profile ? definition.bulk.filter((action) => allows(action.permission, profile)) : [],
  };
}
