import { useEffect } from 'react';
import { useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { ProjectListRow } from '../../../protocol/project-list';
import { PROJECT_TYPES } from '../../../protocol/projects';
import { useRights } from '../environments/useRights';
import { ProjectDialogs } from './ProjectDialogs';
import { useProjectModal } from './useProjectModal';

/** The list's filter values as react-admin keeps them in the address, as an object. */
function filterOf(text: string | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * 000 §2 `/app/shareds?projectType=mam|kiosk|mdm`: the address's project type becomes the list's
 * type filter (react-admin's `filter` of the address), in one step that drops the parameter.
 */
function useProjectTypeFromAddress() {
  const [params, setParams] = useSearchParams();
  const named = params.get('projectType');
  useEffect(() => {
    if (named === null) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('projectType');
        const { projectType: _ignored, ...filter } = filterOf(next.get('filter'));
        const type = PROJECT_TYPES.find((known) => known === named);
        next.set('filter', JSON.stringify(type ? { ...filter, projectType: type } : filter));
        return next;
      },
      { replace: true },
    );
  }, [named, setParams]);
}

/**
 * Above the recent and shared project lists (the `header` slot of `recents` and `shareds`,
 * src/resources/slots.ts): the share or publish dialog the address names (`?modal=share&pid=…`,
 * opened by a row's actions), over the list, which is read again when the dialog closes.
 */
export function ProjectListHeader() {
  const { data, refetch } = useListContext<ProjectListRow & { id: number }>();
  const { admin } = useRights();
  const dialogs = useProjectModal(data ?? []);
  useProjectTypeFromAddress();
  const close = () => {
    dialogs.close();
    void refetch();
  };
  return <ProjectDialogs dialogs={{ ...dialogs, close }} admin={admin} />;
}
