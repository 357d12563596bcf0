import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { UserProfile } from '../protocol/roles';
import type { Config } from './config';
import { sessionCacheOf, type Db } from './db/database';
import { EXTERNAL_CLIENT_ID } from '../protocol/projects';
import { asApiClient, clientCredentialsOf } from './identity/api-client-user';
import { registeredClient, tokenClientId, type BoundProject } from './identity/client-binding';
import { message, type Language } from './messages';
import type { SessionCache } from './session-cache';
import { rememberVerified } from './verified-tokens';

export interface SessionUser {
  id: number;
  login: string;
  email: string;
  language: string;
  twofactor: boolean;
  companyId: number | null;
  profile: UserProfile;
  company: { id: number; name: string; tier: string | null; active: boolean } | null;
  /** The API client calling for this user with a client-credentials token (docs/identity.md). */
  apiClient?: string;
  /**
   * The project the token's identity client is bound to: the only one it reaches
   * (server/services/projects/rule.ts, docs/identity.md "Clients bound to a project").
   */
  boundProject?: BoundProject;
}

/** A failed authentication; the services endpoint answers HTTP 401. */
/** Why a request is not authenticated: a key of server/messages.ts. */
export type AuthIssue =
  'noToken' | 'tokenExpired' | 'tokenInvalid' | 'userUnknown' | 'userInactive';

export class AuthError extends Error {
  constructor(readonly issue: AuthIssue) {
    super(issue);
  }

  /** What the caller reads, in their language. */
  text(language: Language): string {
    return message(language, this.issue);
  }
}

export type TokenVerifier = (token: string) => Promise<JWTPayload>;

/** The external issuer's keys, found through its discovery document on first use. */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: JWTVerifyGetKey | undefined;
  return async (header, token) => {
    if (!keys) {
      const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      const discovery = (await response.json()) as { jwks_uri: string };
      keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    }
    return keys(header, token);
  };
}

/**
 * Verifies access tokens: signed by the embedded provider's keys, or by the external issuer's
 * published keys (OIDC_ISSUER). Issuer and audience must match the configuration.
 */
export function createTokenVerifier(config: Config, localJwks?: JSONWebKeySet): TokenVerifier {
  const keys = localJwks ? createLocalJWKSet(localJwks) : discoveredKeys(config.issuer);
  return rememberVerified(async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.audience,
        clockTolerance: 5,
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AuthError('tokenExpired');
      throw new AuthError('tokenInvalid');
    }
  });
}

/** A user with its company's name, tier and state: what sign-in and every request read. */
export function selectUserWithCompany(db: Db) {
  return db
    .selectFrom('core.users as u')
    .leftJoin('core.companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.login',
      'u.email',
      'u.role',
      'u.rights',
      'u.language',
      'u.twofactor',
      'u.active',
      'u.company_id',
      'c.name as company_name',
      'c.tier as company_tier',
      'c.active as company_active',
    ]);
}

/**
 * Loads the signed-in user named by a verified token: by id from our issuer, by login otherwise.
 * The rows come from this node's session cache when it holds them (server/session-cache.ts);
 * every check below runs on every call.
 */
export async function loadSessionUser(
  db: Db,
  config: Config,
  claims: JWTPayload,
): Promise<SessionUser> {
  const cache = sessionCacheOf(db)?.cache;
  const client = config.embeddedIssuer ? clientCredentialsOf(claims) : null;
  // Looked up on every request: a deleted client's tokens stop working at once, and a client
  // bound to a project (002 §3 Client: dbid, pid) reaches that project only.
  const asked = config.embeddedIssuer ? tokenClientId(claims) : null;
  const registered =
    asked !== null && asked !== config.OIDC_CLIENT_ID && asked !== EXTERNAL_CLIENT_ID
      ? await cached(cache, `client:${asked}`, () => registeredClient(db, asked))
      : undefined;
  let granted = '';
  let key: string;
  let read: () => Promise<UserWithCompany | undefined>;
  if (client) {
    if (!registered || registered.type !== 'api') throw new AuthError('tokenInvalid');
    granted = registered.rights;
    const id = registered.createdBy;
    key = `user:${id}`;
    read = () => selectUserWithCompany(db).where('u.id', '=', id).executeTakeFirst();
  } else if (config.embeddedIssuer) {
    const id = Number(claims.sub);
    if (!Number.isInteger(id)) throw new AuthError('tokenInvalid');
    key = `user:${id}`;
    read = () => selectUserWithCompany(db).where('u.id', '=', id).executeTakeFirst();
  } else {
    const login = String(
      claims.preferred_username ?? claims.nickname ?? claims.email ?? '',
    ).toLowerCase();
    key = `login:${login}`;
    read = () =>
      selectUserWithCompany(db)
        .where((eb) => eb.fn('lower', ['u.login']), '=', login)
        .executeTakeFirst();
  }
  const row = await cached(cache, key, read);
  if (!row) throw new AuthError('userUnknown');
  if (!row.active) throw new AuthError('userInactive');
  const user = sessionUserOf(row);
  const acting = client ? asApiClient(user, client, granted) : user;
  return registered?.bound ? { ...acting, boundProject: { ...registered.bound } } : acting;
}

/** A row through the session cache when the handle has one; read every time otherwise. */
function cached<R>(
  cache: SessionCache | undefined,
  key: string,
  read: () => Promise<R | undefined>,
): Promise<R | undefined> {
  return cache ? cache.read(key, read) : read();
}

type UserWithCompany = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectUserWithCompany>['executeTakeFirst']>>
>;

/** The signed-in user of a row of selectUserWithCompany. */
function sessionUserOf(row: UserWithCompany): SessionUser {
  const company =
    row.company_id === null
      ? null
      : {
          id: row.company_id,
          name: row.company_name ?? '',
          tier: row.company_tier,
          active: row.company_active === true,
        };
  const user: SessionUser = {
    id: row.id,
    login: row.login,
    email: row.email,
    language: row.language,
    twofactor: row.twofactor,
    companyId: row.company_id,
    company,
    profile: {
      sub: String(row.id),
      nickname: row.login,
      role: row.role,
      rights: row.rights,
      cia: row.company_id === null ? '' : String(row.company_id),
      active: company === null || company.active ? 'true' : 'false',
    },
  };
  return user;
}

/**
 * An active user by id, as if signed in (a bot acts with its creator's rights, server/bots/);
 * null when there is none or they are not active.
 */
export async function activeUserById(db: Db, id: number): Promise<SessionUser | null> {
  const row = await selectUserWithCompany(db).where('u.id', '=', id).executeTakeFirst();
  return row && row.active ? sessionUserOf(row) : null;
}
