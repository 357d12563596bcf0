import { useQuery } from '@tanstack/react-query';
import { isOnline } from './probe';
import { environmentKey } from './useEnvironmentSession';
import type { EnvironmentRef } from './types';

/** Whether an environment's server answers (probed with a 3 s timeout, again every minute). */
export function useOnline(environment: EnvironmentRef | undefined) {
  const query = useQuery({
    queryKey: [...environmentKey(environment?.id ?? 0), 'online', environment?.address],
    queryFn: () => isOnline(environment!),
    enabled: Boolean(environment),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  return {
    online: query.data,
    /** The first answer is awaited. */
    checking: query.isPending && Boolean(environment),
    /** Any probe is under way, a new try included. */
    probing: query.isFetching,
  };
}
