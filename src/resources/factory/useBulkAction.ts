import { useMutation } from '@tanstack/react-query';
import {
  useDataProvider,
  useNotify,
  useRefresh,
  useUnselectAll,
  type Identifier,
} from 'react-admin';
import type { BulkAction, ResourceDefinition } from '../../../protocol/resource-definition';
import type { FlotaDataProvider } from '../../dataProvider';

/**
 * Runs a bulk action of a definition on some rows (the selection, or the one row of a
 * right-click), says how many were done and refreshes the list.
 * @example useBulkAction(NOTIFICATIONS).mutate({ action: markRead, ids: [4] })
 */
export function useBulkAction(definition: ResourceDefinition, database?: number | null) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(definition.name);
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: Identifier[] }) =>
      dataProvider.bulkAction(definition.name, action.name, ids, database ?? undefined),
    onSuccess: (_answer, { ids }) => {
      notify('factory.bulk.done', { type: 'success', messageArgs: { smart_count: ids.length } });
      unselectAll();
    },
    // Records done before a refusal are done: the list is refreshed either way.
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => refresh(),
  });
}
