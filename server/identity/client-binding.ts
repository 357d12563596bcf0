import type { JWTPayload } from 'jose';
import type { Db } from '../db/database';

/** The project an identity client is bound to (002 §3 Client: dbid, pid). */
export interface BoundProject {
  numero: number;
  pid: string;
}

/** What a token's client is, as the API reads it on every request. */
export interface RegisteredClient {
  type: string;
  companyId: number;
  createdBy: number;
  rights: string;
  /** The project its tokens reach, the only one; null when it is not bound. */
  bound: BoundProject | null;
}

/** The client that asked for a token, when the token names one (oidc-provider's `client_id`). */
export function tokenClientId(claims: JWTPayload): string | null {
  return typeof claims.client_id === 'string' ? claims.client_id : null;
}

/**
 * The registered clients with their projects' identifiers, as every request reads them (the
 * columns whose change notifies the nodes, migration 0200, are checked against it in a test).
 */
export function selectRegisteredClient(db: Db) {
  return db
    .selectFrom('core.identity_clients as c')
    .leftJoin('core.projects as p', 'p.numero', 'c.numero')
    .select(['c.type', 'c.company_id', 'c.created_by', 'c.rights', 'c.numero', 'p.pid']);
}

/**
 * A client registered in /app/security, with the project it is bound to; undefined when there is
 * none by that identifier (the console's and `xmanager` are not registered there).
 */
export async function registeredClient(
  db: Db,
  clientId: string,
): Promise<RegisteredClient | undefined> {
  const row = await selectRegisteredClient(db)
    .where('c.clientid', '=', clientId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    type: row.type,
    companyId: row.company_id,
    createdBy: row.created_by,
    rights: row.rights,
    bound: row.numero === null ? null : { numero: row.numero, pid: row.pid ?? '' },
  };
}
