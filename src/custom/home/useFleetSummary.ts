import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { DASHBOARD_REFRESH_MS } from '../mam/DashboardCard';

/** The chosen project's fleet figures (`fleetSummary`), refreshed as the MAM dashboard is. */
export function useFleetSummary(database: number | null) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: ['flota', 'fleetSummary', database],
    queryFn: ({ signal }) => dataProvider.fleetSummary(database!, signal),
    enabled: database !== null,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
