import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { sendMail, type MailDeps } from '../mail';
import { TEXTS, isLang } from './texts';

/**
 * Counts a wrong password or a wrong two-factor code in one statement, so concurrent attempts
 * all count. An expired lock starts the count again. Returns whether this failure locked the
 * account. Only a full sign-in (clearFailures) resets the count: the right password of a
 * two-factor user does not, or each new password step would give another round of codes.
 */
export async function countFailure(db: Db, config: Config, userId: number): Promise<boolean> {
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

/** After a full sign-in (the password, and the code when one is asked for). */
export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('core.users')
    .set({ failed_logins: 0, locked_until: null })
    .where('id', '=', userId)
    .execute();
}

/**
 * Tells the owner that the account has just been locked: the sign-in page answers a locked
 * account as an unknown one, so this mail is how a real user learns why the right password
 * fails. Sent in the background, so the attempt that locks takes as long as any other failure.
 */
export function mailLockOut(
  deps: MailDeps,
  user: { login: string; email: string; language: string },
): void {
  const t = TEXTS[isLang(user.language) ? user.language : 'es'];
  const message = {
    to: user.email,
    subject: t.lockedMailSubject,
    text: t.lockedMailBody(user.login, deps.config.LOGIN_LOCK_MINUTES),
  };
  sendMail(deps, message).catch((error) =>
    deps.log.warn({ err: error, userLogin: user.login }, 'lock-out mail not sent'),
  );
}
