import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ResourceSchema } from '../../../protocol/resource-schema';
import type { FlotaDataProvider } from '../../dataProvider';
import { BUILT_IN_SCHEMAS } from './builtInSchemas';

export const RESOURCE_SCHEMA_KEY = ['flota', 'resourceSchema'] as const;

/** The server's refusal of an operation it does not have (server/messages.ts, both languages). */
export function isUnknownOperation(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^(Operación desconocida|Unknown operation)\b/i.test(message);
}

/**
 * The effective schema of a resource in a project, as the server answers it (base fields may be
 * hidden, relabelled or reordered, and a deployment may add fields). A server that does not have
 * `resourceSchema` yet gets the schema declared in protocol/ instead; other failures are errors.
 */
export function useResourceSchema(
  resource: string,
  database: number,
  fallback: ResourceSchema | undefined = BUILT_IN_SCHEMAS[resource],
) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: [...RESOURCE_SCHEMA_KEY, resource, database],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.resourceSchema(resource, database, signal);
      } catch (error) {
        if (fallback && isUnknownOperation(error)) return fallback;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
