import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { canAccess } from '../../../protocol/access-tree';
import type { FlotaDataProvider } from '../../dataProvider';
import { useProjectAccess } from '../../project/useProjectAccess';
import { firstPageQuery, updatesKey } from './useUpdatesPanel';

export type PublishRights = 'all' | 'licence' | 'none';

/**
 * What the caller may publish in a project (000 §6): the server says it with the updates list
 * (a group manager: licence updates only); before it has, the project's access tree tells
 * (owner, or write on the updates node). The server checks it again on every publish.
 */
export function usePublishRights(database: number): PublishRights | undefined {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const access = useProjectAccess(database);
  const totals = useQuery({
    queryKey: updatesKey(database, firstPageQuery(1, 'version')),
    queryFn: ({ signal }) =>
      dataProvider.updatesList(database, firstPageQuery(1, 'version'), signal),
  });
  if (totals.data?.publish) return totals.data.publish;
  if (!access.data) return undefined;
  const { owner, jsonAccess } = access.data;
  return owner || canAccess(jsonAccess, 'updates', 'write') ? 'all' : 'none';
}
