import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { OIDC_PREFIX } from './provider';

/**
 * A browser where a user has signed in before (docs/decisions.md, "The owner gets in during a
 * flood"): after a full sign-in the browser keeps a signed cookie naming the user. An attempt
 * from it for that user is counted apart from everyone else's attempts on the account, and the
 * account's lock-out does not apply to it, so a flood of wrong passwords from elsewhere cannot
 * keep the owner out of a browser they have used. The cookie is signed with the provider's
 * cookie keys (the first signs, all verify) and lasts KNOWN_DAYS from the last sign-in.
 */

export const KNOWN_COOKIE = 'flota_known';
export const KNOWN_DAYS = 90;

const mac = (key: string, body: string) =>
  createHmac('sha256', key).update(`flota-known-browser:${body}`).digest('base64url');

/** The cookie's value for a user: `<user id>.<expiry, epoch seconds>.<signature>`. */
export function knownBrowserToken(keys: readonly string[], userId: number, now = Date.now()) {
  const body = `${userId}.${Math.floor(now / 1000) + KNOWN_DAYS * 86_400}`;
  return `${body}.${mac(keys[0], body)}`;
}

/** The user a cookie's value names, when one of the keys signed it and it has not expired. */
export function knownUserId(
  keys: readonly string[],
  value: string | undefined,
  now = Date.now(),
): number | null {
  const match = /^(\d{1,12})\.(\d{1,12})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const [, id, expires, signature] = match;
  if (Number(expires) * 1000 <= now) return null;
  const given = Buffer.from(signature);
  const signed = keys.some((key) => {
    const expected = Buffer.from(mac(key, `${id}.${expires}`));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return signed ? Number(id) : null;
}

/** Sets the cookie on the answer that finishes a sign-in (only the sign-in pages read it). */
export function rememberBrowser(
  reply: FastifyReply,
  keys: readonly string[],
  userId: number,
  secure: boolean,
): void {
  const attributes = [
    `${KNOWN_COOKIE}=${knownBrowserToken(keys, userId)}`,
    `Path=${OIDC_PREFIX}/interaction`,
    `Max-Age=${KNOWN_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  reply.raw.appendHeader('set-cookie', attributes.join('; '));
}
