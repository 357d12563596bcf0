import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';

/** Length of a rate-limit window: a bucket's count starts again this long after its first hit. */
export const RATE_WINDOW_MINUTES = 15;

/** The eight 16-bit groups of an IPv6 address; an embedded IPv4 tail gives two of them. */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string | undefined) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!isIPv4(group)) return [parseInt(group, 16)];
      const [a, b, c, d] = group.split('.').map(Number);
      return [a * 256 + b, c * 256 + d];
    });
  const [head, tail] = address.split('::');
  if (tail === undefined) return groupsOf(head);
  const first = groupsOf(head);
  const last = groupsOf(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The bucket of a client address: an IPv4 address (also one written as IPv6-mapped) itself, an
 * IPv6 address its /64, since one subscriber is given a whole /64 and can use any address in it.
 */
export function addressBucket(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const prefix = ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * The bucket of an attempt's account: the login name typed, or, from a browser where that user
 * has signed in before (known-browsers.ts), a bucket of that user's known browsers, which the
 * attempts of everyone else do not fill.
 */
function accountBucket(login: string, known: number | null) {
  return known === null
    ? sql<string>`'account:' || lower(${login.slice(0, 200)})`
    : sql<string>`${`known:${known}`}`;
}

export interface LimitedAttempt {
  /** Which limit was passed: 'account' (the login name) or 'address' (the client's). */
  limit: 'account' | 'address';
  /** Seconds until the window of that limit ends. */
  retryAfter: number;
  /** True on the first attempt over the limit in this window, so it is logged once. */
  first: boolean;
}

/**
 * Counts one sign-in attempt (a password or a code) for the login name and the client address,
 * in one statement so concurrent attempts on any node all count. Returns the limit passed, or
 * undefined when the attempt may go on. The name is lower-cased by PostgreSQL as the user lookup
 * does, and counted whether or not such a user exists, so the limit tells nothing about accounts.
 */
export async function countSignInAttempt(
  db: Db,
  config: Config,
  { login, ip, known = null }: { login: string; ip: string; known?: number | null },
): Promise<LimitedAttempt | undefined> {
  const ended = sql<boolean>`core.signin_limits.window_started <= now() - make_interval(mins => ${RATE_WINDOW_MINUTES})`;
  const rows = await db
    .insertInto('core.signin_limits')
    .values([
      { bucket: accountBucket(login, known), hits: 1 },
      { bucket: `address:${addressBucket(ip)}`, hits: 1 },
    ])
    .onConflict((conflict) =>
      conflict.column('bucket').doUpdateSet({
        hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE core.signin_limits.hits + 1 END`,
        window_started: sql<Date>`CASE WHEN ${ended} THEN now() ELSE core.signin_limits.window_started END`,
      }),
    )
    .returning([
      'bucket',
      'hits',
      sql<number>`ceil(extract(epoch FROM window_started + make_interval(mins => ${RATE_WINDOW_MINUTES}) - now()))::int`.as(
        'retry_after',
      ),
    ])
    .execute();
  const limits = { account: config.LOGIN_RATE_PER_ACCOUNT, address: config.LOGIN_RATE_PER_ADDRESS };
  for (const row of rows) {
    const limit = row.bucket.startsWith('address:') ? 'address' : 'account';
    if (row.hits > limits[limit]) {
      return {
        limit,
        retryAfter: Math.max(1, row.retry_after),
        first: row.hits === limits[limit] + 1,
      };
    }
  }
  return undefined;
}

/**
 * Gives back the attempts of a sign-in that succeeded (the password step, and the code step of
 * a two-factor user), so the limits count only attempts that did not sign anyone in: an office
 * behind one address, or a shared account, is not limited by its own sign-ins.
 */
export async function giveBackAttempts(
  db: Db,
  { login, ip, known = null }: { login: string; ip: string; known?: number | null },
  attempts: number,
): Promise<void> {
  await db
    .updateTable('core.signin_limits')
    .set({ hits: sql<number>`greatest(hits - ${attempts}, 0)` })
    .where((eb) =>
      eb.or([
        eb('bucket', '=', accountBucket(login, known)),
        eb('bucket', '=', `address:${addressBucket(ip)}`),
      ]),
    )
    .execute();
}

/** Removes buckets whose window has ended: their next attempt starts a new one anyway. */
export async function deleteEndedLimits(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('core.signin_limits')
    .where(sql<boolean>`window_started < now() - make_interval(mins => ${RATE_WINDOW_MINUTES})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
