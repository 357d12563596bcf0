import { useGetIdentity } from 'react-admin';

/** The store keys of the people's column choices, kept when the store is reset at sign-out. */
export const COLUMN_CHOICE_PREFIX = 'columns.';

/**
 * Where a person's column choice of a list is kept (react-admin's store, in the browser): per
 * signed-in person and resource, so that two people sharing a browser keep their own.
 * @example <DataTable storeKey={useColumnChoiceKey('devicelist')} />
 */
export function useColumnChoiceKey(resource: string): string {
  const { identity } = useGetIdentity();
  return `${COLUMN_CHOICE_PREFIX}${String(identity?.id ?? '')}.${resource}`;
}
