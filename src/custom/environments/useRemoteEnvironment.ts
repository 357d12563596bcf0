import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { LoginResult } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { environmentKey, type EnvironmentRef } from '../../environments';

type Server = LoginResult['listOfServers'][number];

const sameServer = (server: Server, address: string) =>
  server.serverAddrees.replace(/\/+$/, '') === address.replace(/\/+$/, '');

/**
 * The environment's id on the server that holds its projects. A system environment is this
 * server's own: its id. An external environment is another Flota server: its `loginProjects`
 * (002 §3) names that server's environments for the signed-in user; the one at the environment's
 * address is taken, else the first. null: that user has none ('User Access not configured').
 */
export function useRemoteEnvironment(environment: EnvironmentRef, connected: boolean) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  return useQuery({
    queryKey: [...environmentKey(environment.id), 'remote', environment.address],
    queryFn: async ({ signal }) => {
      if (!environment.external) return environment.id;
      const login = await dataProvider.loginProjects({ environment, signal });
      const servers = login.listOfServers;
      return (
        (servers.find((server) => sameServer(server, environment.address)) ?? servers[0])?.id ??
        null
      );
    },
    enabled: connected,
    staleTime: 60_000,
  });
}
