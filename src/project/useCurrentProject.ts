import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useSession, type FlotaDataProvider } from '../dataProvider';

export const PROJECTS_QUERY_KEY = ['flota', 'projects'] as const;

/**
 * The project the device screens work on: the `database` parameter of the address (000 §2), else
 * the one saved with the UI state, else the caller's first project.
 */
export function useCurrentProject() {
  const [params, setParams] = useSearchParams();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const session = useSession();
  const projects = useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: ({ signal }) => dataProvider.projects(signal),
    staleTime: 60_000,
  });
  const list = projects.data?.data ?? [];
  const fromAddress = Number(params.get('database')) || null;
  const saved = Number(session.data?.saved?.currentdb) || null;
  const database =
    fromAddress ??
    (saved && list.some((project) => project.numero === saved) ? saved : null) ??
    list[0]?.numero ??
    null;
  const setDatabase = useCallback(
    (numero: number) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('database', String(numero));
        return next;
      }),
    [setParams],
  );
  return {
    database,
    setDatabase,
    projects: list,
    isPending: projects.isPending || session.isPending,
    error: projects.error,
  };
}
