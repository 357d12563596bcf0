import { currentEnvironment } from './currentEnvironment';
import { externalAccessToken } from './externalSessions';
import { mayLeaveOwnServer, OWN_SERVER, serviceTarget, type ServiceTarget } from './routing';

/** A target a request can be sent to. */
export type ReachableTarget = Exclude<ServiceTarget, { kind: 'notConnected' }>;
import type { EnvironmentRef } from './types';

/** An explicit call to an external environment the console is not signed in to. */
export class NotConnectedError extends Error {
  constructor() {
    super('environments.errors.not_connected');
  }
}

function reachable(target: ServiceTarget): ReachableTarget {
  if (target.kind === 'notConnected') throw new NotConnectedError();
  return target;
}

/** Where the data provider sends an operation now: the routing rule on the current environment. */
export async function currentTarget(operation: string): Promise<ReachableTarget> {
  const current = currentEnvironment();
  if (!current || !mayLeaveOwnServer(operation, current)) return OWN_SERVER;
  return reachable(serviceTarget(operation, current, await externalAccessToken(current)));
}

/**
 * Where a call to one given environment goes: a system environment is this console's server; an
 * external one is its own server with its token, and refused here when not connected.
 */
export async function environmentTarget(environment: EnvironmentRef): Promise<ReachableTarget> {
  if (!environment.external) return OWN_SERVER;
  return reachable(serviceTarget('', environment, await externalAccessToken(environment)));
}
