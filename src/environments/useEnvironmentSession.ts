import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import { useGetIdentity, useLocale, usePermissions } from 'react-admin';
import { isAdmin, isTopAdmin } from '../../protocol/roles';
import type { FlotaPermissions } from '../authProvider';
import { currentEnvironment, setCurrentEnvironment } from './currentEnvironment';
import {
  connectEnvironment,
  disconnectEnvironment,
  environmentUserManager,
  externalUser,
  externalUserName,
} from './externalSessions';
import type { EnvironmentRef } from './types';

/** Query keys of what the console holds per environment, cleared when its session ends. */
export const environmentKey = (id: number) => ['flota', 'environment', id] as const;
const sessionKey = (id: number) => [...environmentKey(id), 'session'] as const;

/** The caller's rights on an environment's server: its administrators create projects there. */
export interface EnvironmentRights {
  admin: boolean;
  topAdmin: boolean;
}

function rightsOf(user: User): EnvironmentRights {
  const role = String(user.profile.role ?? '');
  const rights = String(user.profile.rights ?? '');
  return { admin: isAdmin({ role, rights }), topAdmin: isTopAdmin({ role }) };
}

/**
 * The login flag and user name of an environment, with connect and log out. A system environment
 * is the console's own sign-in: it resolves after about 100 ms, without a popup. An external one
 * is connected while the console holds an unexpired user for it.
 */
export function useEnvironmentSession(environment: EnvironmentRef | undefined) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<FlotaPermissions>();
  const profile = permissions?.profile;
  const ownRights: EnvironmentRights = {
    admin: profile ? isAdmin(profile) : false,
    topAdmin: profile ? isTopAdmin(profile) : false,
  };
  const id = environment?.id ?? 0;
  const external = environment?.external ?? false;

  const session = useQuery({
    queryKey: sessionKey(id),
    queryFn: async (): Promise<{ name: string; rights: EnvironmentRights | null } | null> => {
      if (!environment) return null;
      if (!environment.external) {
        await connectEnvironment(environment);
        return { name: '', rights: null };
      }
      const user = await externalUser(environment);
      return user ? { name: externalUserName(user), rights: rightsOf(user) } : null;
    },
    enabled: Boolean(environment),
    // An external token lapses on its own: look again now and then.
    refetchInterval: external ? 30_000 : false,
  });

  const authority = environment?.authority ?? '';
  useEffect(() => {
    if (!external) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: sessionKey(id) });
    let removers: Array<() => void> = [];
    let ended = false;
    void environmentUserManager({ id, authority }).then(({ events }) => {
      if (ended) return;
      removers = [
        events.addUserLoaded(refresh),
        events.addUserUnloaded(refresh),
        events.addAccessTokenExpired(refresh),
      ];
    });
    return () => {
      ended = true;
      removers.forEach((remove) => remove());
    };
  }, [external, id, authority, queryClient]);

  const connect = useMutation({
    mutationFn: () => connectEnvironment(environment!, locale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: environmentKey(id) }),
  });

  const disconnect = useMutation({
    mutationFn: async () => {
      await disconnectEnvironment(environment!);
      if (currentEnvironment()?.id === id) setCurrentEnvironment(null);
    },
    // Its token is gone: so are the projects shown for it.
    onSettled: () => queryClient.resetQueries({ queryKey: environmentKey(id) }),
  });

  const name = session.data?.name || identity?.fullName || '';
  return {
    connected: Boolean(session.data),
    resolving: session.isPending && Boolean(environment),
    userName: session.data ? name : null,
    /** A system environment is the console's own server: the console's own rights. */
    rights: session.data?.rights ?? ownRights,
    connect,
    disconnect,
  };
}
