import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { freeLicences } from '../../../protocol/licences';
import { licenceGauges, type EnvironmentEntry, type LoginResult } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { environmentKey, environmentRef, type EnvironmentRef } from '../../environments';

type Server = LoginResult['listOfServers'][number];

const sameServer = (server: Server, address: string) =>
  server.serverAddrees.replace(/\/+$/, '') === address.replace(/\/+$/, '');

/**
 * What an external environment's own server says of it for the signed-in user (its
 * `loginProjects`, 002 §3): its environment at the environment's address, else its first. null:
 * that user has none there ('User Access not configured'), or the environment is this server's.
 */
function useRemoteServer(environment: EnvironmentRef, connected: boolean) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: [...environmentKey(environment.id), 'remote', environment.address],
    queryFn: async ({ signal }) => {
      if (!environment.external) return null;
      const login = await dataProvider.loginProjects({ environment, signal });
      const servers = login.listOfServers;
      return (
        servers.find((server) => sameServer(server, environment.address)) ?? servers[0] ?? null
      );
    },
    enabled: connected,
    staleTime: 60_000,
  });
}

/**
 * The environment's id on the server that holds its projects: a system environment's own id, an
 * external one's id on its server (null when the user has none there).
 */
export function useRemoteEnvironment(environment: EnvironmentRef, connected: boolean) {
  const server = useRemoteServer(environment, connected);
  const data: number | null = environment.external ? (server.data?.id ?? null) : environment.id;
  return { error: server.error, isPending: server.isPending, data };
}

/**
 * The figures to show of an environment: for a connected external one, its own server's licences
 * and projects (maxLic, asigLic, envLic = in use, its databases); otherwise this server's record.
 */
export function useEnvironmentFigures(
  environment: EnvironmentEntry,
  connected: boolean,
): EnvironmentEntry {
  const server = useRemoteServer(environmentRef(environment), connected && environment.external);
  const remote = server.data;
  if (!environment.external || !connected || !remote) return environment;
  const pool = { max: remote.maxLic, assigned: remote.asigLic, used: remote.envLic };
  return {
    ...environment,
    maxLicences: pool.max,
    assignedLicences: pool.assigned,
    usedLicences: pool.used,
    freeLicences: freeLicences(pool),
    projects: remote.databases.length,
    graph: licenceGauges(pool),
  };
}
