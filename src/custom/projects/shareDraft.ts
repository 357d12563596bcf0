import { normaliseTree, uniformTree, type AccessNode } from '../../../protocol/access-tree';
import {
  SHARE_ENVIRONMENT,
  SHARE_GENERAL,
  type ProjectShare,
  type ShareEnvironmentPermission,
  type ShareEnvironmentPermissions,
  type ShareGeneralPermission,
  type ShareGeneralPermissions,
} from '../../../protocol/projects';
import type { ShareProjectRequest, ShareUserRow } from '../../dataProvider/projectCalls';

/** The share being written in the dialog: for whom, and what they may do. */
export interface ShareDraft {
  user: ShareUserRow | null;
  /** Editing a share that exists (the user is fixed). */
  existing: boolean;
  permissions: ShareGeneralPermissions;
  envPermissions: Record<string, ShareEnvironmentPermissions>;
  access: AccessNode[];
}

const noGeneral = (): ShareGeneralPermissions =>
  Object.fromEntries(SHARE_GENERAL.map((permission) => [permission, false])) as never;

const noEnvironment = (): ShareEnvironmentPermissions =>
  Object.fromEntries(SHARE_ENVIRONMENT.map((permission) => [permission, false])) as never;

/** A new share grants nothing until the sharer ticks it: no general permission, no section. */
export function emptyDraft(user: ShareDraft['user'] = null): ShareDraft {
  return {
    user,
    existing: false,
    permissions: noGeneral(),
    envPermissions: {},
    access: uniformTree(false, false),
  };
}

/** An existing share, ready to edit. */
export function draftFromShare(share: ProjectShare): ShareDraft {
  return {
    user: { id: share.userId, login: share.login, email: share.email, admin: false },
    existing: true,
    permissions: { ...noGeneral(), ...share.permissions },
    envPermissions: share.envPermissions,
    access: normaliseTree(share.access),
  };
}

export function setGeneral(
  draft: ShareDraft,
  permission: ShareGeneralPermission,
  checked: boolean,
): ShareDraft {
  return { ...draft, permissions: { ...draft.permissions, [permission]: checked } };
}

export function setEnvironment(
  draft: ShareDraft,
  environment: number,
  permission: ShareEnvironmentPermission,
  checked: boolean,
): ShareDraft {
  const current = draft.envPermissions[environment] ?? noEnvironment();
  return {
    ...draft,
    envPermissions: {
      ...draft.envPermissions,
      [environment]: { ...current, [permission]: checked },
    },
  };
}

export function environmentFlags(
  draft: ShareDraft,
  environment: number,
): ShareEnvironmentPermissions {
  return draft.envPermissions[environment] ?? noEnvironment();
}

/**
 * The `shareProject` parameter (without the project): environments with nothing ticked are left
 * out, and the tree is sent in its normal form.
 */
export function shareRequest(
  draft: ShareDraft & { user: NonNullable<ShareDraft['user']> },
): ShareProjectRequest {
  const envPermissions = Object.fromEntries(
    Object.entries(draft.envPermissions).filter(([, flags]) =>
      SHARE_ENVIRONMENT.some((permission) => flags[permission]),
    ),
  );
  return {
    userId: draft.user.id,
    permissions: draft.permissions,
    envPermissions,
    access: normaliseTree(draft.access),
  };
}
