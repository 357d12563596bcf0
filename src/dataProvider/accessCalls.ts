import type { Identifier } from 'ra-core';
import type { AccessNode } from '../../protocol/access-tree';
import type { Flavour } from '../../protocol/menu';
import type { UserTreeEntry } from '../../protocol/menu-tree';
import type { CallService } from './callService';

export interface UserAccessResponse {
  flavour: Flavour;
  type: number;
  /** The user is an administrator: full access, no trees. */
  admin: boolean;
  environments: { id: number; name: string; system: boolean }[];
  lstPermissions: UserTreeEntry[];
}

export interface UserProjectRow {
  numero: number;
  name: string;
  role: 'owner' | 'shared' | 'none';
  access: AccessNode[] | null;
}

/** A user's access trees (docs/decisions.md "Access trees per user"), for their edit page. */
export function accessCalls(callService: CallService) {
  return {
    userAccess: (id: Identifier, signal?: AbortSignal) =>
      callService<UserAccessResponse>('userAccess', { idusr: Number(id) }, signal),
    /** `access` null removes the environment's entry; [] allows everything. */
    saveUserAccess: (id: Identifier, idenv: number, access: AccessNode[] | null) =>
      callService<UserTreeEntry>('saveUserAccess', { idusr: Number(id), idenv, access }),
    userProjectAccess: (
      id: Identifier,
      environment: number,
      page: { start: number; length: number },
      signal?: AbortSignal,
    ) =>
      callService<{ data: UserProjectRow[]; total: number }>(
        'userProjectAccess',
        { idusr: Number(id), environment, ...page },
        signal,
      ),
    /** `access` null removes the user's share of the project. */
    saveUserProjectAccess: (id: Identifier, database: number, access: AccessNode[] | null) =>
      callService<UserProjectRow>('saveUserProjectAccess', {
        idusr: Number(id),
        database,
        access,
      }),
  };
}
