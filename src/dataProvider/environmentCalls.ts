import type { LicencePool } from '../../protocol/licences';
import type { Datatable, Page } from '../../protocol/paging';
import type {
  EnvironmentEntry,
  LoginResult,
  NewProject,
  NewProjectResult,
  ProjectEntry,
} from '../../protocol/projects';
import type { EnvironmentRef } from '../environments/types';
import { callServiceAt, type CallService } from './callService';

/** Data calls of the environments area (docs/api.md, "Environments and licences"). */

export interface ListRequest {
  datatable?: Datatable;
  filter?: { q?: string };
}

export interface EnvironmentProjectsRequest {
  datatable?: Datatable;
  filter?: { q?: string; deleted?: boolean };
}

export type EnvironmentProjectsResponse = Page<ProjectEntry> & {
  pool: LicencePool & { free: number };
};

export interface ServerLicenceResponse {
  ServerLic: number;
  assigned: number;
  used: number;
  free: number;
}

export interface LicenceChangeRequest {
  database: number;
  dbname: string;
  /** The change: positive adds licences, negative removes them. */
  licadd: number;
}

/**
 * Where a call goes: `environment` names the environment whose server answers (an external one
 * with its own token); without it, the current environment's routing rule decides.
 */
export interface CallOptions {
  signal?: AbortSignal;
  environment?: EnvironmentRef;
}

export function environmentCalls(callService: CallService) {
  const at = (options: CallOptions = {}) => callServiceAt(callService, options.environment);
  return {
    environments: (request: ListRequest = {}, signal?: AbortSignal) =>
      callService<Page<EnvironmentEntry>>('environments', request, signal),
    /** The projects of environment `environment` (an id on the answering server). */
    environmentProjects: (
      environment: number,
      request: EnvironmentProjectsRequest = {},
      options?: CallOptions,
    ) =>
      at(options)<EnvironmentProjectsResponse>(
        'environmentProjects',
        { environment, ...request },
        options?.signal,
      ),
    getServerLicence: (environment: number, options?: CallOptions) =>
      at(options)<ServerLicenceResponse>('getServerLicence', { environment }, options?.signal),
    setServerLicence: (environment: number, ServerLic: number, options?: CallOptions) =>
      at(options)<ServerLicenceResponse>('setServerLicence', { environment, ServerLic }),
    /** Changes a project's licences by `licadd`; answers the total now assigned to it. */
    admlicenses: (request: LicenceChangeRequest, options?: CallOptions) =>
      at(options)<number>('admlicenses', { oper: 'update', ...request }),
    createProject: (project: NewProject, options?: CallOptions) =>
      at(options)<NewProjectResult>('createProject', project),
    markToDelete: (pid: string, options?: CallOptions) =>
      at(options)<ProjectEntry>('markToDelete', { pid }),
    markToRestore: (pid: string, options?: CallOptions) =>
      at(options)<ProjectEntry>('markToRestore', { pid }),
    /** The answering server's environments and the caller's projects in each (002 §3). */
    loginProjects: (options?: CallOptions) =>
      at(options)<LoginResult>('loginProjects', {}, options?.signal),
  };
}

export type EnvironmentCalls = ReturnType<typeof environmentCalls>;
