import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify } from 'react-admin';
import type { EnvironmentEntry } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { ENVIRONMENTS_KEY } from './useEnvironments';

/** Asks before deleting an environment; the server refuses one that holds projects. */
export function DeleteEnvironmentDialog({
  environment,
  onClose,
}: {
  environment: EnvironmentEntry;
  onClose(): void;
}) {
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteEnvironment(environment.id),
    onSuccess: async () => {
      notify('environments.notify.deleted', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_KEY });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: onClose,
  });
  return (
    <Confirm
      isOpen
      loading={remove.isPending}
      title="environments.dialog.delete_title"
      content="environments.dialog.delete_content"
      translateOptions={{}}
      contentTranslateOptions={{ name: environment.title }}
      confirm="environments.action.delete"
      confirmColor="warning"
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}
