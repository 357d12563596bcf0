import type { AdapterPayload } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { secretBox } from '../secrets/box';

/** Client ids of login clients registered in /app/security (server/services/security/clients.ts). */
export const LOGIN_CLIENT_PREFIX = 'flota-login-';

/**
 * The clients the companies register (/app/security), as oidc-provider's adapter answers them:
 * read from core.identity_clients on each lookup, so a client works on every node as soon as it
 * is created and stops as soon as it is deleted. oidc-provider compares an API client's secret
 * itself, so the sealed secret is opened here; it never leaves the server.
 */
export function registeredClientFinder(
  db: Db,
  config: Config,
): (id: string) => Promise<AdapterPayload | undefined> {
  const box = secretBox(config, db);
  return async (id) => {
    const row = await db
      .selectFrom('core.identity_clients as c')
      .innerJoin('core.companies as o', 'o.id', 'c.company_id')
      .select(['c.clientid', 'c.type', 'c.name', 'c.redirect_uris', 'c.sealed_secret'])
      .where('c.clientid', '=', id)
      .where('o.active', '=', true)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.type === 'api' && row.sealed_secret) {
      return {
        client_id: row.clientid,
        client_name: row.name,
        client_secret: await box.open(row.sealed_secret),
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: 'client_secret_basic',
      };
    }
    return {
      client_id: row.clientid,
      client_name: row.name,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: row.redirect_uris,
    };
  };
}
