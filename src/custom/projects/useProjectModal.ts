import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { MAX_PAGE_LENGTH } from '../../../protocol/paging';
import type { ProjectEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { PROJECT_LISTS_KEY } from './projectLists';

export const PROJECT_MODALS = ['share', 'publish'] as const;
export type ProjectModal = (typeof PROJECT_MODALS)[number];

/** Opens a project's dialog by naming it in the address (a row's share and publish buttons). */
export function useOpenProjectModal() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (kind: ProjectModal, project: Pick<ProjectEntry, 'pid'>) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('modal', kind);
        next.set('pid', project.pid);
        return next;
      }),
    [setParams],
  );
}

/**
 * The dialog named by the address (000 §2 `/app/recents?modal=share&pid=<pid>`), so that a
 * dialog can be linked to and the browser's Back closes it.
 */
export function useProjectModal(rows: readonly ProjectEntry[]) {
  const [params, setParams] = useSearchParams();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const open = useOpenProjectModal();
  const named = params.get('modal');
  const modal = PROJECT_MODALS.find((kind) => kind === named) ?? null;
  const pid = modal ? params.get('pid') : null;
  const onPage = pid ? rows.find((project) => project.pid === pid) : undefined;
  // A project off the current page (or a link from elsewhere) is looked up among all the
  // caller can reach: `recents` lists exactly those.
  const lookup = useQuery({
    queryKey: [...PROJECT_LISTS_KEY, 'byPid', pid],
    queryFn: async ({ signal }) => {
      const page = await dataProvider.recents(
        { datatable: { start: 0, length: MAX_PAGE_LENGTH, orderDir: 'asc' } },
        signal,
      );
      return page.data.find((project) => project.pid === pid) ?? null;
    },
    enabled: pid !== null && !onPage,
  });
  const close = useCallback(
    () =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.delete('modal');
        next.delete('pid');
        return next;
      }),
    [setParams],
  );
  const project = onPage ?? lookup.data ?? null;
  return {
    modal,
    project,
    /** The address names a project the caller cannot reach. */
    notFound: pid !== null && !onPage && lookup.isSuccess && lookup.data === null,
    open,
    close,
  };
}
