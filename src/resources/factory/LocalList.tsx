import type { ReactNode } from 'react';
import {
  ListContextProvider,
  ListView,
  useList,
  type ListViewProps,
  type RaRecord,
  type SortPayload,
} from 'react-admin';

interface LocalListProps extends ListViewProps {
  /** The rows, held by the screen (a group's devices in its editor). */
  data: RaRecord[];
  resource: string;
  sort: SortPayload;
  perPage: number;
  children: ReactNode;
}

/**
 * react-admin's List over rows already in memory: sorted and paged by `useList` instead of
 * fetched, drawn by the same ListView (toolbar, pagination, empty state).
 */
export function LocalList({ data, resource, sort, perPage, children, ...view }: LocalListProps) {
  const list = useList({ data, resource, sort, perPage });
  return (
    <ListContextProvider value={list}>
      <ListView {...view}>{children}</ListView>
    </ListContextProvider>
  );
}
