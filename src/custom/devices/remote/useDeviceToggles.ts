import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';

/**
 * The policy toggles (camera, wifi…) as one device last reported them (deviceControls), while
 * `mid` is given; nothing for several devices.
 */
export function useDeviceToggles(database: number | null | undefined, mid: string | null) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const query = useQuery({
    queryKey: ['flota', 'deviceControls', database, mid],
    queryFn: ({ signal }) => dataProvider.deviceControls(database!, mid!, signal),
    enabled: database != null && mid !== null,
    staleTime: 10_000,
  });
  return query.data?.toggles ?? null;
}
