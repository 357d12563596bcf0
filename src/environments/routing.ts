/**
 * Where an operation of the console's data provider goes (issue 5: "the console's data provider
 * always talks to the current environment's server"). Session-level operations and the
 * environment management of this console always go to the console's own server; every other
 * operation goes to the current environment's server when it is an external one the console is
 * signed in to. With no current environment, or a system one (this server), it stays on the own
 * server. An external current environment whose sign-in has lapsed is refused rather than asked
 * of the own server: its project numbers mean other projects here.
 */

/** Operations that belong to the console's own session and company, whatever the environment. */
export const OWN_SERVER_OPERATIONS: ReadonlySet<string> = new Set([
  'session',
  'menu',
  'saveState',
  'loadState',
  'notifications',
  'notificationRead',
  'updateProfile',
  'pricing',
  'subscribe',
  'environments',
  'createEnvironment',
  'modifyEnvironment',
  'deleteEnvironment',
  'environmentsList',
  'environmentsShow',
  'environmentsCreate',
  'environmentsEdit',
  'environmentsDelete',
  'environmentProjects',
  'getServerLicence',
  'setServerLicence',
  'actionsLog',
  'companies',
  'updateCompanyState',
]);

/** What routing needs to know about an environment. */
export interface RoutedEnvironment {
  address: string;
  external: boolean;
}

/**
 * The console's own server (relative URLs, the console's token), another server with its token,
 * or nowhere: an external environment the console is not signed in to.
 */
export type ServiceTarget =
  | { kind: 'own' }
  | { kind: 'environment'; address: string; token: string }
  | { kind: 'notConnected' };

export const OWN_SERVER = { kind: 'own' } as const;

/** A path of the API (`/api/services`, `/api/kioskpremium/mdm`) on the target's server. */
export function urlAt(target: Exclude<ServiceTarget, { kind: 'notConnected' }>, path: string) {
  return target.kind === 'own' ? path : `${target.address.replace(/\/+$/, '')}${path}`;
}

/** The rule: session-level operations at home; the rest where the current environment is. */
export function serviceTarget(
  operation: string,
  current: RoutedEnvironment | null,
  externalToken: string | null,
): ServiceTarget {
  if (!current?.external || OWN_SERVER_OPERATIONS.has(operation)) return OWN_SERVER;
  if (!externalToken) return { kind: 'notConnected' };
  return { kind: 'environment', address: current.address, token: externalToken };
}

/** Whether an operation would leave the own server, before any token is looked up. */
export function mayLeaveOwnServer(operation: string, current: RoutedEnvironment | null): boolean {
  return Boolean(current?.external) && !OWN_SERVER_OPERATIONS.has(operation);
}
