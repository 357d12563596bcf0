import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAuthProvider } from 'react-admin';
import type { FlotaAuthProvider } from '../../authProvider';
import { CUSTOM_DEFINITIONS_KEY } from './useCustomDefinitions';

/** react-admin's query of `getPermissions`, whose answer carries the menu. */
export const PERMISSIONS_KEY = ['auth', 'getPermissions'] as const;

/**
 * After a custom entity is created, changed, deleted or restored (or a custom field saved): the
 * company's definitions and the menu are read again, so the entity's list, forms and menu entry
 * show at once, without a reload (docs/resources.md, "The editors").
 */
export function useCustomsChanged() {
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider<FlotaAuthProvider>();
  return useCallback(async () => {
    authProvider?.refreshPermissions();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: CUSTOM_DEFINITIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY }),
    ]);
  }, [authProvider, queryClient]);
}

/** The resources whose writes change the company's definitions and menu. */
const CUSTOM_RESOURCES = new Set(['custom-entities', 'custom-fields']);

/**
 * Mounted with the menu: any successful create, edit or delete of a custom entity or field (from
 * its editor, a row's menu or a selection) reads the definitions and the menu again.
 */
export function useRefreshOnCustomsSaved() {
  const queryClient = useQueryClient();
  const changed = useCustomsChanged();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const variables = event.mutation.state.variables as { resource?: unknown } | undefined;
        const key = event.mutation.options.mutationKey;
        const resource = variables?.resource ?? key?.[0];
        if (typeof resource === 'string' && CUSTOM_RESOURCES.has(resource)) void changed();
      }),
    [queryClient, changed],
  );
}
