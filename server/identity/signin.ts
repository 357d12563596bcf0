import { sql } from 'kysely';
import { logAction } from '../actions-log';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { hashPassword, verifyPassword } from './passwords';

export interface SignInUser {
  id: number;
  companyId: number | null;
  login: string;
  email: string;
  language: string;
  twofactor: boolean;
}

export type PasswordOutcome =
  | { kind: 'ok'; user: SignInUser }
  | { kind: 'twofactor'; user: SignInUser }
  | { kind: 'wrong' }
  | { kind: 'locked' }
  | { kind: 'inactive' };

export interface SignInDeps {
  db: Db;
  config: Config;
}

export type SignInAction = 'signin' | 'signin_failed' | 'signin_locked';

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
  return logAction(db, { ...who, login: who.login.slice(0, 200), action, detail });
}

// Unknown users are checked against this hash, so they cost as much time as known ones.
let dummyHash: Promise<string> | undefined;

/**
 * The password step: case-insensitive login, one message for unknown users and wrong
 * passwords, lock-out after LOGIN_MAX_FAILURES failures for LOGIN_LOCK_MINUTES.
 */
export async function checkPassword(
  { db, config }: SignInDeps,
  login: string,
  password: string,
  ip: string,
): Promise<PasswordOutcome> {
  const row = await db
    .selectFrom('core.users')
    .selectAll()
    .select(sql<boolean>`coalesce(locked_until > now(), false)`.as('locked'))
    .where(sql`lower(login)`, '=', sql`lower(${login})`)
    .executeTakeFirst();
  if (!row) {
    await verifyPassword(password, await (dummyHash ??= hashPassword('flota-dummy-password')));
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
  if (row.locked) {
    await logSignIn(db, 'signin_locked', who, { ip });
    return { kind: 'locked' };
  }
  if (!(await verifyPassword(password, row.password_hash))) {
    const nowLocked = await countFailure(db, config, user.id);
    await logSignIn(db, 'signin_failed', who, { ip, reason: 'password' });
    if (!nowLocked) return { kind: 'wrong' };
    await logSignIn(db, 'signin_locked', who, { ip });
    return { kind: 'locked' };
  }
  // Only a caller who knows the password learns that the user is deactivated.
  if (!row.active) {
    await logSignIn(db, 'signin_failed', who, { ip, reason: 'inactive' });
    return { kind: 'inactive' };
  }
  await db
    .updateTable('core.users')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', user.id)
    .execute();
  return user.twofactor ? { kind: 'twofactor', user } : { kind: 'ok', user };
}

/**
 * Counts a wrong password in one statement, so concurrent attempts all count. An expired
 * lock starts the count again. Returns whether this failure locked the account.
 */
async function countFailure(db: Db, config: Config, userId: number): Promise<boolean> {
  const failures = sql<number>`(CASE WHEN locked_until <= now() THEN 1 ELSE failed_logins + 1 END)`;
  const result = await db
    .updateTable('core.users')
    .set({
      failed_logins: failures,
      locked_until: sql<Date | null>`CASE WHEN ${failures} >= ${config.LOGIN_MAX_FAILURES}
        THEN now() + make_interval(mins => ${config.LOGIN_LOCK_MINUTES}) ELSE NULL END`,
    })
    .where('id', '=', userId)
    .returning('locked_until')
    .executeTakeFirst();
  return Boolean(result?.locked_until);
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
