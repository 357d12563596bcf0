import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { registeredClient } from '../identity/client-binding';
import type { IdentityKeys } from '../identity/keys';
import type { Language } from '../messages';
import { DataRefusal } from './serve';
import { dataServiceText } from './texts';

/** The scope of the access tokens the exchange gives: the console's, for the API. */
const SCOPE = 'openid profile email';

/**
 * `GET /api/Global/GetAccessToken` (002 §7): an app signed a user in with a login client of
 * /app/security and sends the ID token it got; the answer is an access token for the API, as
 * the embedded provider would have given that client (its `client_id`, so a client bound to a
 * project reaches that project only). The ID token must be this issuer's, unexpired, of a
 * registered login client, and of an active user of the client's company.
 */
export async function exchangeIdToken(
  idToken: string,
  deps: { config: Config; db: Db; keys: IdentityKeys; language: Language },
): Promise<{ access_token: string; token_type: 'Bearer'; expires_in: number }> {
  const { config, db, keys, language } = deps;
  const invalid = () => new DataRefusal(401, dataServiceText(language, 'idTokenInvalid'));
  let claims;
  try {
    // An access token (at+jwt) is not an identity token, even though the same keys sign it.
    if (decodeProtectedHeader(idToken).typ === 'at+jwt') throw invalid();
    ({ payload: claims } = await jwtVerify(idToken, createLocalJWKSet(keys.publicJwks), {
      issuer: config.issuer,
      clockTolerance: 5,
    }));
  } catch {
    throw invalid();
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const clientId = audience.length === 1 ? audience[0] : undefined;
  const client = clientId ? await registeredClient(db, clientId) : undefined;
  if (!clientId || !client || client.type !== 'login') {
    throw new DataRefusal(401, dataServiceText(language, 'idTokenClient'));
  }
  const userId = Number(claims.sub);
  const user = Number.isSafeInteger(userId)
    ? await db
        .selectFrom('core.users')
        .select('id')
        .where('id', '=', userId)
        .where('company_id', '=', client.companyId)
        .where('active', '=', true)
        .executeTakeFirst()
    : undefined;
  if (!user) throw new DataRefusal(401, dataServiceText(language, 'idTokenUser'));
  const jwk = keys.jwks.keys[0] as JWK;
  const accessToken = await new SignJWT({ client_id: clientId, scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject(String(user.id))
    .setIssuer(config.issuer)
    .setAudience(config.audience)
    .setIssuedAt()
    .setExpirationTime(`${config.ACCESS_TOKEN_TTL}s`)
    .setJti(randomUUID())
    .sign(await importJWK(jwk, 'RS256'));
  return { access_token: accessToken, token_type: 'Bearer', expires_in: config.ACCESS_TOKEN_TTL };
}
