/** The current environment and the console's sessions with external environments (issue 5). */
export type { EnvironmentRef } from './types';
export { environmentRef } from './types';
export {
  currentEnvironment,
  setCurrentEnvironment,
  subscribeCurrentEnvironment,
} from './currentEnvironment';
export {
  connectEnvironment,
  disconnectEnvironment,
  externalAccessToken,
  externalUser,
  externalUserName,
} from './externalSessions';
export { isOnline, PROBE_TIMEOUT_MS } from './probe';
export { OWN_SERVER_OPERATIONS, serviceTarget, type ServiceTarget } from './routing';
export { NotConnectedError } from './targets';
export {
  useEnvironmentSession,
  environmentKey,
  type EnvironmentRights,
} from './useEnvironmentSession';
export { useOnline } from './useOnline';
export { useOpenProject } from './useOpenProject';
