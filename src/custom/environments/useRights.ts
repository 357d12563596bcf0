import { usePermissions } from 'react-admin';
import { isAdmin, isTopAdmin } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider';

/** Whether the caller administers the company (environments, projects) or the whole server. */
export function useRights() {
  const { permissions, isPending } = usePermissions<FlotaPermissions>();
  const profile = permissions?.profile;
  return {
    admin: profile ? isAdmin(profile) : false,
    topAdmin: profile ? isTopAdmin(profile) : false,
    isPending,
  };
}
