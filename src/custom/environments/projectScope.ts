import { environmentKey, type EnvironmentRef } from '../../environments';

/** The projects of one environment as the connect screen works on them. */
export interface ProjectScope {
  /** The environment as this console knows it; every call goes to its server. */
  environment: EnvironmentRef;
  /** Its id on that server (its own id for a system environment). */
  remoteId: number;
}

/** Query key of what the connect screen reads of an environment's projects. */
export const projectsKey = (scope: ProjectScope) =>
  [...environmentKey(scope.environment.id), 'projects', scope.remoteId] as const;
