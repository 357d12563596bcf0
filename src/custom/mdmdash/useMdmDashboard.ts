import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { DASHBOARD_REFRESH_MS } from '../mam/DashboardCard';

/** The dashboard's figures, one call for every card, refreshed as the MAM dashboard's. */
export function useMdmDashboard() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: ['flota', 'mdmDashboard'],
    queryFn: () => dataProvider.mdmDashboard(),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
