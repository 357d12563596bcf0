import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { clearFailures, countFailure } from './lockout';

export const CODE_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** Creates the user's sign-in code (replacing any earlier one) and returns it for the mail. */
export async function createLoginCode(db: Db, userId: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    code_hash: hashCode(code),
    expires_at: sql<Date>`now() + make_interval(mins => ${CODE_MINUTES})`,
    attempts: 0,
  };
  await db
    .insertInto('core.login_codes')
    .values({ user_id: userId, ...row })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
    .execute();
  return code;
}

/**
 * 'exhausted': MAX_CODE_ATTEMPTS wrong codes (or no code) end this sign-in; 'locked': the
 * account is locked, so no code is checked; 'lockedNow': this wrong code locked it.
 */
export type CodeOutcome = 'ok' | 'wrong' | 'exhausted' | 'locked' | 'lockedNow';

/**
 * Checks a code. The right one is used up and completes the sign-in (the account's failure
 * count starts again); a wrong or expired one counts an attempt of this sign-in and a failure of
 * the account, like a wrong password. The code's row stays locked for the whole check, so one
 * user's concurrent attempts are checked one after the other and all count.
 */
export async function checkLoginCode(
  db: Db,
  config: Config,
  userId: number,
  code: string,
  /** From a browser where the user has signed in before: the lock-out is not for it. */
  known = false,
): Promise<CodeOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('core.login_codes as c')
      .innerJoin('core.users as u', 'u.id', 'c.user_id')
      .select(['c.code_hash', 'c.attempts'])
      .select(sql<boolean>`c.expires_at > now()`.as('fresh'))
      .select(sql<boolean>`coalesce(u.locked_until > now(), false)`.as('locked'))
      .where('c.user_id', '=', userId)
      .forUpdate('c')
      .executeTakeFirst();
    if (!row) return 'exhausted';
    const useUp = () => trx.deleteFrom('core.login_codes').where('user_id', '=', userId).execute();
    if (row.locked && !known) {
      await useUp();
      return 'locked';
    }
    const given = Buffer.from(hashCode(code.trim()), 'hex');
    if (row.fresh && timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
      await useUp();
      await clearFailures(trx, userId);
      return 'ok';
    }
    if (!known && (await countFailure(trx, config, userId))) {
      await useUp();
      return 'lockedNow';
    }
    if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) {
      await useUp();
      return 'exhausted';
    }
    await trx
      .updateTable('core.login_codes')
      .set({ attempts: row.attempts + 1 })
      .where('user_id', '=', userId)
      .execute();
    return 'wrong';
  });
}
