import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';

/** The managed device's row in its project: the inventory and position the device sent. */
export function useDeviceRow(database: number | null, mid: string | null) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: ['flota', 'managedDeviceRow', database, mid],
    queryFn: ({ signal }) => dataProvider.managedDeviceRow(database!, mid!, signal),
    enabled: database !== null && mid !== null,
    retry: false,
  });
}
