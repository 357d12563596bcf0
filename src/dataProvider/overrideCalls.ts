import type { Page } from '../../protocol/paging';
import type { ResourceOverride } from '../../protocol/resource-override';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { FieldSchema } from '../../protocol/resource-schema';
import type { CallService } from './callService';

/** Who an override is for: every company, the caller's company, or one project. */
export type OverrideScopeName = 'default' | 'company' | 'project';

export interface OverrideScopeRequest {
  resource: string;
  scope: OverrideScopeName;
  database?: number;
}

/** A scope's version in force: who saved it and when. */
export interface OverrideVersionInfo {
  version: number;
  login: string | null;
  savedAt: string;
}

/** A resource the caller may customise, with the version in force of each scope. */
export interface CustomisableResource {
  resource: string;
  scope: 'company' | 'project';
  versions: Record<OverrideScopeName, OverrideVersionInfo | null>;
}

export interface ScopeOverride {
  resource: string;
  version: number | null;
  override: ResourceOverride | null;
  /** What the layers under the scope leave: the preview starts from it. */
  below: ResourceOverride;
}

export interface OverrideHistoryRow extends OverrideVersionInfo {
  override: ResourceOverride | null;
  removed: boolean;
  revertedFrom: number | null;
}

/** The calls of live resource overrides (docs/resources.md, "Changing a resource live"). */
export function overrideCalls(callService: CallService) {
  return {
    customisableResources: (database: number | null, signal?: AbortSignal) =>
      callService<CustomisableResource[]>(
        'resourceOverrides',
        database === null ? {} : { database },
        signal,
      ),
    scopeOverride: (request: OverrideScopeRequest, signal?: AbortSignal) =>
      callService<ScopeOverride>('resourceOverride', request, signal),
    overrideHistory: (
      request: OverrideScopeRequest,
      page: { start: number; length: number },
      signal?: AbortSignal,
    ) =>
      callService<Page<OverrideHistoryRow>>(
        'resourceOverrideHistory',
        { ...request, ...page },
        signal,
      ),
    saveOverride: (request: OverrideScopeRequest, override: unknown) =>
      callService<{ version: number }>('saveResourceOverride', { ...request, override }),
    revertOverride: (request: OverrideScopeRequest, version: number) =>
      callService<{ version: number }>('revertResourceOverride', { ...request, version }),
    effectiveOverrides: (signal?: AbortSignal) =>
      callService<Record<string, ResourceOverride>>('effectiveOverrides', {}, signal),
    /** What the company added live: its custom entities' definitions, custom fields by resource. */
    customDefinitions: (signal?: AbortSignal) =>
      callService<CustomDefinitions>('customDefinitions', {}, signal),
  };
}

export interface CustomDefinitions {
  entities: ResourceDefinition[];
  fields: Record<string, FieldSchema[]>;
}

export type OverrideCalls = ReturnType<typeof overrideCalls>;
