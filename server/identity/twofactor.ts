import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

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

export type CodeOutcome = 'ok' | 'wrong' | 'exhausted';

/**
 * Checks a code. The right one is used up; a wrong or expired one counts an attempt, and
 * the MAX_CODE_ATTEMPTS-th wrong one (or a missing code) ends the sign-in ('exhausted').
 */
export async function checkLoginCode(db: Db, userId: number, code: string): Promise<CodeOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('core.login_codes')
      .select(['code_hash', 'attempts'])
      .select(sql<boolean>`expires_at > now()`.as('fresh'))
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'exhausted';
    const given = Buffer.from(hashCode(code.trim()), 'hex');
    if (row.fresh && timingSafeEqual(given, Buffer.from(row.code_hash, 'hex'))) {
      await trx.deleteFrom('core.login_codes').where('user_id', '=', userId).execute();
      return 'ok';
    }
    if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) {
      await trx.deleteFrom('core.login_codes').where('user_id', '=', userId).execute();
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
