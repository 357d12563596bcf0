import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DevicePermissions, FlotaDataProvider } from '../dataProvider';

export const PROJECT_ACCESS_KEY = ['flota', 'projectAccess'] as const;

/** Nothing is allowed until the server has said what is (001 §6). */
export const NO_DEVICE_PERMISSIONS: DevicePermissions = {
  show: false,
  addDevice: false,
  editDevice: false,
  saveDevice: false,
  deleteDevice: false,
  statusDevice: false,
  sendemail: false,
  addUpdate: false,
};

/**
 * The caller's access to a project: its name, the device permission flags and the access tree
 * they come from (`jsonAccess`). Nothing is asked without a project.
 */
export function useProjectAccess(database: number | null | undefined) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: [...PROJECT_ACCESS_KEY, database],
    queryFn: ({ signal }) => dataProvider.projectAccess(database!, signal),
    enabled: database != null,
    staleTime: 60_000,
  });
}
