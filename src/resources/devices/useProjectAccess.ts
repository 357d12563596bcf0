import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { DevicePermissions, FlotaDataProvider } from '../../dataProvider';

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

/** The caller's access to a project: its name and the device permission flags. */
export function useProjectAccess(database: number) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: [...PROJECT_ACCESS_KEY, database],
    queryFn: ({ signal }) => dataProvider.projectAccess(database, signal),
    staleTime: 60_000,
  });
}
