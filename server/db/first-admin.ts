import { sql } from 'kysely';
import { PRODUCT } from '../../protocol/product';
import { EMAIL } from '../../protocol/resource-validation';
import { ADMIN_RIGHTS } from '../../protocol/roles';
import type { Config } from '../config';
import { hashPassword } from '../identity/index';
import type { Db } from './database';
import { isUniqueViolation } from './errors';
import { isTopAdminSql } from './user-roles-sql';
import { insertCompany, randomPassword, SEED_LOCK } from './seed';

export interface FirstAdmin {
  company: string;
  login: string;
  email: string;
}

/** Why the first administrator was not created, in a sentence for the operator. */
export class FirstAdminRefusal extends Error {}

function check({ company, login, email }: FirstAdmin): void {
  const problems = [
    !company.trim() && 'a company name (--company)',
    !login.trim() && 'a login (--login)',
    !EMAIL.test(email) && 'an e-mail address (--email)',
  ].filter(Boolean);
  if (problems.length > 0) throw new FirstAdminRefusal(`Give ${problems.join(', ')}.`);
}

/**
 * A database without the demo (DEMO_SEED=false) has nobody to sign in as: this creates the
 * company, its top administrator and this server's system environment, once. Returns what it
 * created, with the top administrator's password, random and shown once; refused when a top
 * administrator exists.
 */
export async function createFirstAdmin(
  db: Db,
  config: Config,
  given: FirstAdmin,
): Promise<FirstAdmin & { password: string }> {
  check(given);
  const created = { company: given.company.trim(), login: given.login.trim(), email: given.email };
  const password = randomPassword();
  const hash = await hashPassword(password);
  try {
    await db.transaction().execute(async (trx) => {
      // The demo seed's lock: a node seeding the demo and this never interleave.
      await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
      const top = await trx
        .selectFrom('core.users')
        .select('login')
        .where(isTopAdminSql('role'))
        .executeTakeFirst();
      if (top) {
        throw new FirstAdminRefusal(
          `This database already has a top administrator (${top.login}): sign in as it to add companies and administrators.`,
        );
      }
      const { companyId } = await insertCompany(trx, config, created.company);
      await trx
        .insertInto('core.users')
        .values({
          company_id: companyId,
          login: created.login,
          email: created.email,
          password_hash: hash,
          role: PRODUCT,
          rights: ADMIN_RIGHTS,
        })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_login_key'))
      throw new FirstAdminRefusal(`The login ${created.login} is taken.`);
    if (isUniqueViolation(error, 'companies_name_key'))
      throw new FirstAdminRefusal(`A company named ${created.company} exists.`);
    throw error;
  }
  return { ...created, password };
}
