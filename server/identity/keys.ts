import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/database';

export interface IdentityKeys {
  /** Private signing keys, as oidc-provider's `jwks` option wants them. */
  jwks: { keys: JWK[] };
  /** The same keys without their private parts, for verifying access tokens. */
  publicJwks: { keys: JWK[] };
  /** Keys that sign oidc-provider's cookies; the first signs, all verify. */
  cookieKeys: string[];
}

async function createSigningKeys(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
}

async function createCookieKeys(): Promise<string[]> {
  return [randomBytes(32).toString('base64url')];
}

/**
 * Reads a secret, creating it on first use. Every node inserts its own candidate and keeps
 * whichever row won, so nodes that start together still end up with the same keys.
 */
async function loadSecret<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const read = () =>
    db.selectFrom('core.secrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insertInto('core.secrets')
    .values({ name, value: JSON.stringify(await create()) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`Secret ${name} could not be stored`);
  return stored.value as T;
}

function publicPart({ kty, n, e, crv, x, y, kid, alg, use }: JWK): JWK {
  return Object.fromEntries(
    Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(
      ([, value]) => value !== undefined,
    ),
  ) as JWK;
}

/** The embedded identity provider's signing and cookie keys, kept in core.secrets. */
export async function loadIdentityKeys(db: Db): Promise<IdentityKeys> {
  const jwks = await loadSecret(db, 'oidc_jwks', createSigningKeys);
  const cookieKeys = await loadSecret(db, 'cookie_keys', createCookieKeys);
  return { jwks, publicJwks: { keys: jwks.keys.map(publicPart) }, cookieKeys };
}
