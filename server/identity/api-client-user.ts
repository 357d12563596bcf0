import type { JWTPayload } from 'jose';
import { ADMIN_RIGHTS, FREE_ROLE, isAdmin } from '../../protocol/roles';
import type { SessionUser } from '../auth';

/**
 * The client of a client-credentials access token of the embedded provider, or null for a
 * person's token: oidc-provider makes such a token's `sub` its `client_id` (a person's `sub` is
 * their numeric id, and client ids are never numeric: `flota-api-…`).
 */
export function clientCredentialsOf(claims: JWTPayload): string | null {
  const clientId = claims.client_id;
  return typeof clientId === 'string' && claims.sub === clientId && !/^\d+$/.test(clientId)
    ? clientId
    : null;
}

/**
 * An API client acts as its creator with the rights it was given, never more than the creator
 * holds now (an administrator demoted since demotes the client): the creator's company, project
 * access and access trees, and never the top administrator's powers.
 */
export function asApiClient(creator: SessionUser, clientId: string, granted: string): SessionUser {
  const rights = granted === ADMIN_RIGHTS && isAdmin(creator.profile) ? ADMIN_RIGHTS : 'USUARIO';
  const role =
    creator.profile.role.toUpperCase() === FREE_ROLE
      ? FREE_ROLE
      : rights === ADMIN_RIGHTS
        ? 'ADMIN'
        : 'USER';
  return { ...creator, apiClient: clientId, profile: { ...creator.profile, role, rights } };
}
