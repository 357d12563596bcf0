import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useDataProvider, useNotify, useRedirect } from 'react-admin';
import type { FlotaAuthProvider } from '../../authProvider';
import type { FlotaDataProvider } from '../../dataProvider';
import { PATHS } from '../../paths';

/** The tiers on offer, and subscribing to one: then the menu is reloaded and the user goes home. */
export function usePricing() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const authProvider = useAuthProvider<FlotaAuthProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const redirect = useRedirect();

  const pricing = useQuery({
    queryKey: ['flota', 'pricing'],
    queryFn: ({ signal }) => dataProvider.pricing(signal),
  });
  const subscribe = useMutation({
    mutationFn: (tier: string) => dataProvider.subscribe(tier),
    onSuccess: async () => {
      authProvider?.refreshPermissions();
      await queryClient.invalidateQueries();
      notify('pricing.subscribed', { type: 'success' });
      redirect(PATHS.home);
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  return { pricing, subscribe };
}
