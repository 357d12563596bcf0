import type { AccessNode } from '../../protocol/access-tree';
import type { Datatable, Page } from '../../protocol/paging';
import type {
  ProjectEntry,
  ProjectShare,
  ProjectType,
  ShareEnvironmentPermissions,
  ShareGeneralPermissions,
  PublishTarget,
} from '../../protocol/projects';
import type { CallService } from './callService';

/** One page of a project list, narrowed by name (`recents`, `shareds`). */
export interface ProjectListParams {
  datatable: Datatable;
  filter?: { q?: string };
}

export interface SharedProjectsParams extends ProjectListParams {
  /** Absent: every type. */
  projectType?: ProjectType;
}

/** A user of the company a project can be shared with (`usersForShare`). */
export interface ShareUserRow {
  id: number;
  login: string;
  email: string;
  admin: boolean;
}

export interface UsersForShareParams {
  q?: string;
  datatable: Datatable;
  /** Administrators already reach every project: listed only when asked for. */
  includeAdmins?: boolean;
  includeMyCiaUsers?: boolean;
}

/** What `shareProject` stores for one user: the whole share, replacing any earlier one. */
export interface ShareProjectRequest {
  userId: number;
  permissions: ShareGeneralPermissions;
  envPermissions: Record<string, ShareEnvironmentPermissions>;
  access: AccessNode[];
}

/** The copy `publishProject` made in the target environment. */
export interface PublishProjectResponse {
  /** The copy's number on the target environment's server. */
  numero: number;
  /** The target is a system environment of this server. */
  local: boolean;
}

/** The projects-area verbs of the data provider (docs/api.md, projects and sharing). */
export function projectCalls(callService: CallService) {
  return {
    recents: (params: ProjectListParams, signal?: AbortSignal) =>
      callService<Page<ProjectEntry>>('recents', params, signal),
    shareds: (params: SharedProjectsParams, signal?: AbortSignal) =>
      callService<Page<ProjectEntry>>('shareds', params, signal),
    projectShares: (database: number, signal?: AbortSignal) =>
      callService<ProjectShare[]>('projectShares', { database }, signal),
    shareProject: (database: number, share: ShareProjectRequest) =>
      callService<ProjectShare>('shareProject', { database, ...share }),
    unshareProject: (database: number, userId: number) =>
      callService<unknown>('unshareProject', { database, userId }),
    usersForShare: (params: UsersForShareParams, signal?: AbortSignal) =>
      callService<Page<ShareUserRow>>('usersForShare', params, signal),
    publishTargets: (database: number, signal?: AbortSignal) =>
      callService<PublishTarget[]>('publishTargets', { database }, signal),
    /**
     * `accessToken` is the caller's token for an external target environment: the server passes
     * it on to that environment's `importProject`.
     */
    publishProject: (database: number, environment: number, accessToken?: string) =>
      callService<PublishProjectResponse>('publishProject', {
        database,
        environment,
        ...(accessToken ? { accessToken } : {}),
      }),
  };
}

export type ProjectCalls = ReturnType<typeof projectCalls>;
