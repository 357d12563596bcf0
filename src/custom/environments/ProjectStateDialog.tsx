import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, HttpError, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { ProjectEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { InfoDialog } from './InfoDialog';
import { projectsKey, type ProjectScope } from './projectScope';

interface ProjectStateDialogProps {
  scope: ProjectScope;
  project: ProjectEntry;
  /** Mark for deletion, or restore a project marked for deletion. */
  action: 'delete' | 'restore';
  onClose(): void;
}

/** The server's description of a refusal; a generic text when there was no answer (000 §8). */
const descriptionOf = (error: Error) =>
  error instanceof HttpError && error.message ? error.message : null;

/**
 * Marks a project for deletion or restores it, after the user confirms (owner only, 000 §5).
 * A failure is told in an info dialog with the server's description.
 */
export function ProjectStateDialog({ scope, project, action, onClose }: ProjectStateDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: () => {
      const options = { environment: scope.environment };
      return action === 'delete'
        ? dataProvider.markToDelete(project.pid, options)
        : dataProvider.markToRestore(project.pid, options);
    },
    onSuccess: async () => {
      notify(`environments.projects.${action === 'delete' ? 'deleted' : 'restored'}_notice`, {
        type: 'success',
        messageArgs: { name: project.name },
      });
      await queryClient.invalidateQueries({ queryKey: projectsKey(scope) });
      onClose();
    },
    onError: (error: Error) =>
      setFailure(descriptionOf(error) ?? translate('environments.projects.failure_generic')),
  });

  if (failure) {
    return (
      <InfoDialog
        title={translate('environments.projects.failure_title')}
        message={failure}
        onClose={onClose}
      />
    );
  }
  return (
    <Confirm
      isOpen
      loading={change.isPending}
      title={`environments.projects.${action}_title`}
      content={`environments.projects.${action}_content`}
      translateOptions={{}}
      contentTranslateOptions={{ name: project.name }}
      confirm={`environments.projects.${action}`}
      confirmColor={action === 'delete' ? 'warning' : 'primary'}
      onConfirm={() => change.mutate()}
      onClose={onClose}
    />
  );
}
