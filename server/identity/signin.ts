import { sql } from 'kysely';
import { logAction } from '../actions-log';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { clearFailures, countFailure } from './lockout';
import { hashPassword, verifyPassword } from './passwords';

export interface SignInUser {
  id: number;
  companyId: number | null;
  login: string;
  email: string;
  language: string;
  twofactor: boolean;
}

/**
 * 'wrong' covers an unknown user, a wrong password and a locked account alike; `lockedNow` is
 * the user this attempt locked, whose owner is told by mail.
 */
export type PasswordOutcome =
  | { kind: 'ok'; user: SignInUser }
  | { kind: 'twofactor'; user: SignInUser }
  | { kind: 'wrong'; lockedNow?: SignInUser }
  | { kind: 'inactive' };

export interface SignInDeps {
  db: Db;
  config: Config;
}

export type SignInAction = 'signin' | 'signin_failed' | 'signin_locked' | 'signin_limited';

export interface SignInWho {
  companyId: number | null;
  userId: number | null;
  login: string;
}

export function logSignIn(
  db: Db,
  action: SignInAction,
  who: SignInWho,
  detail: Record<string, unknown>,
): Promise<void> {
  const address = typeof detail.ip === 'string' ? detail.ip : null;
  return logAction(db, { ...who, login: who.login.slice(0, 200), action, detail, address });
}

// Unknown users are checked against this hash, so they cost as much time as known ones.
let dummyHash: Promise<string> | undefined;

/** The hash unknown users are checked against; made once, at start (registerIdentity). */
export function referenceHash(): Promise<string> {
  return (dummyHash ??= hashPassword('flota-dummy-password'));
}

/**
 * The password step: case-insensitive login, lock-out after LOGIN_MAX_FAILURES failures for
 * LOGIN_LOCK_MINUTES. An unknown user, a wrong password and a locked account (even with the
 * right password) get the same answer after the same work, a password hash each, so the page
 * tells nobody which accounts exist or are locked.
 */
export async function checkPassword(
  { db, config }: SignInDeps,
  login: string,
  password: string,
  ip: string,
  /** The id a known browser's cookie names (known-browsers.ts): the lock-out is not for it. */
  known: number | null = null,
): Promise<PasswordOutcome> {
  const row = await db
    .selectFrom('core.users')
    .selectAll()
    .select(sql<boolean>`coalesce(locked_until > now(), false)`.as('locked'))
    .where(sql`lower(login)`, '=', sql`lower(${login})`)
    .executeTakeFirst();
  const matches = await verifyPassword(password, row?.password_hash ?? (await referenceHash()));
  if (!row) {
    await logSignIn(
      db,
      'signin_failed',
      { companyId: null, userId: null, login },
      { ip, reason: 'unknown' },
    );
    return { kind: 'wrong' };
  }
  const user: SignInUser = {
    id: row.id,
    companyId: row.company_id,
    login: row.login,
    email: row.email,
    language: row.language,
    twofactor: row.twofactor,
  };
  const who = { companyId: user.companyId, userId: user.id, login: user.login };
  // A browser where this user has signed in before is counted apart (its own rate bucket): the
  // lock that others' failures set does not shut it out, and its own failures do not lock.
  const fromKnown = known === user.id;
  if (row.locked && !fromKnown) {
    await logSignIn(db, 'signin_locked', who, { ip });
    return { kind: 'wrong' };
  }
  if (!matches) {
    const lockedNow = !fromKnown && (await countFailure(db, config, user.id));
    await logSignIn(db, 'signin_failed', who, {
      ip,
      reason: 'password',
      ...(fromKnown && { known: true }),
    });
    if (!lockedNow) return { kind: 'wrong' };
    await logSignIn(db, 'signin_locked', who, { ip });
    return { kind: 'wrong', lockedNow: user };
  }
  // Only a caller who knows the password learns that the user is deactivated.
  if (!row.active) {
    await logSignIn(db, 'signin_failed', who, { ip, reason: 'inactive' });
    return { kind: 'inactive' };
  }
  if (!user.twofactor) {
    await clearFailures(db, user.id);
    return { kind: 'ok', user };
  }
  // The count starts again only once the code is right too (checkLoginCode).
  return { kind: 'twofactor', user };
}

/** The user a finished sign-in is for, by id (the two-factor step knows only the id). */
export async function findSignInUser(db: Db, id: number): Promise<SignInUser | undefined> {
  const row = await db
    .selectFrom('core.users')
    .select(['id', 'company_id', 'login', 'email', 'language', 'twofactor'])
    .where('id', '=', id)
    .where('active', '=', true)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      companyId: row.company_id,
      login: row.login,
      email: row.email,
      language: row.language,
      twofactor: row.twofactor,
    }
  );
}
