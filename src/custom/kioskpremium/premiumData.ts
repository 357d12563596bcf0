import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, usePermissions, type RaRecord } from 'react-admin';
import { KIOSK_PROFILES } from '../../../protocol/resources/kiosk-profiles';
import { isAdmin } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider';
import type { FlotaDataProvider } from '../../dataProvider';
import { PROJECTS_QUERY_KEY } from '../../project/useCurrentProject';

/** The company's profiles by name (a company has few), shared by the page's dialogs and menus. */
export function useKioskProfiles() {
  const { data = [] } = useGetList(KIOSK_PROFILES.name, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'Name', order: 'ASC' },
  });
  return data;
}

/** A profile's name, or null when the id names none. */
export const profileName = (profiles: RaRecord[], id: unknown) =>
  id === null || id === undefined || id === ''
    ? null
    : ((profiles.find((one) => String(one.id) === String(id))?.Name as string | undefined) ?? null);

/** The projects the caller reaches (the device screens' list). */
export function useKioskProjects() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.projects(signal),
    staleTime: 60_000,
  });
  return projects.data?.data ?? [];
}

/** Whether the caller may change the premium kiosk (its writes are administrators'). */
export function useCanChangeKiosk() {
  const { permissions } = usePermissions<FlotaPermissions>();
  return Boolean(permissions?.profile && isAdmin(permissions.profile));
}

/** The text of a refused call, for a toast. */
export const errorText = (error: unknown) => (error as Error).message;
